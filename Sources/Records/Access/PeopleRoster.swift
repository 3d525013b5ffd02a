import Foundation

/// Who trains on the hub, and whose the next workout is: what the people plugin and the web's people page read and
/// set. `HubStore` conforms.
public protocol PeopleRoster: Sendable {
    /// Everyone's names in the order `next-person` goes through them, and the current person's (nil: nobody yet).
    func roster() async throws -> (names: [String], current: String?)
    /// Makes the person called `name` (case aside) the current one; their name as stored, or nil when nobody is
    /// called that.
    func choosePerson(named name: String) async throws -> String?
    /// Every person, first added first, the current one marked.
    func people() async throws -> [Person]
    /// Adds a person (`stayfit people add`); the store checks the name and refuses (``StoreWriteError/refusal``) an
    /// empty one, one too long, one with control characters or another person's, writing nothing.
    func addPerson(named name: String, profile: Profile?, at date: Date) async throws -> Person
    /// Whose the next workout is: the person chosen last (`stayfit people use`, the console's `person`), else the
    /// first; nil with nobody. Differs from the current person only while another's workout is being recorded.
    func nextPersonName() async throws -> String?
    /// Makes the person called `name` the one the hub records for (`stayfit people use`); `isCurrent` is false
    /// while another's workout is being recorded (they are next). Refuses (``StoreWriteError/refusal``) a name
    /// nobody has.
    func setCurrentPerson(named name: String) async throws -> Person
}
