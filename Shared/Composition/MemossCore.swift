@_exported import Domain
import Foundation
@_exported import ICalendar
@_exported import Presentation
import Storage
@_exported import UseCases

/// The shared core put together over one store: its use cases and the view-models built on them.
///
/// Fronts open it, then only talk to what it hands out; they never see the storage engine.
package struct MemossCore: Sendable {
    /// The store file, `nil` for a store in memory.
    package let storePath: String?
    /// The clock, ids and zone everything here uses.
    package let environment: AppEnvironment
    private let repository: GRDBReminderRepository
    private let tagRepository: GRDBTagRepository
    private let listRepository: GRDBListRepository
    private let center: GRDBNotificationRepository
    private let journal: GRDBJournalRepository
    /// The store (for the compositions of other parts, such as sync).
    package let database: AppDatabase
    private let deliveryLock: DeliveryLock?
    private let storeChanges: LazyStoreChanges
    /// Where replans after a change wait for the screen to draw it, `nil` to replan before the change returns.
    private var replans: ReplanQueue?

    /// The core over an already open store.
    package init(database: AppDatabase, storePath: String?, environment: AppEnvironment) {
        self.storePath = storePath
        self.environment = environment
        self.repository = GRDBReminderRepository(database: database)
        self.tagRepository = GRDBTagRepository(database: database)
        self.listRepository = GRDBListRepository(database: database)
        self.center = GRDBNotificationRepository(database: database)
        self.journal = GRDBJournalRepository(database: database)
        self.database = database
        self.deliveryLock = storePath.map(DeliveryLock.init(storePath:))
        self.storeChanges = LazyStoreChanges(storePath: storePath, clockFile: environment.clockFile)
    }

    /// Opens the store the user chose: `explicitPath` (`--db`), else `MEMOSS_DB`, else the
    /// default file under `$XDG_DATA_HOME` (see `StoreLocation`), creating it when missing.
    /// A store's first opening gives it the default tags. Opening writes only when something must
    /// change (a migration, the first seeding, a notification plan left stale).
    /// `onCallingThread`: reads and writes on the calling thread, for a front that does one thing
    /// at a time (see `AppDatabase`).
    package static func open(
        explicitPath: String?, processEnvironment: [String: String], environment: AppEnvironment,
        onCallingThread: Bool = false
    ) async throws -> MemossCore {
        let path = StoreLocation.resolve(explicitPath: explicitPath, environment: processEnvironment)
        let core = MemossCore(database: try AppDatabase.open(at: path, onCallingThread: onCallingThread),
                              storePath: path, environment: environment)
        _ = try await core.seedDefaultTags()
        // A replan that failed or was killed after its change was stored is finished here; if the
        // store is busy now, the next opening tries again.
        try? await core.planNotifications.catchUpIfStale()
        return core
    }

    /// What a shell's completion offers from the store the user chose (as `open` finds it): its tag
    /// and list names and how many reminders its last listing numbered; read-only, nothing when
    /// there is no store.
    package static func completionWords(explicitPath: String?, processEnvironment: [String: String])
        -> (tagNames: [String], listNames: [String], listed: Int)
    {
        StoreGlance.completionWords(at: StoreLocation.resolve(explicitPath: explicitPath, environment: processEnvironment))
    }

    /// The real clock (or the one `MEMOSS_CLOCK` sets: see `SetClock`), new ids and the user's zone
    /// read from `TZ` as the C library reads it, with the sentence to say once when `TZ` or
    /// `MEMOSS_CLOCK` could not be used as written.
    package static func liveEnvironment(processEnvironment: [String: String]) -> (AppEnvironment, timeZoneNotice: String?) {
        let zone = UserTimeZone(processEnvironment: processEnvironment)
        var environment = AppEnvironment.live(timeZone: zone.timeZone)
        var notices = [zone.problem?.message].compactMap { $0 }
        if let setting = processEnvironment[SetClock.variable] {
            if let clock = SetClock(setting) {
                environment.now = clock.now
                environment.clockFile = clock.file
            } else {
                notices.append("\(SetClock.variable)=\"\(VisibleText.escaped(setting))\" is not an instant such as 2026-11-20T14:00:00Z "
                    + "(with + to let it run, or @FILE); using the system's clock.")
            }
        }
        return (environment, notices.isEmpty ? nil : notices.joined(separator: " "))
    }

    /// The settings the user sets once.
    package var settingRepository: GRDBSettingRepository { GRDBSettingRepository(database: database) }

    /// Called as a process that may have written ends: keeps the store's WAL from growing across
    /// commands (see `AppDatabase.foldWAL`).
    package func finish() { database.foldWAL() }

    /// A new, empty store in memory.
    package static func inMemory(environment: AppEnvironment) throws -> MemossCore {
        MemossCore(database: try AppDatabase.inMemory(), storePath: nil, environment: environment)
    }

    /// Creates reminders.
    package var createReminder: CreateReminderUseCase {
        .init(repository: repository, environment: environment, plan: planNotifications)
    }
    /// Changes reminders.
    package var updateReminder: UpdateReminderUseCase {
        .init(repository: repository, environment: environment, plan: planNotifications)
    }
    /// Deletes reminders.
    package var deleteReminder: DeleteReminderUseCase {
        .init(repository: repository, environment: environment, plan: planNotifications)
    }
    /// Completes reminders.
    package var completeReminders: CompleteRemindersUseCase {
        .init(repository: repository, environment: environment, plan: planNotifications)
    }
    /// Reopens done reminders.
    package var reopenReminders: ReopenRemindersUseCase {
        .init(repository: repository, environment: environment, plan: planNotifications)
    }
    /// The settings the user sets once.
    package var changeSetting: ChangeSettingUseCase {
        .init(settings: settingRepository, environment: environment, plan: planNotifications)
    }
    /// Sets reminders to do, in progress or cancelled.
    package var changeStatus: ChangeStatusUseCase {
        .init(repository: repository, environment: environment, plan: planNotifications)
    }
    /// Completes an open reminder or reopens a done one (a card's checkbox).
    package var toggleCompletion: ToggleCompletionUseCase {
        .init(repository: repository, complete: completeReminders, reopen: reopenReminders)
    }
    /// Undoes the last command.
    package var undo: UndoUseCase { .init(journal: journal, reminders: repository, plan: planNotifications) }
    /// Redoes what undo took back.
    package var redo: RedoUseCase { .init(journal: journal, plan: planNotifications) }
    /// Reads and sizes the undo journal.
    package var listJournal: ListJournalUseCase { .init(journal: journal) }
    /// Which reminders changed since a store revision (for a sync).
    package func changedReminders(since revision: Int64) async throws -> (ids: Set<UUID>, revision: Int64) {
        try await journal.changedReminders(since: revision)
    }
    /// Remembers the order the last listing numbered reminders in.
    package var saveListing: SaveListingUseCase { .init(repository: repository) }
    /// Removes today's one-time reminders.
    package var resetToday: ResetTodayUseCase {
        .init(repository: repository, environment: environment, plan: planNotifications)
    }
    /// Rebuilds the pending notifications.
    package var planNotifications: PlanNotificationsUseCase {
        .init(reminders: repository, center: center, settings: settingRepository, environment: environment, later: replans)
    }

    /// This core, replanning notifications after a change only once the screen has drawn it
    /// (`changesDrawn`), one replan at a time; `replansFinished` runs and waits for what is left.
    package func replanningAfterChanges() -> MemossCore {
        var core = self
        core.replans = ReplanQueue()
        return core
    }

    /// The screen has drawn what changed: the replans the changes asked for start.
    package func changesDrawn() async {
        await replans?.start()
    }

    /// Runs the replans still waiting and waits for them all to end.
    package func replansFinished() async {
        await replans?.drain()
    }
    /// Delivers what is due.
    package var deliverDueNotifications: DeliverDueNotificationsUseCase {
        .init(center: center, plan: planNotifications, environment: environment, lock: deliveryLock)
    }
    /// Delivers what is due and keeps this store's delivery until the process ends (`watch`);
    /// when another process has it, shows what is due and takes over once it is free.
    package var deliverDueNotificationsAsWatcher: DeliverDueNotificationsUseCase {
        .init(center: center, plan: planNotifications, environment: environment, lock: deliveryLock, keepsLock: true)
    }
    /// Waits until another process changes the store, or `timeout` passes (on time alone for a
    /// store in memory, or where file notifications are not available); true when it changed.
    /// This process's own writes (a delivery, a replan) do not count.
    package func waitForChange(timeout: TimeInterval) async -> Bool {
        await waitForChange(since: storeVersion(), timeout: timeout)
    }

    /// The store's version as this process sees it (SQLite's `data_version`: it changes when
    /// another connection commits); `nil` for a store in memory or where changes cannot be watched.
    package func storeVersion() -> Int? {
        guard storeChanges.value != nil else { return nil }
        return try? database.dataVersion()
    }

    /// Waits until another process has changed the store since `version` (`storeVersion()`) was
    /// read, or `timeout` passes; true when it changed (at once when it already has).
    package func waitForChange(since version: Int?, timeout: TimeInterval) async -> Bool {
        guard let changes = storeChanges.value, let version else {
            try? await Task.sleep(for: .milliseconds(Int64(max(0, timeout) * 1_000)))
            return false
        }
        if (try? database.dataVersion()) != version { return true }
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            let woken = await changes.wait(timeout: deadline.timeIntervalSinceNow)
            guard woken.changed else { return false }
            if woken.nudged || (try? database.dataVersion()) != version { return true }
        }
        return false
    }

    /// The longest wait for the next notification between two looks at the wall clock.
    package static let longestWait: TimeInterval = 60

    /// Waits until the next notification is due or `deadline` (a hair past it, at most `longestWait`) or another
    /// process changes the store (a reminder added or moved), whichever comes first. The wait is on
    /// the wall clock, so a machine that slept or a clock that was set is caught up at once.
    /// - Throws: `StoreError` when the next notification cannot be read.
    package func waitForNextNotificationOrChange(orUntil deadline: Date? = nil) async throws {
        let next = [try await nextNotification()?.fireAt, deadline].compactMap { $0 }.min()
        let wait = next.map { min(max(0, $0.timeIntervalSince(environment.now())) + 0.02, Self.longestWait) }
        _ = await waitForChange(timeout: wait ?? Self.longestWait)
    }

    /// Ends a `waitForChange` of this process at once: this process changed the store (a command
    /// at the prompt) and a waiter should look again.
    package func nudgeWaiters() { storeChanges.value?.nudge() }
    /// Says when the next notification is due.
    package var nextNotification: NextNotificationUseCase { .init(center: center) }
    /// Lists pending and delivered notifications.
    package var listNotifications: ListNotificationsUseCase { .init(center: center) }
    /// Completes a reminder from its notification.
    package var completeFromNotification: CompleteFromNotificationUseCase {
        .init(reminders: repository, center: center, toggleCompletion: toggleCompletion, environment: environment)
    }
    /// Numbers notifications, and finds the one a number names.
    package var numberNotifications: NumberNotificationsUseCase { .init(center: center) }
    /// Snoozes a notification.
    package var snoozeNotification: SnoozeNotificationUseCase { .init(center: center, environment: environment) }
    /// Dismisses a notification.
    package var dismissNotification: DismissNotificationUseCase { .init(center: center, environment: environment) }
    /// Reads the dashboard.
    package var loadDashboard: LoadDashboardUseCase { .init(repository: repository, environment: environment) }
    /// `export` in any of its formats.
    package var exportModel: ExportModel {
        ExportModel(loadDashboard: loadDashboard, lists: lists, environment: environment, product: "Memoss \(MemossVersion.current)")
    }
    /// Finds a reminder by listed number or id prefix.
    package var resolveReminder: ResolveReminderUseCase { .init(repository: repository, loadDashboard: loadDashboard) }
    /// Previews a reminder's next occurrences.
    package var previewOccurrences: PreviewOccurrencesUseCase { .init(repository: repository) }
    /// Reads one reminder in full.
    package var showReminder: ShowReminderUseCase { .init(repository: repository, environment: environment) }
    /// Reads a day's history.
    package var loadDayHistory: LoadDayHistoryUseCase { .init(repository: repository, environment: environment) }

    /// The lists: shown, found, created, renamed, recoloured, removed.
    package var lists: ListsUseCase { .init(repository: listRepository, environment: environment) }
    /// Lists tags.
    package var listTags: ListTagsUseCase { .init(repository: tagRepository) }
    /// Creates tags.
    package var createTag: CreateTagUseCase { .init(repository: tagRepository, environment: environment) }
    /// Finds a tag by name.
    package var findTag: FindTagUseCase { .init(repository: tagRepository) }
    /// Renames tags.
    package var renameTag: RenameTagUseCase { .init(repository: tagRepository, environment: environment) }
    /// Recolours tags.
    package var recolorTag: RecolorTagUseCase { .init(repository: tagRepository, environment: environment) }
    /// Deletes tags.
    package var deleteTag: DeleteTagUseCase { .init(repository: tagRepository, environment: environment) }
    /// Seeds the default tags on a store's first use.
    package var seedDefaultTags: SeedDefaultTagsUseCase { .init(repository: tagRepository, environment: environment) }

    /// The saved views.
    private var savedViewRepository: GRDBSavedViewRepository { GRDBSavedViewRepository(database: database) }

    /// The query language over this store: queries read into filters, views saved and removed.
    package var queryModel: QueryModel {
        QueryModel(environment: environment, listTags: listTags, lists: lists, listViews: ListViewsUseCase(repository: savedViewRepository),
                   saveView: SaveViewUseCase(repository: savedViewRepository, environment: environment),
                   deleteView: DeleteViewUseCase(repository: savedViewRepository, environment: environment))
    }

    /// Which of `ids` `filter` selects (read in the store).
    package func reminderIDs(_ ids: [UUID], matching filter: ReminderFilter) async throws -> Set<UUID> {
        try await repository.reminderIDs(ids, matching: filter)
    }

    /// A dashboard view-model over this store. `keepsListing`: the numbers its cards carry are
    /// kept in the store as the last listing (a full screen's, as `list` keeps its own).
    @MainActor package func dashboardModel(keepsListing: Bool = false) -> DashboardModel {
        DashboardModel(environment: environment, loadDashboard: loadDashboard,
                       toggleCompletion: toggleCompletion, resetToday: resetToday, lists: lists, deleteReminder: deleteReminder,
                       undo: undo, redo: redo, saveListing: keepsListing ? saveListing : nil,
                       storeWatch: StoreWatch(version: { self.storeVersion() },
                                              waitForChange: { await self.waitForChange(since: $0, timeout: $1) }))
    }

    /// The notifications that fall due while a screen is open, and the answers to them.
    @MainActor package func dueNotificationModel() -> DueNotificationModel {
        DueNotificationModel(environment: environment, deliverDue: deliverDueNotifications,
                             completeFromNotification: completeFromNotification, snooze: snoozeNotification, dismiss: dismissNotification,
                             waitForNextOrChange: { try? await self.waitForNextNotificationOrChange() })
    }

    /// What a prompt delivers between its commands: nothing until something falls due or the store
    /// changes.
    package func promptDelivery() -> PromptDelivery {
        PromptDelivery(deliver: deliverDueNotifications, environment: environment, version: { try? database.dataVersion() })
    }

    /// The tag and list names a prompt's Tab offers, read when first asked and again once the
    /// store changed.
    package func promptWords() -> PromptWords {
        PromptWords(read: { try database.completionNames() }, version: { storeVersion() })
    }

    /// Every tag to choose from, `selectedIDs` chosen, with creation inline.
    @MainActor package func tagPickerModel(selectedIDs: Set<UUID> = []) -> TagPickerModel {
        TagPickerModel(selectedIDs: selectedIDs, listTags: listTags, createTag: createTag)
    }

    /// The notification centre as a list.
    @MainActor package func notificationListModel() -> NotificationListModel {
        NotificationListModel(environment: environment, listNotifications: listNotifications)
    }

    /// An import of CSV rows laid out as `header`, written in one transaction at `finish`.
    @MainActor package func importModel(header: ImportModel.Header, allowPast: Bool, dateOrder: TypedInput.DateOrder? = nil,
                                        list: String? = nil, source: String) -> ImportModel {
        let importer = ImportRemindersUseCase(database: database, source: source, environment: environment,
                                                  plan: planNotifications)
        return ImportModel(header: header, allowPast: allowPast, dateOrder: dateOrder, environment: environment, importer: importer,
                           list: list)
    }

    /// The add form, starting with what `start` gives and the alarms the store's `alarms` setting
    /// gives a new reminder.
    @MainActor package func addForm(start: ReminderFormModel.Start = .init()) async throws -> ReminderFormModel {
        var start = start
        start.alarms = try await changeSetting.current().newAlarms
        return formModel(.add, start: start)
    }

    /// An add (`.add`, starting with what `start` gives) or edit (`.edit(reminder)`) form over this store.
    @MainActor package func formModel(_ mode: ReminderFormModel.Mode, start: ReminderFormModel.Start = .init()) -> ReminderFormModel {
        ReminderFormModel(mode: mode, start: start, environment: environment, createReminder: createReminder,
                          updateReminder: updateReminder, deleteReminder: deleteReminder,
                          listTags: listTags, createTag: createTag, lists: lists)
    }
}

/// The store's `StoreChanges`, made the first time a waiter or a nudge needs it: only `watch` and
/// the REPL wait for changes, and an inotify instance slows every other command's end (the
/// kernel's teardown of a closed instance).
private final class LazyStoreChanges: @unchecked Sendable {
    private let storePath: String?
    private let clockFile: String?
    private let lock = NSLock()
    private var changes: StoreChanges??

    init(storePath: String?, clockFile: String?) {
        self.storePath = storePath
        self.clockFile = clockFile
    }

    /// The watcher, `nil` for a store in memory or where the system cannot watch.
    var value: StoreChanges? {
        lock.withLock {
            if let changes { return changes }
            let made = storePath.flatMap { StoreChanges(storePath: $0, clockFile: clockFile) }
            changes = .some(made)
            return made
        }
    }
}
