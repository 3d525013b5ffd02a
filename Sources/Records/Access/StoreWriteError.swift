/// What a store's error says of a write that failed: enough for `StoreWriteFailure` to tell the person why, in a few
/// words, without knowing the store.
///
/// `HubStoreError` conforms.
///
/// ```swift
/// if let error = error as? any StoreWriteError, error.isDiskFull { … "the disk is full" … }
/// ```
public protocol StoreWriteError: Error {
    /// The database file.
    var path: String { get }
    /// The disk has no room left.
    var isDiskFull: Bool { get }
    /// The database or its file system is read-only.
    var isReadOnly: Bool { get }
    /// The operating system reported an I/O error (a failing disk, or a file system turned read-only or full).
    var isInputOutput: Bool { get }
    /// Another connection holds the write lock; it is free again in a moment.
    var isBusy: Bool { get }
    /// What the store refused to write and why, in words for the person (a name taken, nobody by that name), with
    /// nothing written; nil for a failure of the store itself.
    var refusal: String? { get }
}
