import Foundation

/// One accepted row of an import, ready to store.
package struct ImportedReminder: Sendable {
    /// The reminder to add.
    package var reminder: Reminder
    /// The names of its tags, as the row gave them (trimmed, valid); unknown ones are created.
    package var tagNames: [String]
    /// The name of its list (trimmed, valid), created when unknown; `nil` for the default list.
    package var listName: String?
    /// What identifies the row across imports: `id:<uuid>` (the row gave its id), `uid:<text>`
    /// (a calendar's UID that is not a UUID) or `fp:<fingerprint>`.
    package var importKey: String

    /// The key the stored row keeps: only the key of a row that gave its id. The reminder of any
    /// other key has the id derived from it (`id(forKey:)`), which stands for the key.
    package var storedKey: String? { importKey == idKey ? importKey : nil }

    /// The key of the reminder's id, which a deleted reminder's tombstone has when the row kept no
    /// key, so a file giving that id is skipped too.
    package var idKey: String { Self.key(forID: reminder.id) }

    /// The key of a row that gives its id: `id:<UUID>`.
    package static func key(forID id: UUID) -> String { "id:" + id.text }

    /// Creates an accepted row.
    package init(reminder: Reminder, tagNames: [String], listName: String? = nil, importKey: String) {
        self.reminder = reminder
        self.tagNames = tagNames
        self.listName = listName
        self.importKey = importKey
    }

    /// The key of a row without an `id`: a 128-bit FNV-1a fingerprint of its title, due instant,
    /// zone and repeat rule, so the same row imported twice is recognised. A row with no date
    /// (due tomorrow, as the form defaults) is keyed by its time of day instead, so importing it
    /// again another day still finds it.
    package static func fingerprint(_ values: ValidReminderValues, dated: Bool) -> String {
        let recurrence = values.recurrence
        // The first version's rules keep the keys they had, so a file imported before is still recognised.
        var rule = switch recurrence.pattern {
        case .never: "never"
        case .daily: "daily"
        case .weekly(let days): days.mondayFirst.count == 1 ? "weekly:\(days.mondayFirst[0])" : "weekly-set:\(days.mask)"
        case .monthly(.day(let day)): "monthly:\(day)"
        case .monthly(.last): "monthly:last"
        case .monthly(.weekday(let nth, let weekday)): "monthly:\(nth)/\(weekday)"
        case .yearly(let month, let day): "yearly:\(month)-\(day)"
        }
        if recurrence.interval != 1 { rule += " every \(recurrence.interval)" }
        if let times = recurrence.times { rule += " \(times) times" }
        // Rows without a date, or without a time, were once due at 09:00 (the next day, or on their
        // day): they keep the keys they had then, so a file imported before is still recognised.
        let zone = ZoneLookup.zone(values.timeZoneID) ?? .gmt
        let when: String
        if let scheduledAt = values.scheduledAt, dated {
            let instant = values.isAllDay
                ? LocalDateTime(date: LocalDate(containing: scheduledAt, in: zone), time: .nineAM).resolved(in: zone) : scheduledAt
            when = String(Int64(instant.timeIntervalSince1970))
        } else if let scheduledAt = values.scheduledAt {
            when = "undated " + (values.nominal?.time ?? LocalTime(of: scheduledAt, in: zone)).description
        } else {
            when = "undated " + LocalTime.nineAM.description
        }
        let text = [values.title, when, values.timeZoneID, rule,
                    values.recurrenceEnd?.description ?? ""].joined(separator: "\u{1F}")
        let (high, low) = hash128(text)
        return "fp:" + String(high, radix: 16) + String(low, radix: 16)
    }

    /// The key and the id of an item its calendar gave `uid` (empty: none): a UUID is its id, as a
    /// row's `id` is; another UID keys the item by itself (`uid:`), so importing it again skips it,
    /// its id derived from that; without one, the `fingerprint`.
    package static func keyAndID(uid: String, fingerprint: () -> String) -> (key: String, id: UUID) {
        if let id = UUID(uuidString: uid) { return (key(forID: id), id) }
        let key = uid.isEmpty ? fingerprint() : "uid:\(uid)"
        return (key, id(forKey: key))
    }

    /// What a reminder of `id` keeps of the `uid` its calendar gave it (`Reminder.calendarUID`):
    /// the UID as it was written, unless it is none or its id's text.
    package static func calendarUID(_ uid: String, of id: UUID) -> String? {
        uid.isEmpty || uid == id.text ? nil : uid
    }

    /// The id of the reminder a row with `key` (not an `id:` key) becomes: a version 8 UUID
    /// (RFC 9562) of the key's 128-bit hash. The same row gets the same id in every store, so
    /// the id alone tells an import whether the row is already there.
    package static func id(forKey key: String) -> UUID {
        let (high, low) = hash128(key)
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (56 - 8 * index))
        }
        bytes[6] = 0x80 | bytes[6] & 0x0F  // version 8: laid out by its maker
        bytes[8] = 0x80 | bytes[8] & 0x3F  // the RFC's variant
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    /// Two 64-bit FNV-1a lanes over `text`'s UTF-8 (the second one also folded by a shift).
    private static func hash128(_ text: String) -> (UInt64, UInt64) {
        var high: UInt64 = 0xCBF2_9CE4_8422_2325, low: UInt64 = 0x84222325_CBF29CE4
        for byte in text.utf8 {
            high = (high ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            low = (low ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 ^ (low >> 29)
        }
        return (high, low)
    }
}

/// How an import went.
package struct ImportCounts: Hashable, Sendable {
    /// Rows stored (or that would be, in a dry run).
    package var imported = 0
    /// Rows already in the store, imported before (even if deleted since), or repeated in the file.
    package var skipped = 0
    /// Rows refused by the rules.
    package var refused = 0
    /// Tags the import created.
    package var tagsCreated = 0
    /// Lists the import created.
    package var listsCreated = 0

    /// No counts yet.
    package init() {}
}
