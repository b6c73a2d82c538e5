import Foundation
import Observation

/// One thing on screen that takes the keys while it is on top: the dashboard, the edit sheet, a
/// picker, a question.
@MainActor
protocol Layer: AnyObject {
    /// Whether it is done and goes away.
    var isClosed: Bool { get }
    /// Draws it over what is below; returns where the cursor goes (a field being typed in), if anywhere.
    func draw(on terminal: Terminal) -> (row: Int, column: Int)?
    /// Does what `key` means here.
    func handle(_ key: Key, on screen: Screen) async
}

/// The full screen: layers drawn bottom to top, each frame drawn again whenever a key is typed, a
/// view-model it shows changes (another process wrote the store, a notification fell due) or the
/// terminal is resized.
@MainActor
final class Screen {
    /// The terminal drawn on.
    let terminal: Terminal
    /// What the loop waits on between frames.
    let wakeup: Wakeup
    private var layers: [Layer] = []
    /// Whether the user asked to leave.
    private(set) var isQuitting = false
    /// Called after each frame is drawn.
    private let drawn: @MainActor () -> Void

    /// A screen on `terminal`, woken by `wakeup`, calling `drawn` after each frame.
    init(terminal: Terminal, wakeup: Wakeup, drawn: @escaping @MainActor () -> Void = {}) {
        self.terminal = terminal
        self.wakeup = wakeup
        self.drawn = drawn
    }

    /// Leaves the program once the current key is handled.
    func quit() { isQuitting = true }

    /// Shows `layer` over the others and runs the keys until it closes (or the user quits).
    func present(_ layer: Layer) async {
        layers.append(layer)
        defer { layers.removeAll { $0 === layer } }
        while !layer.isClosed, !isQuitting {
            draw()
            let event = await wakeup.wait(timeout: 60)
            if event.resized { terminal.refreshSize() }
            while !layer.isClosed, !isQuitting, let key = terminal.nextKey() {
                if key == .resize { continue }
                if key == .control("z") {
                    terminal.suspend()
                    continue
                }
                if key == .control("l") { terminal.refreshSize() }
                await layers.last?.handle(key, on: self)
            }
        }
    }

    /// Draws every layer, and wakes the loop when anything drawn changes.
    func draw() {
        withObservationTracking {
            terminal.erase()
            var cursor: (row: Int, column: Int)?
            if terminal.rows < 10 || terminal.columns < 40 {
                terminal.put(0, 0, "Make the terminal larger (at least 80×24).", .bold)
            } else {
                for layer in layers { cursor = layer.draw(on: terminal) }
            }
            terminal.show(cursor: cursor)
        } onChange: { [wakeup] in
            wakeup.wake()
        }
        drawn()
    }
}
