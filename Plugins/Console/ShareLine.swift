import Foundation
import HubCore

/// What the console prints of a finished workout's share text: the short one, ready to copy, and where both were
/// saved.
enum ShareLine {
    /// A short text that templates left empty (`short-workout = ""`) is not printed as a bare "Share:".
    static func lines(for share: ShareTextReady) -> [String] {
        let short = share.short.trimmingCharacters(in: .whitespaces)
        return (short.isEmpty ? [] : ["Share: " + short])
            + (share.file.map { ["Share texts saved in \($0)."] } ?? [])
    }
}
