import Domain
import Foundation
import GRDB
import GRDBSQLite

/// Which tags each reminder of a range of ids has, read in one pass over `reminderTag` in key
/// order, for a read of thousands of reminders: looking up each reminder's tags by its key as
/// its row is read (the `tagRows` sub-query) costs SQLite about ten times as much per reminder.
/// Read in the same transaction as the reminders it is asked about.
///
/// Each reminder's id is kept once, with where its tags' ranks end, and each link as a 2-byte
/// rank, in chunks that are never copied as more come (an array that doubles holds its old and
/// its new storage at once): at a million reminders, 850,000 of them with tags and 1.25 million
/// links, about 19 MB.
package struct TagLinks {
    private var chunks: [Chunk] = []

    /// The links of up to `Chunk.reminders` reminders, by reminder id as SQLite orders blobs.
    private struct Chunk {
        static var reminders: Int { 32_768 }
        var keys: [Key] = []
        /// Where each reminder's ranks end in `ranks`.
        var ends: [UInt32] = []
        /// Each link's tag rank, by reminder then tag: the low 16 bits here, the high ones in
        /// `highRanks` (empty unless the store has more than 65,536 tags).
        var ranks: [UInt16] = []
        var highRanks: [UInt16] = []

        init() {
            keys.reserveCapacity(Self.reminders)
            ends.reserveCapacity(Self.reminders)
            ranks.reserveCapacity(Self.reminders * 2)
        }

        func ranks(at index: Int) -> some Collection<UInt32> {
            let links = (index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])
            let high = highRanks
            return links.lazy.map { [ranks] link in UInt32(ranks[link]) | (high.isEmpty ? 0 : UInt32(high[link]) << 16) }
        }
    }

    private struct Key: Comparable {
        let high: UInt64, low: UInt64

        init(_ id: UUID) {
            (high, low) = withUnsafeBytes(of: id.uuid) { ($0.loadUnaligned(as: UInt64.self).bigEndian,
                                                         $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self).bigEndian) }
        }

        static func < (lhs: Key, rhs: Key) -> Bool { (lhs.high, lhs.low) < (rhs.high, rhs.low) }
    }

    /// The links of the reminders whose ids lie in `ids` (as SQLite orders blobs) and, when
    /// `tagged` is given, that carry that tag; each with its tag's rank in `tags` (read from the
    /// keys alone: no look-up of each tag).
    init(_ db: Database, ids: ReminderQuery.IDRange, tagged: UUID?, tags: TagsByRow) throws {
        let (sql, arguments) = Self.sql(ids: ids, tagged: tagged)
        let statement = try db.makeStatement(sql: sql)
        let cursor = try Row.fetchCursor(statement, arguments: arguments)
        let row = StatementRow(statement: statement.sqliteStatement)
        let wideRanks = tags.count > 1 << 16
        var chunk = Chunk()
        while try cursor.next() != nil {
            // A tag the read's `TagsByRow` does not know is left out, as the per-row look-up does.
            guard let rank = tags.rank(of: try row.uuid(1)) else { continue }
            let key = Key(try row.uuid(0))
            if chunk.keys.last != key {
                if chunk.keys.count == Chunk.reminders {
                    chunks.append(chunk)
                    chunk = Chunk()
                }
                chunk.keys.append(key)
                chunk.ends.append(UInt32(chunk.ranks.count))
            }
            chunk.ranks.append(UInt16(truncatingIfNeeded: rank))
            if wideRanks { chunk.highRanks.append(UInt16(truncatingIfNeeded: rank >> 16)) }
            chunk.ends[chunk.ends.count - 1] += 1
        }
        if !chunk.keys.isEmpty { chunks.append(chunk) }
    }

    /// The links' query for `ids` (and `tagged`): in key order, from the keys alone.
    package static func sql(ids: ReminderQuery.IDRange, tagged: UUID?) -> (String, StatementArguments) {
        var conditions: [String] = [], arguments: StatementArguments = []
        // With a tag, its reminders come from the tag's index, in id order, and each one's links after.
        let key = tagged == nil ? "link.reminderID" : "tagged.reminderID"
        if let tagged { conditions.append("tagged.tagID = ?"); arguments += [tagged] }
        let range = ids.conditions(on: key)
        conditions += range.0
        arguments += range.1
        return ("""
            SELECT link.reminderID, link.tagID FROM \(tagged == nil ? "reminderTag AS link"
                : "reminderTag AS tagged CROSS JOIN reminderTag AS link ON link.reminderID = tagged.reminderID")\
            \(conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")) ORDER BY \(key)
            """, arguments)
    }

    /// The tags of the reminder with `id`, in a card's order.
    func tags(of id: UUID, in tags: TagsByRow) -> [Tag] {
        let key = Key(id)
        // The last chunk whose first reminder is not past this one.
        let after = Self.firstIndex(in: chunks) { ($0.keys.first ?? key) <= key }
        guard after > 0 else { return [] }
        let chunk = chunks[after - 1]
        let index = Self.firstIndex(in: chunk.keys) { $0 < key }
        guard index < chunk.keys.count, chunk.keys[index] == key else { return [] }
        return tags.sorted(ranks: chunk.ranks(at: index))
    }

    /// The first index of `elements` for which `isBefore` is false (`isBefore` holds for a prefix).
    private static func firstIndex<Element>(in elements: [Element], where isBefore: (Element) -> Bool) -> Int {
        var (low, high) = (0, elements.count)
        while low < high {
            let middle = (low + high) / 2
            if isBefore(elements[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
