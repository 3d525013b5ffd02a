import HubCore

/// What the console prints of a finished workout's share text: the short one, ready to copy, and where both were
/// saved.
enum ShareLine {
    static func lines(for share: ShareTextReady) -> [String] {
        ["Share: " + share.short] + (share.file.map { ["Share texts saved in \($0)."] } ?? [])
    }
}
