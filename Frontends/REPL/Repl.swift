import ArgumentParser
import FrontSupport
import Foundation
import Shared

extension Memoss {
    /// `memoss` with no command: the interactive REPL (or a script of lines on standard input).
    struct Repl: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "repl",
            abstract: "Run the interactive prompt (what `memoss` alone does).",
            shouldDisplay: false)

        @OptionGroup var store: StoreOptions
        @ParentCommand var memoss: Memoss
        @Flag(help: "In a script (standard input not a terminal): go on after a refused command (the default), or stop at the first.")
        var onError: OnError = .keepGoing

        enum OnError: EnumerableFlag {
            case keepGoing, stopOnError
        }

        /// The commands the prompt offers on Tab, and that `help` lists.
        static var commandNames: [String] { Memoss.commandNames + ["help", "quit"] }

        @MainActor
        func run() async throws {
            let session = await Session.open(store: store, before: memoss.store, isREPL: true)
            let words = session.core.promptWords(), listed = ListedCount()
            Completion.known = { source in
                switch source {
                case .tagNames: words.tagNames
                case .listNames: words.listNames
                case .listedNumbers: (0..<listed.value).map { String($0 + 1) }
                }
            }
            session.console.complete { line, word in
                // Before this prompt lists, its numbers are the stored listing's (another program's `list`).
                listed.value = session.lastListing?.count ?? words.listed
                return Completion.candidates(line: line, word: word, root: Memoss.self, commandNames: Self.commandNames)
            }
            let delivery = session.core.promptDelivery()
            if session.console.isTerminal {
                session.say("Memoss — \(session.core.storePath ?? "in memory"). Type help for the commands, quit or Ctrl-D to leave.")
                Self.announceWhileWaiting(core: session.core, delivery: delivery, style: session.style, shown: session.shownNotifications)
            }
            while true {
                if let look = try? await delivery.look() {
                    if let due = look.due { await announce(due, session) }
                    if look.storeChanged { words.storeChanged() }
                }
                switch session.console.read(session.style.bold("memoss> "), remember: true) {
                case .endOfInput:
                    if session.console.isTerminal { session.say("") }
                    return finish(session)
                case .interrupted:
                    continue
                case .line(let line):
                    if await !perform(line, in: session) { return finish(session) }
                    if Self.runsCommand(line) {
                        await delivery.commandRan()
                        session.core.nudgeWaiters()
                    }
                    if !session.console.isTerminal, onError == .stopOnError, session.refusedCount > 0 { return finish(session) }
                }
            }
        }

        /// Whether `line` names a command that may change the store (not an empty line, `help` or `quit`).
        private static func runsCommand(_ line: String) -> Bool {
            guard let name = (try? Words.split(line))?.first else { return false }
            return Memoss.commandNames.contains(name)
        }

        /// Ends the run: a script in which a command was refused exits with status 1.
        @MainActor
        private func finish(_ session: Session) {
            session.core.finish()
            guard !session.console.isTerminal, session.refusedCount > 0 else { return }
            let count = session.refusedCount == 1 ? "1 command was" : "\(session.refusedCount) commands were"
            Output.context = .command
            Output.fail("\(count) refused; see the lines above.")
        }

        /// Runs one line; `false` when it asks to quit.
        @MainActor
        private func perform(_ line: String, in session: Session) async -> Bool {
            Output.context = session.refusalContext
            let words: [String]
            do { words = try Words.split(line) } catch { session.refuse(error.message); return true }
            guard let name = words.first else { return true }
            switch name {
            case "quit", "exit", "q": return false
            case "help", "?": help(words.dropFirst().first, session); return true
            case "watch", "repl", "tui": session.refuse("\(name) runs on its own: start it from the shell."); return true
            default: break
            }
            guard Memoss.commandNames.contains(name) else {
                session.refuse(Memoss.unknownCommandMessage(name, help: "help"))
                return true
            }
            let parsed: any ParsableCommand
            do {
                let normalized = CommandWords(words, root: Memoss.self).normalized
                parsed = try await Memoss.asyncParseAsRoot(normalized)
                if let option = CommandWords(normalized, root: Memoss.self).repeatedOption {
                    session.refuse(CommandWords.repeatedMessage(option))
                    return true
                }
            } catch {
                if let option = CommandWords(words, root: Memoss.self).unknownOption {
                    session.refuse("Unknown option '\(option)'.")
                    return true
                }
                let failure = Failure(error, root: Memoss.self, whileParsing: true, brief: true)
                if let message = failure.message { session.refuse(message) }
                return true
            }
            guard let command = parsed as? any SessionCommand else { return true }
            session.words = words
            do {
                try await command.execute(in: session)
            } catch {
                let failure = Failure(error, root: Memoss.self, brief: true)
                if let message = failure.message { session.refuse(message) } else if failure.status != 0 { session.refusedCount += 1 }
            }
            return true
        }

        @MainActor
        private func help(_ topic: String?, _ session: Session) {
            if topic == "query" { return session.say(QueryLanguage.help) }
            if let topic {
                guard let command = Memoss.configuration.subcommands.first(where: {
                    $0._commandName == topic || $0.configuration.aliases.contains(topic)
                }) else {
                    return session.refuse(Memoss.unknownCommandMessage(topic, help: "help"))
                }
                session.say(Memoss.helpMessage(for: command, columns: session.style.width))
                return
            }
            let width = session.style.width
            let heading = "Commands (help COMMAND tells more; N is a number from the last list or 4+ characters of an id):"
            (width.map { TerminalColumns.wrap(heading, columns: $0) } ?? [heading]).forEach(session.say)
            var entries = Memoss.configuration.subcommands.filter { $0.configuration.shouldDisplay && $0 != Watch.self && $0 != Tui.self }
                .map { ($0._commandName, $0.configuration.abstract) }
            entries.append(("quit", "Leave (Ctrl-D too). Ctrl-C abandons what is being asked."))
            for (name, abstract) in entries {
                // The abstract wrapped at words in its own column.
                let lines = width.map { TerminalColumns.wrap(abstract, columns: max($0 - 24, 20)) } ?? [abstract]
                for (index, line) in lines.enumerated() {
                    session.say("  " + (index == 0 ? name : "").padding(toLength: 22, withPad: " ", startingAt: 0) + line)
                }
            }
            let query = "help query tells how list, search, export, done and rm select reminders (today, tag:Work, due<+7d, words)."
            (width.map { TerminalColumns.wrap(query, columns: $0) } ?? [query]).forEach(session.say)
        }

        /// While the prompt waits for a line, what falls due (or another process adds, due now) is
        /// shown above the line being typed, within a second.
        private static func announceWhileWaiting(core: MemossCore, delivery: PromptDelivery, style: Style, shown: ShownNotifications) {
            Task.detached {
                while true {
                    guard (try? await core.waitForNextNotificationOrChange()) != nil else {
                        try? await Task.sleep(for: .seconds(MemossCore.longestWait))
                        continue
                    }
                    guard let due = (try? await delivery.look(readsKept: false))?.due else { continue }
                    let fresh = (due.delivered + due.deliveredElsewhere).filter { shown.insert($0) }
                    guard !fresh.isEmpty else { continue }
                    let numbered = (try? await core.numberNotifications()) ?? []
                    for notification in fresh {
                        let number = numbered.firstIndex(of: notification.id).map { $0 + 1 }
                        ReadlineHooks.post(style.yellow(NotificationText.announcement(notification, environment: core.environment, number: number,
                                                                                      atPrompt: true)))
                    }
                }
            }
        }

        @MainActor
        private func announce(_ due: DueNotifications, _ session: Session) async {
            // What a running `watch` delivers is shown once here, not taken.
            let elsewhere = due.deliveredElsewhere.filter { session.shownNotifications.insert($0) }
            guard !(due.delivered + elsewhere).isEmpty else { return }
            let numbers = (try? await session.notificationNumbers()) ?? [:]
            for notification in due.delivered + elsewhere {
                session.say(session.style.yellow(NotificationText.announcement(notification, environment: session.core.environment,
                                                                               number: numbers[notification.id], atPrompt: true)))
            }
        }

    }
}

/// How many reminders the prompt's last listing numbered, for Tab.
private final class ListedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var _value = 0

    var value: Int {
        get { lock.withLock { _value } }
        set { lock.withLock { _value = newValue } }
    }
}
