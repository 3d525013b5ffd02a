/// Which received signals a subscriber wants; nil fields match anything.
///
/// This filters locally among the signals the bus already delivers; the match rules added with `addMatch` decide
/// what the bus delivers in the first place.
struct DBusSignalSelector: Sendable {
    var sender: String?
    var path: String?
    var interface: String?
    var member: String?
    /// The first argument, when it is a string (e.g. the name in `NameOwnerChanged`).
    var arg0: String?

    func matches(sender: String, path: String, interface: String, member: String) -> Bool {
        (self.sender == nil || self.sender == sender) && (self.path == nil || self.path == path)
            && (self.interface == nil || self.interface == interface) && (self.member == nil || self.member == member)
    }

    func matches(arguments: [DBusValue]) -> Bool {
        guard let arg0 else { return true }
        return arguments.first?.string == arg0
    }
}
