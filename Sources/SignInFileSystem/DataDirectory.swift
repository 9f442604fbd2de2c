/// Where per-user data lives by default: `$XDG_DATA_HOME/<app>` or `~/.local/share/<app>` on Linux and
/// other Unix systems, `~/Library/Application Support/<app>` on Apple platforms.
package enum DataDirectory {
    /// The default folder for `app`, given the environment.
    /// - Parameters:
    ///   - app: The folder name, for example `signin-demo`.
    ///   - environment: The process environment (`HOME`, `XDG_DATA_HOME`).
    /// - Returns: The path, or `nil` when neither `XDG_DATA_HOME` nor `HOME` is set.
    package static func defaultPath(for app: String, environment: [String: String]) -> String? {
        #if canImport(Darwin)
            guard let home = environment["HOME"], !home.isEmpty else { return nil }
            return "\(home)/Library/Application Support/\(app)"
        #else
            // XDG Base Directory: a relative XDG_DATA_HOME is invalid and must be ignored.
            if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return "\(xdg)/\(app)" }
            guard let home = environment["HOME"], !home.isEmpty else { return nil }
            return "\(home)/.local/share/\(app)"
        #endif
    }
}
