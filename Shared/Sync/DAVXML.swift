import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML element of a WebDAV answer, with namespaces resolved: `DAV:` elements are named
/// `d:NAME`, CalDAV's `c:NAME`, CalendarServer's `cs:NAME`.
///
/// Only the elements Memoss reads are kept (`kept`); any other is skipped with all it holds, so
/// an answer padded with elements costs no memory. Text is kept for the elements that carry it,
/// up to a limit: longer text is dropped and the element marked `oversized`.
struct DAVElement {
    /// `d:href`, `c:calendar-data`…
    var name: String
    /// Its attributes (kept for `c:comp` only).
    var attributes: [String: String] = [:]
    /// The kept elements below it.
    var children: [DAVElement] = []
    /// Its text, for the elements that carry it.
    var text = ""
    /// Its text was longer than the parse allowed, and is left out.
    var oversized = false

    /// Its first child named `name`.
    func first(_ name: String) -> DAVElement? { children.first { $0.name == name } }
    /// Its children named `name`.
    func all(_ name: String) -> [DAVElement] { children.filter { $0.name == name } }
    /// The first element at `path` below this one.
    func find(_ path: String...) -> DAVElement? {
        var element = self
        for name in path {
            guard let next = element.first(name) else { return nil }
            element = next
        }
        return element
    }
    /// Its text without surrounding white space.
    var trimmedText: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// The elements Memoss reads in WebDAV and CalDAV answers.
    static let kept: Set<String> = [
        "d:multistatus", "d:response", "d:href", "d:status", "d:propstat", "d:prop", "d:getetag", "c:calendar-data",
        "d:sync-token", "d:resourcetype", "d:collection", "c:calendar", "d:displayname", "c:supported-calendar-component-set",
        "c:comp", "d:current-user-principal", "c:calendar-home-set",
    ]
    /// The elements whose text is read; the others' is ignored.
    private static let withText: Set<String> = ["d:href", "d:status", "d:getetag", "c:calendar-data", "d:sync-token", "d:displayname"]

    /// Why an answer could not be read.
    enum ParseFailure: Error, Equatable {
        /// Not well-formed XML (libxml2's words and line).
        case malformed(String)
        /// More responses than `maxResponses`.
        case tooManyResponses
    }

    /// Parses `data`: its root and the kept elements below it. Text longer than `textLimit` bytes
    /// (`calendar-data`) or 64 KiB (the rest) is left out and its element marked `oversized`.
    static func parse(_ data: Data, textLimit: Int, maxResponses: Int = 200_000) -> Result<DAVElement, ParseFailure> {
        let parser = XMLParser(data: data)
        let builder = Builder(textLimit: textLimit, maxResponses: maxResponses)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        let parsed = parser.parse()
        if builder.tooManyResponses { return .failure(.tooManyResponses) }
        guard parsed, let root = builder.root else {
            let reason = parser.parserError.map { "\($0.localizedDescription) at line \(parser.lineNumber)" } ?? "at line \(parser.lineNumber)"
            return .failure(.malformed(reason))
        }
        return .success(root)
    }

    /// An element's name as `DAVElement` writes it.
    static func qualified(_ local: String, namespace: String?) -> String {
        switch namespace {
        case "DAV:": "d:\(local)"
        case "urn:ietf:params:xml:ns:caldav": "c:\(local)"
        case "http://calendarserver.org/ns/": "cs:\(local)"
        default: "{\(namespace ?? "")}\(local)"
        }
    }

    private final class Builder: NSObject, XMLParserDelegate {
        let textLimit: Int
        let maxResponses: Int
        var stack: [DAVElement] = []
        var root: DAVElement?
        /// Depth inside an element that is skipped (0: not skipping).
        var skipping = 0
        var responses = 0
        var tooManyResponses = false

        init(textLimit: Int, maxResponses: Int) {
            self.textLimit = textLimit
            self.maxResponses = maxResponses
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            if skipping > 0 { skipping += 1; return }
            let name = DAVElement.qualified(elementName, namespace: namespaceURI)
            guard stack.isEmpty || DAVElement.kept.contains(name) else { skipping = 1; return }
            if name == "d:response" {
                responses += 1
                if responses > maxResponses {
                    tooManyResponses = true
                    parser.abortParsing()
                }
            }
            stack.append(DAVElement(name: name, attributes: name == "c:comp" ? attributeDict : [:]))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            append(string.utf8.count) { $0 += string }
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            append(CDATABlock.count) { $0 += String(decoding: CDATABlock, as: UTF8.self) }
        }

        private func append(_ count: Int, _ add: (inout String) -> Void) {
            guard skipping == 0, let last = stack.indices.last, DAVElement.withText.contains(stack[last].name),
                  !stack[last].oversized else { return }
            let limit = stack[last].name == "c:calendar-data" ? textLimit : 64 * 1024
            if stack[last].text.utf8.count + count > limit {
                stack[last].oversized = true
                stack[last].text = ""
            } else {
                add(&stack[last].text)
            }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            if skipping > 0 { skipping -= 1; return }
            guard let element = stack.popLast() else { return }
            if stack.isEmpty { root = element; return }
            // A response that names nothing is of no use; it is not kept.
            if element.name == "d:response", element.first("d:href") == nil { return }
            stack[stack.count - 1].children.append(element)
        }
    }
}

/// Escapes text for an XML element's content.
func xmlEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
}
