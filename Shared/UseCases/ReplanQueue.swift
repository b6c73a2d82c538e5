import Foundation

/// Holds the replans of notifications a long-lived screen's changes ask for until the screen has
/// drawn the change (`start`), then runs them one at a time: what is drawn does not wait for the
/// plan, which no screen shows. Replans asked for before one starts are that one (it reads the
/// store as it is then). Until a replan ends the store says its plan is stale, so one cut short
/// is finished by the next command.
package actor ReplanQueue {
    private var pending: (@Sendable () async -> Void)?
    private var last: Task<Void, Never>?

    /// An empty queue.
    package init() {}

    /// Keeps `replan` to run at the next `start`.
    package func ask(_ replan: @escaping @Sendable () async -> Void) {
        pending = replan
    }

    /// Runs the replan asked for since the last start, if any, after the ones before it.
    package func start() {
        guard let replan = pending else { return }
        pending = nil
        let before = last
        last = Task {
            await before?.value
            await replan()
        }
    }

    /// Runs what was asked for and waits for every replan to end.
    package func drain() async {
        start()
        await last?.value
    }
}
