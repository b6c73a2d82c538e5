import Foundation

/// The dashboard kept as the store is while it is on screen.
extension DashboardModel {
    /// Reloads whenever another process changes the store (a one-shot command, `watch`, a sync),
    /// at once, also when it changed after the last load began, and when the minute turns (what is
    /// overdue or due today moves on), until the task running it is cancelled. The selection stays
    /// on its card and no card is renumbered.
    package func followStoreChanges() async {
        while !Task.isCancelled {
            let seconds = environment.now().timeIntervalSince1970
            _ = await storeWatch.waitForChange(loadedVersion, max(0.05, 60 - seconds.truncatingRemainder(dividingBy: 60)))
            if Task.isCancelled { return }
            await load()
        }
    }
}
