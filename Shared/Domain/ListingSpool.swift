import Foundation

/// The ids a listing numbers, in order, kept in a temporary file as the listing is written
/// instead of in memory: a listing of a million reminders holds 16 MB of ids until its last
/// card, beside everything the read needs. Added to from any thread (a listing's callbacks run on
/// the store's queue); read once the listing has ended, a slice at a time.
package final class ListingSpool: @unchecked Sendable {
    private let lock = NSLock()
    /// The file, unlinked from the start (`tmpfile`); `nil` when none could be made, and the ids
    /// are then kept in `held`.
    private let file: UnsafeMutablePointer<FILE>?
    private var held: [UUID] = []
    private var added = 0
    /// Whether a write to the file failed (a full disk): reading it back then throws.
    private var failed = false

    /// An empty spool.
    package init() {
        file = tmpfile()
    }

    deinit {
        if let file { fclose(file) }
    }

    /// How many ids it holds.
    package var count: Int { lock.withLock { added } }

    /// Adds the entry of `item`'s card at the end (`ListingEntry.id(of:)`).
    package func add(_ item: ReminderWithTags) {
        add(ListingEntry.id(of: item))
    }

    /// Adds `id` at the end.
    package func add(_ id: UUID) {
        lock.withLock {
            added += 1
            guard file != nil else { return held.append(id) }
            withUnsafeBytes(of: id.uuid) { pending.append(contentsOf: $0) }
            if pending.count >= 65_536 { writePending() }
        }
    }

    /// The ids added since the last write to the file, as bytes.
    private var pending: [UInt8] = []

    /// Writes `pending` to the file (the lock held).
    private func writePending() {
        guard let file, !pending.isEmpty else { return }
        if pending.withUnsafeBytes({ fwrite($0.baseAddress, 1, $0.count, file) }) != pending.count { failed = true }
        pending.removeAll(keepingCapacity: true)
    }

    /// Adds what `other` holds at the end, in its order.
    package func add(contentsOf other: ListingSpool) throws {
        try other.forEachSlice { bytes, _ in
            UUID.packed(in: bytes).forEach(add)
            return true
        }
    }

    /// Passes the ids as bytes (16 each, in order), at most 64 KiB at a time, with each slice's
    /// offset, while `body` returns true.
    package func forEachSlice(_ body: (UnsafeRawBufferPointer, _ offset: Int) throws -> Bool) throws {
        try lock.withLock {
            var slice = [UInt8](repeating: 0, count: 65_536)
            guard let file else {
                for (index, id) in held.enumerated() {
                    let keepsOn = try withUnsafeBytes(of: id.uuid) { try body($0, index * 16) }
                    if !keepsOn { return }
                }
                return
            }
            writePending()
            guard !failed, fflush(file) == 0, fseek(file, 0, SEEK_SET) == 0 else { throw ListingSpoolError.unreadable }
            defer { fseek(file, 0, SEEK_END) }
            var offset = 0
            while offset < added * 16 {
                let read = slice.withUnsafeMutableBytes { fread($0.baseAddress, 1, min($0.count, added * 16 - offset), file) }
                guard read > 0, read % 16 == 0 else { throw ListingSpoolError.unreadable }
                let keepsOn = try slice.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<read]), offset) }
                if !keepsOn { return }
                offset += read
            }
        }
    }

    /// Every id, in order, read back into memory.
    package func ids() throws -> [UUID] {
        var ids: [UUID] = []
        ids.reserveCapacity(count)
        try forEachSlice { bytes, _ in
            ids += UUID.packed(in: bytes)
            return true
        }
        return ids
    }
}

extension UUID {
    /// The ids `bytes` holds, 16 bytes each, in order (a listing's, an undo entry's); bytes past
    /// the last whole id are left out.
    package static func packed(in bytes: UnsafeRawBufferPointer) -> [UUID] {
        stride(from: 0, to: bytes.count - bytes.count % 16, by: 16).map { UUID(uuid: bytes.loadUnaligned(fromByteOffset: $0, as: uuid_t.self)) }
    }
}

/// The temporary file of a `ListingSpool` could not be read back.
package enum ListingSpoolError: UserFacingError {
    case unreadable

    package var message: String {
        "The listing's numbers could not be kept (its temporary file could not be written or read back); check the space left in the temporary folder (TMPDIR) and list again."
    }
}

/// What a listing keeps for a card: its reminder's id, or, for a completed time of a repeating
/// reminder that goes on, that id with a fixed 128-bit mask XORed in, so a number typed later
/// knows its card showed a time already done, not the reminder as it is. Any 16 bytes can be a
/// reminder's id (an imported UID), so an entry is read as a reminder's id first, and as a
/// completed time's only when no reminder has it.
package enum ListingEntry {
    /// The entry of `item`'s card.
    package static func id(of item: ReminderWithTags) -> UUID {
        item.isPastOccurrence ? completedTime(of: item.id) : item.id
    }

    /// The entry of a card showing a completed time of the reminder `id`.
    package static func completedTime(of id: UUID) -> UUID { masked(id) }

    /// The reminder a completed time's entry names, when `entry` is one (no reminder has `entry`
    /// as its id).
    package static func reminder(ofCompletedTime entry: UUID) -> UUID { masked(entry) }

    /// `id` with the mask XORed in ("Memoss: a time done" in ASCII, the mask's 16 bytes).
    private static func masked(_ id: UUID) -> UUID {
        let mask: [UInt8] = Array("Memoss:time done".utf8)
        var bytes = id.uuid
        withUnsafeMutableBytes(of: &bytes) { raw in
            for index in 0..<16 { raw[index] ^= mask[index] }
        }
        return UUID(uuid: bytes)
    }
}

/// Which listing a stored listing is: a new token each time one is written whole (a `list`), kept
/// while reminders are added after it. A prompt or a full screen that numbers cards after its own
/// listing extends the stored one only while it has that listing's token.
package struct ListingToken: Hashable, Sendable {
    package let value: Int64

    package init(value: Int64) {
        self.value = value
    }
}

/// When a listing is stored.
package enum ListingCondition: Sendable {
    /// Always (a `list`): the same ids write nothing, the stored ones with more after them add
    /// those, other ids are written whole.
    case any
    /// Only while the stored listing has this token and is the start of the ids (a program's own,
    /// to which it adds cards): after another program's listing nothing is written, since that
    /// listing's numbers are the store's now.
    case extending(ListingToken)
    /// Only while the stored listing has this token (`nil`: nothing was listed), as `any` then: a
    /// listing that could not be kept at first, kept unless another program has listed since.
    case replacing(ListingToken?)
}
