/// The Markdown the man pages are written in, as man(7).
///
/// A small part of Markdown, enough for a manual: the `#` heading is the page's title (see `title`),
/// `##` headings are sections and `###` headings subsections;
/// paragraphs, `-` lists (a line indented under an item continues it), fenced code blocks, tables
/// (each row a tagged paragraph: its first cell, then the others), and inline `code` (bold),
/// **bold** and *italics*; a link shows its text. HTML comments are left out; a line that is
/// `@OPTIONS@` or `@COMMANDS@` stays as it is, for ManualPage to fill in.
package enum Markdown {
    /// `markdown` as man(7) text.
    package static func roff(_ markdown: String) -> String {
        var out: [String] = []
        var paragraph: [String] = []
        var inCode = false, inComment = false, inList = false, tableRow = 0

        func flush() {
            if !paragraph.isEmpty {
                out.append(inList ? ".IP \\(bu 2" : ".PP")
                out += paragraph.map(inline)
                paragraph = []
            }
        }
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if inComment {
                if raw.contains("-->") { inComment = false }
                continue
            }
            if raw.hasPrefix("```") {
                flush()
                out += inCode ? [".fi", ".RE"] : [".PP", ".RS 4", ".nf"]
                inCode.toggle()
                continue
            }
            if inCode {
                out.append(Roff.line(raw).isEmpty ? "\\&" : Roff.line(raw))
                continue
            }
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("<!--") {
                flush()
                inComment = !line.contains("-->")
                continue
            }
            if line.hasPrefix("|") {
                flush()
                inList = false
                let cells = line.dropFirst().dropLast(line.hasSuffix("|") ? 1 : 0)
                    .split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                tableRow += 1
                // The header row and the row of dashes under it name the columns; the rows follow.
                if tableRow <= 2 { continue }
                out += [".TP", inline(cells.first ?? "")]
                out.append(inline(cells.dropFirst().filter { !$0.isEmpty }.joined(separator: "; ")))
                continue
            }
            tableRow = 0
            if line.isEmpty {
                flush()
                inList = false
                continue
            }
            if line == "@OPTIONS@" || line == "@COMMANDS@" {
                flush()
                out.append(line)
            } else if line.hasPrefix("### ") {
                flush()
                inList = false
                out.append(".SS " + Roff.quoted(plain(String(line.dropFirst(4)))))
            } else if line.hasPrefix("## ") {
                flush()
                inList = false
                out.append(".SH " + Roff.quoted(plain(String(line.dropFirst(3))).uppercased()))
            } else if line.hasPrefix("# ") {
                flush()
                inList = false
            } else if line.hasPrefix("- ") {
                flush()
                inList = true
                paragraph.append(String(line.dropFirst(2)))
            } else {
                paragraph.append(line)
            }
        }
        flush()
        return out.joined(separator: "\n")
    }

    /// A line of Markdown with its inline markup as roff fonts, escaped.
    static func inline(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let first = rest.firstIndex(where: { "`*[".contains($0) }) {
            out += Roff.escape(String(rest[..<first]))
            rest = rest[first...]
            if rest.hasPrefix("`"), let end = rest.dropFirst().firstIndex(of: "`") {
                out += "\\fB" + Roff.escape(String(rest[rest.index(after: rest.startIndex)..<end])) + "\\fR"
                rest = rest[rest.index(after: end)...]
            } else if rest.hasPrefix("**"), let end = rest.dropFirst(2).range(of: "**") {
                out += "\\fB" + inline(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound])) + "\\fR"
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("*"), let end = rest.dropFirst().firstIndex(of: "*"), end > rest.index(after: rest.startIndex) {
                out += "\\fI" + inline(String(rest[rest.index(after: rest.startIndex)..<end])) + "\\fR"
                rest = rest[rest.index(after: end)...]
            } else if rest.hasPrefix("["), let close = rest.firstIndex(of: "]"),
                      rest[rest.index(after: close)...].hasPrefix("("), let paren = rest[close...].firstIndex(of: ")") {
                out += inline(String(rest[rest.index(after: rest.startIndex)..<close]))
                rest = rest[rest.index(after: paren)...]
            } else {
                out += Roff.escape(String(rest.prefix(1)))
                rest = rest.dropFirst()
            }
        }
        out += Roff.escape(String(rest))
        if out.hasPrefix("\\&") == false, out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    /// The page's title: its first `#` heading, without markup.
    package static func title(_ markdown: String) -> String? {
        markdown.split(separator: "\n").first { $0.hasPrefix("# ") }.map { plain(String($0.dropFirst(2))) }
    }

    /// A heading's text without its markup.
    static func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "`", with: "").replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "*", with: "")
    }
}
