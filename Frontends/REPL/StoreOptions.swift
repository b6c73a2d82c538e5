import ArgumentParser
import Foundation
import Shared

/// The options every command shares: which store to use.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The store file to use instead of the default.", valueName: "path"))
    var db: String?

    /// Opens the chosen store (this command's `--db`, else the one given before the command name),
    /// or prints one line saying why it cannot and exits with status 1.
    func openCore(before parent: StoreOptions) async -> MemossCore {
        do {
            return try await MemossCore.open(
                explicitPath: db ?? parent.db, processEnvironment: ProcessInfo.processInfo.environment,
                environment: .live
            )
        } catch {
            Terminal.fail(ErrorMessage.describe(error))
        }
    }
}
