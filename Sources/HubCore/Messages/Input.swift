/// Someone asked for the hub's state in one sentence, now (a button, the console's `i` key).
///
/// The status plugin answers with an `Announcement`: idle or recording, elapsed time, distance, and the newest
/// `StatusPart` of each source (each sensor plugin says its own).
public struct StatusRequested: BusMessage, Equatable {
    /// Who asked, for the log, e.g. "buttons" or "console".
    public var source: String

    public init(source: String) { self.source = source }
}
