import Foundation

/// A new empty folder under the system's temporary folder, removed with its contents when released.
package final class TemporaryFolder: Sendable {
    /// The folder.
    package let url: URL

    /// Creates the folder, named `prefix` and a UUID.
    package init(_ prefix: String = "memoss") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of `name` inside the folder.
    package func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
