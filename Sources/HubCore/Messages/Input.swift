/// Someone asked for the hub's state in one sentence, now (a button, the console's `i` key).
///
/// The hub's status reporter answers with an `Announcement`: idle or recording, elapsed time, distance, heart
/// rate, strap battery, GPS fix.
public struct StatusRequested: BusMessage, Equatable {
    /// Who asked, for the log, e.g. "buttons" or "console".
    public var source: String

    public init(source: String) { self.source = source }
}
