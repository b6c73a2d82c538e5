import Foundation
import Synchronization

/// A reminder's zone by its identifier, the last one looked up kept: a listing asks for the
/// zone of every reminder it reads, mostly the same one, and Foundation's own look-up (a lock,
/// a dictionary keyed by the name, a zone made from it) cost as much as writing the card.
enum ZoneLookup {
    private static let last = Mutex<(identifier: String, zone: TimeZone)?>(nil)

    /// The zone named `identifier`, `nil` when there is none.
    static func zone(_ identifier: String) -> TimeZone? {
        if let kept = last.withLock({ $0 }), kept.identifier == identifier { return kept.zone }
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        last.withLock { $0 = (identifier, zone) }
        return zone
    }
}
