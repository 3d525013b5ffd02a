import Foundation
import HubCore

extension SharePlugin {
    /// `[plugins.share]`: the templates and hashtag, where the texts are saved, and whether they are said.
    public struct Configuration: PluginConfiguration {
        public var templates: ShareTemplates
        /// The folder each finished workout's texts are saved in, as an absolute path; nil saves none.
        public var folder: String?
        /// Whether the short text is also an `Announcement` (the voice coach says it, the console prints it).
        public var speak: Bool

        public init(_ table: ConfigTable) throws {
            templates = try ShareTemplates(table)
            let folder = try table.string("folder", default: "")
            // The hub expands no "~" (no shell reads this file; under systemd the hub's home is not the person's).
            if folder.hasPrefix("~") {
                throw table.invalid(
                    "folder", problem: "\"\(folder)\" starts with ~, which the hub does not expand",
                    fix: "Give the whole path, such as \"/home/pi/shared\", or one relative to this file.")
            }
            // Relative to the configuration file, not to the working directory (which is "/" under systemd), as the
            // simulator's `file` is; a configuration that is no file takes the working directory.
            self.folder =
                folder.isEmpty
                ? nil
                : folder.hasPrefix("/")
                    ? folder
                    : URL(fileURLWithPath: table.source.file).deletingLastPathComponent().appendingPathComponent(folder)
                        .path
            speak = try table.bool("speak", default: false)
        }

        /// The `[plugins.share]` table of `configuration`, or the defaults without one, checked as the hub checks it:
        /// what `stayfit share` reads its templates from, also while `enabled = false` keeps the plugin off.
        ///
        /// - Throws: `ConfigurationError` for a bad value or an unknown key in the table.
        public init(of configuration: HubConfiguration) throws {
            let table =
                configuration.pluginTables[SharePlugin.id]
                ?? .empty(keyPath: ["plugins", SharePlugin.id.rawValue], file: configuration.source.file)
            try self.init(table)
            // The keys every plugin table takes are the hub's to check (`stayfit config check`); any other key left
            // over is a typo that would otherwise leave a template at its default without a word.
            try table.rejectUnknownKeys(known: ["enabled", "on-failure", "restart-max-delay-seconds"])
        }
    }
}
