import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An XML element of a WebDAV answer, with namespaces resolved: `DAV:` elements are named
/// `d:NAME`, CalDAV's `c:NAME`, CalendarServer's `cs:NAME`, others `{namespace}NAME`.
struct DAVElement {
    var name: String
    var attributes: [String: String] = [:]
    var children: [DAVElement] = []
    var text = ""

    func first(_ name: String) -> DAVElement? { children.first { $0.name == name } }
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
    var trimmedText: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// Parses `data`; `nil` when it is not well-formed XML.
    static func parse(_ data: Data) -> DAVElement? {
        let parser = XMLParser(data: data)
        let builder = Builder()
        parser.shouldProcessNamespaces = true
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else { return nil }
        return root
    }

    static func qualified(_ local: String, namespace: String?) -> String {
        switch namespace {
        case "DAV:": "d:\(local)"
        case "urn:ietf:params:xml:ns:caldav": "c:\(local)"
        case "http://calendarserver.org/ns/": "cs:\(local)"
        default: "{\(namespace ?? "")}\(local)"
        }
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var stack: [DAVElement] = []
        var root: DAVElement?

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            stack.append(DAVElement(name: DAVElement.qualified(elementName, namespace: namespaceURI), attributes: attributeDict))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            guard let element = stack.popLast() else { return }
            if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
        }
    }
}

/// Escapes text for an XML element's content.
func xmlEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
}
