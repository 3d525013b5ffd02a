import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A new folder in the temporary directory that only this user can enter, under a name nobody could have
/// guessed (`mkdtemp`): the place for files the hub writes for itself, such as speech clips for the player.
///
/// A fixed name in `/tmp` (the process id, say) could be made first by anyone, as a folder of theirs or a link.
public enum PrivateFolder {
    /// Makes the folder `<temporary directory>/<prefix>-XXXXXX` with mode 0700 and returns its path.
    ///
    /// - Throws: ``FileWriteError`` naming the temporary directory when it cannot be made.
    public static func make(prefix: String) throws(FileWriteError) -> String {
        let parent = NSTemporaryDirectory()
        var name = Array((parent + "/\(prefix)-XXXXXX").utf8CString)
        guard mkdtemp(&name) != nil else {
            throw .cannotCreate(parent + "/\(prefix)-XXXXXX", folder: parent, errno: errno)
        }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
