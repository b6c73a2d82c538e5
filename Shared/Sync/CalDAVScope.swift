import Foundation

/// Scheme, host and port: the one place an account's requests, and its password, may go.
package struct HTTPOrigin: Equatable, Sendable, CustomStringConvertible {
    /// `http` or `https`.
    package var scheme: String
    /// The host, in lower case.
    package var host: String
    /// The port, the scheme's own when the address names none.
    package var port: Int

    /// The origin of `url`, `nil` when it is not an http or https address with a host.
    package init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        self.scheme = scheme
        self.host = host
        port = url.port ?? (scheme == "https" ? 443 : 80)
    }

    /// `https://host` or `http://host:port`.
    package var description: String {
        "\(scheme)://\(host)" + (port == (scheme == "https" ? 443 : 80) ? "" : ":\(port)")
    }
}

/// Where a client may send requests: one origin and, for a sync, the task list's path and what
/// is below it. A server's hrefs and redirects are checked against it before any request.
struct CalDAVScope: Sendable {
    /// The one origin requests go to.
    let origin: HTTPOrigin
    /// The path requests must stay under, percent-escapes decoded, ending with `/`.
    let prefix: String

    /// Requests to `origin` below `path` (percent-escaped as in a URL).
    init(origin: HTTPOrigin, path: String) {
        self.origin = origin
        let decoded = path.removingPercentEncoding ?? path
        prefix = decoded.hasSuffix("/") ? decoded : decoded + "/"
    }

    /// Why `url` is not in the scope ("is another server than …"), `nil` when it is.
    func refusal(_ url: URL) -> String? {
        guard let target = HTTPOrigin(url) else { return "is not an http or https address" }
        if target != origin {
            if origin.scheme == "https" && target.scheme == "http" && target.host == origin.host {
                return "is plain http, not encrypted"
            }
            return "is another server than \(origin)"
        }
        let path = url.path(percentEncoded: true)
        guard let decoded = path.removingPercentEncoding else { return "has a path that is not valid percent-encoded text" }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains(where: { $0 == "." || $0 == ".." }) || decoded.contains("\\")
            || decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "has a path with dot segments or control characters"
        }
        let withSlash = decoded.hasSuffix("/") ? decoded : decoded + "/"
        guard withSlash.hasPrefix(prefix) else { return "is outside \(prefix)" }
        return nil
    }

    /// The address of `href` (a path, or a full URL) as seen from `base`; `nil` when it is none.
    static func resolve(_ href: String, from base: URL) -> URL? {
        URL(string: href, relativeTo: base)?.absoluteURL
    }
}
