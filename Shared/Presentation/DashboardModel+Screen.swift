import Domain
import Foundation

/// The dashboard as a full screen lists it: rows, numbers that stay put, and a selection.
extension DashboardModel {
    /// One row of the screen.
    package enum Row: Hashable, Sendable {
        /// A section begins: "To Do" or "Completed", and how many cards it holds.
        case section(title: String, total: Int)
        /// A group of To Do begins: "Overdue", "Today", "Upcoming".
        case group(String)
        /// A card and the number it keeps until the view changes.
        case card(Card, number: Int)
        /// A line about the section: "Nothing to do.", "and 980 more: keep scrolling".
        case note(String)
    }

    /// The numbers cards carry: given in screen order when the view is set up (filter, search),
    /// kept by each card while it stays, and a new number after the others for a card that
    /// comes later (another process added it): what is on screen is never renumbered.
    struct Numbering {
        /// The reminders' ids in number order (number 1 first), as the listing is kept.
        private(set) var ids: [UUID] = []
        private(set) var numbers: [CardKey: Int] = [:]

        /// The number of the card `key`, giving it the next one when it has none.
        mutating func number(_ key: CardKey) -> Int {
            if let number = numbers[key] { return number }
            ids.append(key.pastOccurrence == nil ? key.id : ListingEntry.completedTime(of: key.id))
            numbers[key] = ids.count
            return ids.count
        }
    }

    /// The number the card `key` carries, `nil` when it is not on screen.
    package func number(of key: CardKey) -> Int? {
        keyIndex[key] == nil ? nil : numbering.numbers[key]
    }

    /// The selected card, `nil` when there are none.
    package var selectedCard: Card? {
        guard let selected, let index = keyIndex[selected] else { return nil }
        return cardsInOrder[safe: index]
    }

    /// Where the selected card is among the cards (from 0), `nil` when there are none.
    package var selectedPosition: Int? { selected.flatMap { keyIndex[$0] } }

    /// The row the selected card is on, `nil` when there are none.
    package var selectedRow: Int? {
        guard let selected else { return nil }
        return rows.firstIndex { if case .card(let card, _) = $0 { card.key == selected } else { false } }
    }

    private var cardsInOrder: [Card] { sections.flatMap(\.cards) }

    /// How many To Do cards the store holds that were not read (beyond `window`).
    package var unreadToDo: Int {
        guard let toDo = sections.first(where: { !$0.isDone }) else { return 0 }
        return toDo.total - toDo.cards.count
    }

    /// Numbers the cards, lays out the rows, keeps the selection and stores the listing when its
    /// numbers changed.
    func arrange() async {
        let before = numbering.ids
        var rows: [Row] = [], keys: [CardKey] = [], gaps: [Gap] = []
        for section in sections {
            rows.append(.section(title: section.title, total: section.total))
            var group: String?
            let hiddenAt = section.moreText == nil ? nil : section.hiddenAt ?? section.cards.count
            for (index, card) in section.cards.enumerated() {
                if index == hiddenAt, let more = section.moreText {
                    rows.append(.note(more))
                    if section.windowed { gaps.append(Gap(at: keys.count, tailRead: section.cards.count - index)) }
                    // The cards after the gap repeat their group's heading.
                    group = nil
                }
                if let heading = card.urgency.heading, heading != group {
                    group = heading
                    rows.append(.group(heading))
                }
                keys.append(card.key)
                rows.append(.card(card, number: numbering.number(card.key)))
            }
            if section.cards.isEmpty { rows.append(.note(section.emptyText)) }
            if hiddenAt == section.cards.count, let more = section.moreText {
                rows.append(.note(more))
                if section.windowed { gaps.append(Gap(at: keys.count, tailRead: 0)) }
            }
        }
        // The numbers are stored before they are shown, so what another shell's `done 3` reads is
        // never behind the screen. Once the screen's numbering is kept, the cards numbered after
        // are added to the stored listing only while it is this screen's: after a `list` in
        // another shell, that listing's numbers are the store's (Ctrl-L or another view stores the
        // screen's again).
        if let saveListing {
            do {
                switch listing {
                case .kept(let token, let behind) where numbering.ids != before || behind:
                    if try await saveListing(numbering.ids, .extending(token)) != nil {
                        listing = .kept(token, behind: false)
                    } else {
                        // Still its own (another program was writing): tried again at the next load.
                        listing = try await saveListing.token() == token ? .kept(token, behind: true) : .givenUp
                    }
                case .kept, .givenUp:
                    break
                case .fresh, .notYet:
                    // Whole, over the listing stored when this numbering began (a store busy with
                    // another program's write keeps nothing: tried again at the next change, until
                    // another program lists).
                    let over: ListingToken?
                    if case .notYet(let first) = listing { over = first } else { over = try await saveListing.token() }
                    if let token = try await saveListing(numbering.ids, .replacing(over)) {
                        listing = .kept(token, behind: false)
                    } else {
                        listing = try await saveListing.token() == over ? .notYet(over: over) : .givenUp
                    }
                }
            } catch {
                self.error = ErrorMessage.describe(error)
            }
        }
        self.keys = keys
        self.gaps = gaps
        keyIndex = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        self.rows = rows
        if let anchor {
            self.anchor = nil
            selected = keys[safe: min(anchor, keys.count - 1)]
        } else if let selected, keyIndex[selected] != nil {
            // The card is still here: the selection stays on it.
        } else {
            selected = keys[safe: min(selectedIndex, keys.count - 1)]
        }
        selectedIndex = selectedPosition ?? 0
    }

