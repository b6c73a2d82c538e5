@_exported import Shared
import Storage
@_exported import Sync
import SyncCurl

extension MemossCore {
    /// CalDAV sync accounts, and syncing with them; `processEnvironment` holds password variables,
    /// `XDG_CONFIG_HOME` and `MEMOSS_CA_FILE` (certificate authorities to trust instead of the
    /// system's). Requests go through libcurl unless `transport` says otherwise.
    package func syncAccounts(processEnvironment: [String: String], transport: HTTPTransport? = nil,
                              limits: SyncLimits = .standard) -> SyncAccounts {
        let repository = SyncRepository(database: database)
        let caFile = processEnvironment["MEMOSS_CA_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        let engine = SyncEngine(repository: repository, environment: environment, plan: planNotifications,
                                transport: transport ?? .curl(caFile: caFile), limits: limits)
        return SyncAccounts(repository: repository, engine: engine, environment: environment, processEnvironment: processEnvironment)
    }
}
