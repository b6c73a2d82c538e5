import ArgumentParser
import Foundation
import Shared

/// The options every command shares: which store to use.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The store file to use instead of the default.", valueName: "path"))
    var db: String?

    /// Opens the chosen store (this command's `--db`, else the one given before the command name),
    /// or prints one line saying why it cannot and exits with status 1. A `TZ` that cannot be used
    /// as written is said here, once.
    func openCore(before parent: StoreOptions) async -> MemossCore {
        let processEnvironment = ProcessInfo.processInfo.environment
        let (environment, notice) = MemossCore.liveEnvironment(processEnvironment: processEnvironment)
        if let notice { Terminal.warn(notice) }
        do {
            return try await MemossCore.open(
                explicitPath: db ?? parent.db, processEnvironment: processEnvironment, environment: environment
            )
        } catch {
            Terminal.fail(ErrorMessage.describe(error))
        }
    }
}
