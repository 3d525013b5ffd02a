/// Something libmpv refused or could not do, with what the wrapper was doing and how to fix it.
///
/// `code` mirrors libmpv's negative `MPV_ERROR_*` value when libmpv reported it (0 otherwise); `description` is a
/// sentence a person can act on.
public struct MPVError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Kind: Sendable, Equatable {
        case libraryMissing, createFailed, library, closed
    }

    private let kind: Kind
    /// libmpv's error code (`MPV_ERROR_*`, negative), or 0 when the error is the wrapper's own.
    public let code: Int32
    /// What went wrong, in libmpv's words or the wrapper's.
    public let message: String
    /// What the wrapper was doing, e.g. `setting option ao=alsa`.
    public let context: String

    private init(kind: Kind, code: Int32 = 0, message: String, context: String) {
        self.kind = kind
        self.code = code
        self.message = message
        self.context = context
    }

    /// libmpv.so.2 could not be opened or lacks a function.
    static func libraryMissing(_ reason: String) -> MPVError {
        MPVError(kind: .libraryMissing, message: reason, context: "opening \(MPVLibrary.fileName)")
    }

    /// `mpv_create` returned NULL.
    static let createFailed = MPVError(
        kind: .createFailed, message: "mpv_create returned no player", context: "creating a player")

    /// libmpv answered a call with a negative code.
    static func library(_ code: Int32, message: String, context: String) -> MPVError {
        MPVError(kind: .library, code: code, message: message, context: context)
    }

    /// The player was shut down before the call.
    static func closed(_ context: String) -> MPVError {
        MPVError(kind: .closed, message: "the player is shut down", context: context)
    }

    /// Whether libmpv itself is missing (as opposed to a failing call).
    public var isLibraryMissing: Bool { kind == .libraryMissing }

    public var description: String {
        var text = "\(message) (while \(context))"
        switch kind {
        case .libraryMissing:
            text += ". Install libmpv: sudo apt-get install libmpv2 (Debian 12, Raspberry Pi OS)"
        case .createFailed:
            text += ". libmpv refuses to start when LC_NUMERIC is not \"C\", or when memory is short"
        case .library where code == -14:  // MPV_ERROR_AO_INIT_FAILED
            text += ". Check audio-device (aplay -L lists ALSA devices) and that the user is in the audio group"
        case .library, .closed:
            break
        }
        return text
    }
}
