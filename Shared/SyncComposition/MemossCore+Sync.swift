@_exported import Shared
import Storage
@_exported import Sync

extension MemossCore {
    /// CalDAV sync accounts, and syncing with them; `processEnvironment` holds password variables
    /// and `XDG_CONFIG_HOME`.
    package func syncAccounts(processEnvironment: [String: String]) -> SyncAccounts {
        let repository = SyncRepository(database: database)
        return SyncAccounts(repository: repository,
                            engine: SyncEngine(repository: repository, environment: environment, plan: planNotifications),
                            environment: environment, processEnvironment: processEnvironment)
    }
}