    /// Where cards of a section are not read: before the card at `at` among the cards in screen
    /// order (or, at a section's end, before the next section's first), with `tailRead` of the
    /// section's last cards read after it.
    struct Gap {
        /// Where it is among the cards in screen order.
        let at: Int
        /// How many of the section's last cards are read after it.
        let tailRead: Int
    }

    /// Starts numbering from 1 again at the next load (the view changed) and selects the first card.
    func renumber() {
        tail = 0
        numbering = Numbering()
        listing = .fresh
        selected = nil
        selectedIndex = 0
        anchor = nil
    }

    /// The user moved the selection `delta` cards down (up when negative), stopping at the ends.
    /// Near the last To Do card read, the next ones are read first.
    package func moveSelection(by delta: Int) async {
        guard !keys.isEmpty else { return }
        let from = selectedPosition ?? 0
        let target = from + delta
        if let window {
            // Down near cards not read: more of the first ones; up near them from the last ones
            // read (after `G`): more of the last ones.
            if delta > 0, gaps.contains(where: { from < $0.at && target >= $0.at - Self.readAhead }) {
                self.window = max(window * 2, target + Self.readAhead)
                await load()
            } else if delta < 0, let gap = gaps.first(where: { $0.tailRead > 0 && from >= $0.at && target < $0.at + Self.readAhead }) {
                tail = max(tail * 2, gap.tailRead + gap.at - target + Self.readAhead)
                await load()
            }
        }
        // Cards read above the selection moved it down: the move counts from where it is now.
        let start = selectedPosition ?? from
        selected = keys[max(0, min(start + delta, keys.count - 1))]
        selectedIndex = selectedPosition ?? 0
    }

    /// How close to the last To Do card read the selection may come before more are read.
    static let readAhead = 50

    /// The user went to the first card.
    package func selectFirst() {
        selected = keys.first
        selectedIndex = 0
    }

    /// The user went to the last card. The last cards of each section not read through are read
    /// from its end, by position, not through those before them (with a search, which reads every
    /// reminder anyway, every match is kept).
    package func selectLast() async {
        if let window, !gaps.isEmpty, tail == 0 || !search.isEmpty {
            if search.isEmpty { tail = window } else { self.window = nil }
            await load()
        }
        selected = keys.last
        selectedIndex = max(0, keys.count - 1)
    }

    /// The user picked the card `key` (a click).
    package func select(_ key: CardKey) {
        guard let index = keyIndex[key] else { return }
        selected = key
        selectedIndex = index
    }
}

extension Array {
    /// The element at `index`, `nil` outside the array.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
