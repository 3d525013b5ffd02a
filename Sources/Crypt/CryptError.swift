/// What went wrong making a password hash: libxcrypt refused the scheme or the phrase.
public struct CryptError: Error, Equatable, CustomStringConvertible {
    private enum Code: Equatable {
        case noSalt(errno: Int32)
        case hashRefused(errno: Int32)
    }

    private let code: Code

    static func noSalt(errno: Int32) -> CryptError { CryptError(code: .noSalt(errno: errno)) }
    static func hashRefused(errno: Int32) -> CryptError { CryptError(code: .hashRefused(errno: errno)) }

    public var description: String {
        switch code {
        case .noSalt(let errno):
            "libxcrypt could not make a yescrypt salt (errno \(errno)): is libcrypt1 4.4 or later installed?"
        case .hashRefused(let errno):
            "libxcrypt could not hash the password with yescrypt (errno \(errno)): is libcrypt1 4.4 or later "
                + "installed?"
        }
    }
}
