/// The version both executables report with `--version`.
package enum MemossVersion {
    /// This build's version.
    package static let current = "0.2.0"
}
