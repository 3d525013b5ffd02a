import CCrypt
import Foundation
import Threading

/// Password hashes as /etc/shadow keeps them: yescrypt (`$y$…`) through libxcrypt's `crypt_r`, never a home-made
/// scheme.
///
/// Hashing is slow on purpose (tens of milliseconds, 16 MiB of memory), so it runs on one thread of its own, one
/// hash at a time: never on a cooperative thread, and never many at once on a small machine.
///
/// ```swift
/// let stored = try await PasswordHash.make("correct horse battery staple")
/// let ok = await PasswordHash.matches("correct horse battery staple", stored)  // true
/// ```
public enum PasswordHash {
    /// The thread every hash is made on, started the first time one is.
    private static let thread = DedicatedThread(name: "crypt")

    /// A fresh yescrypt hash of `password`, with a random salt from the kernel.
    ///
    /// - Throws: `CryptError` when libxcrypt has no yescrypt (it has since 4.4; Debian 12 ships 4.4.33).
    public static func make(_ password: String) async throws(CryptError) -> String {
        let result = await thread.perform { () -> Result<String, CryptError> in
            do throws(CryptError) { return .success(try makeHere(password)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Whether `password` is the one `hash` was made from; false for a hash that is not one (empty, `*`, cut).
    public static func matches(_ password: String, _ hash: String) async -> Bool {
        await thread.perform { matchesHere(password, hash) }
    }

    /// `make`, on the caller's thread.
    static func makeHere(_ password: String) throws(CryptError) -> String {
        var salt = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        // No random bytes given: libxcrypt takes them from getrandom. Count 0: its default cost for the scheme.
        guard crypt_gensalt_rn("$y$", 0, nil, 0, &salt, Int32(salt.count)) != nil else {
            throw .noSalt(errno: errno)
        }
        guard let hash = crypt(password, setting: salt), hash.hasPrefix("$y$") else {
            throw .hashRefused(errno: errno)
        }
        return hash
    }

    /// `matches`, on the caller's thread.
    static func matchesHere(_ password: String, _ hash: String) -> Bool {
        // A setting that is no hash (a `*` or `!` of a locked account, an empty string) matches nothing.
        guard hash.hasPrefix("$"), let again = hash.withCString({ crypt(password, setting: $0) }) else {
            return false
        }
        return constantTimeEqual(Array(again.utf8), Array(hash.utf8))
    }

    /// crypt_r with its 32 KB of scratch on the heap, zeroed as the library asks; nil on failure, which libxcrypt
    /// reports as NULL or as an output starting with `*`.
    private static func crypt(_ password: String, setting: UnsafePointer<CChar>) -> String? {
        let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
        defer {
            // The scratch held the password: wiped before it goes back to malloc.
            memset(data, 0, MemoryLayout<crypt_data>.size)
            data.deallocate()
        }
        memset(data, 0, MemoryLayout<crypt_data>.size)
        guard let output = crypt_r(password, setting, data) else { return nil }
        let text = String(cString: output)
        return text.hasPrefix("*") ? nil : text
    }

    /// Equal bytes, in a time that depends only on the lengths: a hash compared byte by byte and stopped at the
    /// first difference would tell an attacker how much of it they guessed.
    public static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
