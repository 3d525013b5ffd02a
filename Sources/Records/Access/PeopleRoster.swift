/// Who trains on the hub, and whose the next workout is: what the people plugin reads and sets. `HubStore`
/// conforms.
public protocol PeopleRoster: Sendable {
    /// Everyone's names in the order `next-person` goes through them, and the current person's (nil: nobody yet).
    func roster() async throws -> (names: [String], current: String?)
    /// Makes the person called `name` (case aside) the current one; their name as stored, or nil when nobody is
    /// called that.
    func choosePerson(named name: String) async throws -> String?
}
