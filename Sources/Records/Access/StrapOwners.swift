/// Whose a heart-rate strap is: what the heart-rate plugin asks to follow the people's straps, and when one connects,
/// to say hello to its owner. `HubStore` conforms.
///
/// ```swift
/// if let name = try await owners.strapOwner(address: "C0:FF:EE:00:00:01") { … }
/// ```
public protocol StrapOwners: Sendable {
    /// The name of the person the strap at `address` belongs to (`stayfit devices pair ADDRESS --person NAME`), or
    /// nil when it is nobody's.
    func strapOwner(address: String) async throws -> String?
    /// The addresses of every strap that belongs to someone, in address order: the straps the plugin follows.
    func strapsOfPeople() async throws -> [String]
}
