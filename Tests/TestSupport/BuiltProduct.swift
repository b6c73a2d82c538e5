import Foundation

/// The executables SwiftPM built next to the test bundle (test targets depend on them, so they exist).
package enum BuiltProduct {
    /// The path of the built executable `name`.
    package static func url(_ name: String) -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On Linux the runner is …/debug/MemossPackageTests.xctest; inside a bundle, climb out of it.
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent(name)
    }
}
