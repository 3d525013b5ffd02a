/// Chooses whose the next workout is: by name, or the next person in the list (a button's `next-person`).
///
/// The people plugin answers by saying hello to the person chosen (or that nobody is called that).
public struct ChoosePerson: BusMessage, Equatable {
    public enum Choice: Sendable, Equatable {
        /// A person's name, case aside.
        case named(String)
        /// The one after the current one, round the list.
        case next
    }

    public var choice: Choice

    public init(_ choice: Choice) { self.choice = choice }
}
