import Domain
import Foundation

/// One CSV record and the physical line it starts on.
package struct CSVRecord: Sendable {
    /// The fields, decoded from UTF-8.
    package let fields: [String]
    /// The 1-based line of the file where the record starts.
    package let line: Int
}

/// Why a CSV file cannot be read on.
package enum CSVError: Error, Hashable, Sendable {
    /// A quoted field opened on `line` is never closed.
    case unterminatedQuote(line: Int)
    /// The record starting on `line` is not valid UTF-8.
    case invalidUTF8(line: Int)
    /// The record starting on `line` is longer than `CSVReader.maxRecordBytes`.
    case recordTooLong(line: Int)
    /// The record starting on `line` has more than `CSVReader.maxFields` fields.
    case tooManyFields(line: Int)
    /// The file could not be read on from `line` (`reason`: the system's words).
    case unreadable(line: Int, reason: String)

    /// The line the problem is on.
    package var line: Int {
        switch self {
        case .unterminatedQuote(let line), .invalidUTF8(let line), .recordTooLong(let line), .tooManyFields(let line),
             .unreadable(let line, _): line
        }
    }

    /// The sentence shown after `FILE:LINE: `.
    package var message: String {
        switch self {
        case .unterminatedQuote:
            "a quoted field starting here is never closed; close it with \" (write a quote inside as \"\")"
        case .invalidUTF8:
            "this record is not valid UTF-8; save the file as UTF-8"
        case .recordTooLong:
            "this record is longer than 1 MiB; if a quoted field starts here, is its closing quote missing?"
        case .tooManyFields:
            "this record has more than \(CSVReader.maxFields) fields; is the file separated by something other than commas?"
        case .unreadable(_, let reason):
            "the file could not be read from here on (\(reason)); check the drive or copy the file elsewhere and import the copy"
        }
    }
}

