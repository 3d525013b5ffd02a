/// The web app's password, as a hash: what the web plugin checks a login against and `stayfit web password` sets.
/// `HubStore` conforms (the `settings` table); HubTestKit has an in-memory one.
///
/// The hash is read again for every request that carries a session, so that a password changed by the CLI while
/// the hub runs ends every session made under the old one at once: a read of one row, cheap next to a request.
///
/// ```swift
/// try await passwords.setWebPasswordHash(try await PasswordHash.make(newPassword))
/// let current = try await passwords.webPasswordHash()  // "$y$j9T$…", or nil before one is set
/// ```
public protocol WebPasswordStore: Sendable {
    /// The current password's hash (a crypt string such as `$y$…`), or nil when none was set.
    func webPasswordHash() async throws -> String?
    /// Replaces the password's hash.
    func setWebPasswordHash(_ hash: String) async throws
}
