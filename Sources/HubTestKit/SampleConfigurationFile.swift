import Foundation
import HubCore

/// The commented sample `etc/stayfit.toml`, for tests that check a plugin's sample keys are its defaults.
public enum SampleConfigurationFile {
    public static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../etc/stayfit.toml").standardized.path

    /// The sample's `[plugins.<id>]` table, read as if its commented-out block were uncommented.
    ///
    /// Plugins that need hardware are off in the sample, their table written as `# [plugins.<id>]` followed by
    /// `# key = value` lines; this takes one level of `# ` off that block and parses it.
    /// - Throws: when the block is missing, has no keys, or does not parse.
    public static func commentedOutTable(_ id: PluginID) throws -> ConfigTable {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let header = "# [plugins.\(id.rawValue)]"
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == header }) else {
            throw SampleError(description: "\(path) has no commented-out \(header)")
        }
        let block = lines[start...].prefix { $0.hasPrefix("#") }.map {
            $0.hasPrefix("# ") ? $0.dropFirst(2) : $0.dropFirst()
        }
        guard block.count > 1 else { throw SampleError(description: "\(header) in \(path) has no keys") }
        let configuration = try HubConfiguration(text: block.joined(separator: "\n"), file: path)
        guard let table = configuration.pluginTables[id] else {
            throw SampleError(description: "\(header) in \(path) did not parse as a plugin table")
        }
        return table
    }

    struct SampleError: Error, CustomStringConvertible {
        let description: String
    }
}