/// Reads RFC 4180 CSV as a stream, a chunk at a time, so memory does not grow with the file:
/// quoted fields with commas, doubled quotes and line breaks; LF, CRLF or CR line ends; UTF-8
/// with or without a byte-order mark. A quote inside an unquoted field is kept as it is (as
/// Python's csv module does); a line with nothing on it is not a record.
package final class CSVReader {
    private enum State { case fieldStart, unquoted, quoted, quoteInQuoted }

    /// The longest record read, in bytes: a quote never closed is found here, not by reading
    /// (and keeping) the rest of the file.
    package static let maxRecordBytes = 1 << 20
    /// The most fields a record may have (a header's columns included).
    package static let maxFields = 1_000

    private let handle: FileHandle
    private let chunkSize: Int
    private var buffer: [UInt8] = []
    private var position = 0
    private var isAtEnd = false
    /// Why the file could not be read on, when it could not: `next()` throws it at the end.
    private var readFailure: String?
    private var atFileStart = true
    private var line = 1
    private var pendingCR = false

    /// The bytes consumed so far, for progress.
    package private(set) var bytesRead = 0
    /// The byte between fields: given, or found in the first line when the first record is read.
    package private(set) var delimiter: UInt8?

    /// The delimiters a file may use: comma, semicolon (spreadsheets where the comma is the decimal
    /// separator) and tab.
    package static let delimiters: [UInt8] = [0x2C, 0x3B, 0x09]

    /// A reader of `handle`, reading `chunkSize` bytes at a time; with no `delimiter`, the one of
    /// `delimiters` that the first line has most of outside quotes (a comma when it has none).
    package init(_ handle: FileHandle, delimiter: UInt8? = nil, chunkSize: Int = 1 << 20) {
        self.handle = handle
        self.delimiter = delimiter
        self.chunkSize = chunkSize
    }

    /// The delimiter the first line uses most, outside quotes.
    private func sniffedDelimiter() -> UInt8 {
        _ = peekByte()
        var counts: [UInt8: Int] = [:]
        var quoted = false
        for byte in buffer[min(position, buffer.count)...] {
            if byte == 0x22 { quoted.toggle(); continue }
            if quoted { continue }
            if byte == 0x0A || byte == 0x0D { break }
            if Self.delimiters.contains(byte) { counts[byte, default: 0] += 1 }
        }
        var best: UInt8 = 0x2C
        for candidate in Self.delimiters where counts[candidate, default: 0] > counts[best, default: 0] { best = candidate }
        return best
    }

    /// The next record, or `nil` at the end of the file.
    package func next() throws(CSVError) -> CSVRecord? {
        if delimiter == nil { delimiter = sniffedDelimiter() }
        let delimiter = self.delimiter ?? 0x2C
        var fields: [String] = []
        var field: [UInt8] = []
        var state = State.fieldStart
        var recordLine = line
        var sawAnything = false
        var recordBytes = 0

        func endField() throws(CSVError) {
            guard fields.count < Self.maxFields else { throw .tooManyFields(line: recordLine) }
            guard let text = String(validating: field, as: UTF8.self) else { throw .invalidUTF8(line: recordLine) }
            fields.append(text)
            field.removeAll(keepingCapacity: true)
        }

        while let byte = nextByte() {
            recordBytes += 1
            if recordBytes > Self.maxRecordBytes { throw .recordTooLong(line: sawAnything ? recordLine : line) }
            if pendingCR {
                pendingCR = false
                if byte == 0x0A { continue }  // the LF of a CRLF already counted
            }
            if !sawAnything {
                recordLine = line
                sawAnything = true
            }
            switch state {
            case .quoted:
                if byte == 0x22 { state = .quoteInQuoted; continue }
                field.append(byte)
                if byte == 0x0A { line += 1 }
                if byte == 0x0D {
                    line += 1
                    field.append(contentsOf: takeLF())
                }
            case .fieldStart, .unquoted, .quoteInQuoted:
                switch byte {
                case 0x22 where state == .fieldStart:
                    state = .quoted
                case 0x22 where state == .quoteInQuoted:
                    field.append(0x22)
                    state = .quoted
                case delimiter:
                    try endField()
                    state = .fieldStart
                case 0x0A, 0x0D:
                    line += 1
                    if byte == 0x0D { pendingCR = true }
                    if state == .fieldStart && fields.isEmpty && field.isEmpty {
                        sawAnything = false  // an empty line: not a record
                        recordBytes = 0
                        continue
                    }
                    try endField()
                    return CSVRecord(fields: fields, line: recordLine)
                default:
                    field.append(byte)
                    state = .unquoted
                }
            }
        }
        // A read that failed ends the bytes, not the file: what came before it is not the last record.
        if let readFailure { throw .unreadable(line: line, reason: readFailure) }
        if state == .quoted { throw .unterminatedQuote(line: recordLine) }
        guard sawAnything else { return nil }
        try endField()
        return CSVRecord(fields: fields, line: recordLine)
    }

    /// Inside a quoted field, a CR may be followed by an LF that belongs to the same line break.
    private func takeLF() -> [UInt8] {
        guard let byte = peekByte(), byte == 0x0A else { return [] }
        _ = nextByte()
        return [0x0A]
    }

    private func nextByte() -> UInt8? {
        guard let byte = peekByte() else { return nil }
        position += 1
        bytesRead += 1
        return byte
    }

    private func peekByte() -> UInt8? {
        if position >= buffer.count {
            guard !isAtEnd else { return nil }
            let chunk: Data
            do {
                chunk = try handle.read(upToCount: chunkSize) ?? Data()
            } catch {
                readFailure = SystemError.reason(error) ?? "a read error"
                isAtEnd = true
                return nil
            }
            if chunk.isEmpty { isAtEnd = true; return nil }
            buffer = [UInt8](chunk)
            position = 0
            if atFileStart {
                atFileStart = false
                if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3; bytesRead += 3 }
            }
            if position >= buffer.count { return peekByte() }
        }
        return buffer[position]
    }
}
