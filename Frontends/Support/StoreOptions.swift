import ArgumentParser
import Foundation
import Shared

/// The option every command shares: which store to use.
package struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The store file to use instead of the default.", valueName: "path"))
    package var db: String?

    package init() {}

    /// Opens the chosen store (this command's `--db`, else `parent`'s, the one given before the
    /// command name), after saying once on standard error what is wrong with `TZ`, if anything.
    /// `onCallingThread`: the store read and written on the calling thread, for a front that does one
    /// thing at a time (`AppDatabase`).
    package func openCore(before parent: StoreOptions? = nil, onCallingThread: Bool = false) async throws -> MemossCore {
        let processEnvironment = ProcessInfo.processInfo.environment
        let (environment, notice) = MemossCore.liveEnvironment(processEnvironment: processEnvironment)
        if let notice { Output.warn(notice) }
        return try await MemossCore.open(
            explicitPath: db ?? parent?.db, processEnvironment: processEnvironment, environment: environment,
            onCallingThread: onCallingThread
        )
    }
}
