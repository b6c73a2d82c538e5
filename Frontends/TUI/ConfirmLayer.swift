import Shared

/// A question before a destructive step, as the view-model asks it: its title, what it is about,
/// its message, and the two answers (y or Enter goes ahead, n or Esc backs out).
@MainActor
final class ConfirmLayer: Layer {
    private let confirmation: Confirmation
    private let cards: [DashboardModel.Card]
    private let confirm: () async -> Void
    private let cancel: () -> Void
    /// Whether the answer that goes ahead is the one Enter gives.
    private var confirmFocused: Bool
    /// Closed once answered.
    private(set) var isClosed = false

    /// A question about `cards` (listed under its title); Enter goes ahead unless `safeDefault`.
    init(_ confirmation: Confirmation, cards: [DashboardModel.Card] = [], safeDefault: Bool = false,
         confirm: @escaping () async -> Void, cancel: @escaping () -> Void) {
        self.confirmation = confirmation
        self.cards = cards
        self.confirm = confirm
        self.cancel = cancel
        confirmFocused = !safeDefault
    }

    func draw(on terminal: Terminal) -> (row: Int, column: Int)? {
        let listed = min(cards.count, max(0, terminal.rows - 14))
        let more = cards.count > listed ? 1 : 0
        let lines = 1 + 2 + listed + more + (cards.isEmpty ? 0 : 1) + 2
        let width = max(50, min(terminal.columns - 4, max(Columns.width(confirmation.title), Columns.width(confirmation.message)) + 8))
        let box = Box(on: terminal, width: width, height: lines + 3, title: "Confirm")
        var line = 1
        terminal.put(box.row(line), box.inner, confirmation.title, .bold, room: box.room)
        line += 2
        for card in cards.prefix(listed) {
            terminal.put(box.row(line), box.inner + 2, "• " + Columns.visible(card.title) + "  " + card.timeText, .plain, room: box.room - 2)
            line += 1
        }
        if more > 0 {
            terminal.put(box.row(line), box.inner + 2, "and \(cards.count - listed) more", .dim)
            line += 1
        }
        if !cards.isEmpty { line += 1 }
        terminal.put(box.row(line), box.inner, confirmation.message, .dim, room: box.room)
        line += 2
        let column = terminal.put(box.row(line), box.inner, "[ y  \(confirmation.confirmLabel) ]",
                                  Look(bold: true, reverse: confirmFocused, color: Palette.alert))
        terminal.put(box.row(line), column + 2, "[ n  \(confirmation.cancelLabel) ]", Look(reverse: !confirmFocused))
        return nil
    }

    func handle(_ key: Key, on screen: Screen) async {
        switch key {
        case .char("y"), .char("Y"): await answer(true)
        case .char("n"), .char("N"), .escape, .char("q"): await answer(false)
        case .enter: await answer(confirmFocused)
        case .left, .right, .tab, .backTab, .char("h"), .char("l"): confirmFocused.toggle()
        default: break
        }
    }

    private func answer(_ goAhead: Bool) async {
        isClosed = true
        if goAhead { await confirm() } else { cancel() }
    }
}
