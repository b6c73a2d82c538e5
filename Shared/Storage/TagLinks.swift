import Domain
import Foundation
import GRDB
import GRDBSQLite

/// Which tags each reminder of a range of ids has, read in one pass over `reminderTag` in key
/// order, for a read of thousands of reminders: looking up each reminder's tags by its key as
/// its row is read (the `tagRows` sub-query) costs SQLite about ten times as much per reminder.
/// Read in the same transaction as the reminders it is asked about.
package struct TagLinks {
    /// One entry per link, in `reminderTag`'s order: by reminder id (as SQLite orders blobs),
    /// then tag; `keys` holds each reminder id as two big-endian halves, so comparing them is
    /// comparing the blobs.
    private var keys: [Key] = []
    /// Each link's tag, by its rank in `TagsByRow`.
    private var ranks: [UInt32] = []

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
        while try cursor.next() != nil {
            // A tag the read's `TagsByRow` does not know is left out, as the per-row look-up does.
            guard let rank = tags.rank(of: try row.uuid(1)) else { continue }
            keys.append(Key(try row.uuid(0)))
            ranks.append(rank)
        }
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

    /// The ranks of the tags of the reminder with `id`.
    func ranks(of id: UUID) -> ArraySlice<UInt32> {
        let key = Key(id)
        var (low, high) = (0, keys.count)
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < keys.count, keys[end] == key { end += 1 }
        return ranks[low..<end]
    }
}
