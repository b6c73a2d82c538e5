import Foundation

/// Where the store file lives when the user has not said otherwise.
package enum StoreLocation {
    /// The store path: `--db` first, then `MEMOSS_DB`, then
    /// `$XDG_DATA_HOME/memoss/memoss.sqlite`, then `~/.local/share/memoss/memoss.sqlite`.
    ///
    /// - Parameters:
    ///   - explicitPath: the `--db` option, if given.
    ///   - environment: the process environment (passed in so nothing here reads globals).
    package static func resolve(explicitPath: String?, environment: [String: String]) -> String {
        if let explicitPath, !explicitPath.isEmpty { return expandTilde(explicitPath, environment) }
        if let path = environment["MEMOSS_DB"], !path.isEmpty { return expandTilde(path, environment) }
        return dataHome(environment) + "/memoss/memoss.sqlite"
    }

    /// `$XDG_DATA_HOME` when it is an absolute path (as the XDG spec requires), else `~/.local/share`.
    private static func dataHome(_ environment: [String: String]) -> String {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg }
        return home(environment) + "/.local/share"
    }

    private static func home(_ environment: [String: String]) -> String {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }

    private static func expandTilde(_ path: String, _ environment: [String: String]) -> String {
        if path == "~" { return home(environment) }
        if path.hasPrefix("~/") { return home(environment) + path.dropFirst() }
        return path
    }
}
