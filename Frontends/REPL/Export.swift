import ArgumentParser
import FrontSupport
import Foundation
import Shared

extension Memoss {
    /// `memoss export [QUERY…] [--format ics|csv|json] [--tag NAME] [--list NAME] [--priority LEVEL] [--completed] [-o FILE]`.
    struct Export: SessionCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write reminders as an iCalendar file (VTODO), as CSV memoss-import reads, or as JSON.",
            discussion: """
                Everything by default, open and done; a query (help query) narrows it: export tag:Work -o work.ics. \
                The format is --format, else FILE's extension (.ics, .csv, .json), else ics. A calendar of one list \
                (--list or list:NAME) is named after it (X-WR-CALNAME), so a calendar app shows it as that list. \
                Without -o the export goes to standard output. `memoss-import FILE` reads an ics or csv export back \
                with the same ids.
                """
        )

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Option(help: ArgumentHelp("ics, csv or json.", valueName: "format")) var format: String?
        @OptionGroup var filter: FilterOptions
        @Flag(help: "Only the done reminders.") var completed = false
        @Option(name: .short, help: ArgumentHelp("Write to FILE (replaced whole, never half-written) instead of standard output.", valueName: "FILE"))
        var output: String?
        @Argument(help: ArgumentHelp("Only what the query selects (help query).", valueName: "query")) var query: [String] = []

        /// The format asked for, or the output file's.
        private var chosenFormat: ExportModel.Format? {
            if let format { return ExportModel.Format(rawValue: format.lowercased()) }
            guard let output else { return .ics }
            return ExportModel.Format(rawValue: URL(fileURLWithPath: output).pathExtension.lowercased()) ?? .ics
        }

        func validate() throws {
            if let format, ExportModel.Format(rawValue: format.lowercased()) == nil {
                throw ValidationError("--format must be ics, csv or json, not \"\(format)\".")
            }
            // `-oout.csv` is a file to one reader and the query word "anything but oout.csv" to another.
            if let word = query.first(where: { $0.hasPrefix("-o") && $0.count > 2 }) {
                let rest = word.dropFirst(2)
                throw ValidationError("\"\(word)\" could be a file or a query word: write -o \(rest) for the file, -text:o\(rest) for the word.")
            }
        }

        func execute(in session: Session) async throws {
            var filter = try await self.filter.filter(session.core)
            filter.conditions += try await session.filter(query).conditions
            let format = chosenFormat ?? .ics
            let model = session.core.exportModel
            guard let output else {
                let out = PagedOutput(paging: false)
                _ = try await model.export(format, matching: filter, completedOnly: completed) { out.text(utf8: $0) }
                out.finish()
                return
            }
            let file = try AtomicFile(replacing: output)
            do {
                let count = try await model.export(format, matching: filter, completedOnly: completed) { file.write($0) }
                try file.commit()
                Output.note("Exported \(count) reminder\(count == 1 ? "" : "s") to \(output).")
            } catch {
                file.abandon()
                throw error
            }
        }
    }
}

/// A file written beside its destination and renamed over it when complete, so an interrupted or
/// failed export never leaves a half-written file where the old one was. A new file is made 0600,
/// as the store is (reminders are private); a file replaced keeps its mode. A destination that is
/// there and is not a regular file (`/dev/null`, `/dev/stdout`, a FIFO) is written to as it is:
/// renaming over it would put a file where the device or pipe was.
final class AtomicFile: @unchecked Sendable {
    private let destination: String
    /// The file written beside the destination, `nil` when the destination is written to directly.
    private let temporary: String?
    private let handle: FileHandle
    private var failure: Error?
    private var buffer: [UInt8] = []

    init(replacing path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw Refusal(message: "\(path) is a folder; give a file name, e.g. -o reminders.ics")
        }
        destination = path
        var existing = stat()
        let exists = stat(path, &existing) == 0
        if exists && existing.st_mode & S_IFMT != S_IFREG {
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw Refusal(message: "cannot write \(path): it cannot be opened for writing; give -o a file in a folder you can write")
            }
            temporary = nil
            handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            return
        }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).part").path
        self.temporary = temporary
        let mode: mode_t = exists ? existing.st_mode & 0o7777 : 0o600
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        // The umask may take bits off a mode kept from the file replaced; they are put back.
        guard descriptor >= 0, fchmod(descriptor, mode) == 0 else {
            if descriptor >= 0 { close(descriptor); unlink(temporary) }
            throw Refusal(message: "cannot write \(path): its folder does not exist or is not writable; give -o a path in a folder you can write")
        }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Appends `bytes`, written to the file 64 KiB at a time.
    func write(_ bytes: [UInt8]) {
        guard failure == nil else { return }
        buffer += bytes
        if buffer.count >= 1 << 16 { flush() }
    }

    private func flush() {
        guard failure == nil, !buffer.isEmpty else { return }
        do { try handle.write(contentsOf: buffer) } catch { failure = error }
        buffer.removeAll(keepingCapacity: true)
    }

    func commit() throws {
        flush()
        guard let temporary else {
            try? handle.close()
            if failure != nil {
                throw Refusal(message: "cannot write \(destination): the export stopped part way; check that it still takes writing and export again")
            }
            return
        }
        if failure == nil {
            do { try handle.synchronize() } catch { failure = error }
        }
        try? handle.close()
        if failure != nil || rename(temporary, destination) != 0 {
            unlink(temporary)
            throw Refusal(message: "cannot write \(destination) (is the disk full?); nothing was written")
        }
    }

    func abandon() {
        try? handle.close()
        if let temporary { unlink(temporary) }
    }
}
