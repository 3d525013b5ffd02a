/// One source's part of the "status now" sentence, such as a sensor's "heart rate 142, strap battery 80%" or
/// "GPS fix", published by the plugin that knows it whenever it may have changed.
///
/// The status plugin says the workout's own part first ("Recording 12:04, 3.10 km") and then every source's newest
/// part in `place` order, without knowing what any of them measures: a plugin for a new kind of sensor publishes a
/// part of its own, and nothing else changes. A part holds its `fresh` words until `freshUntil` in hub time and
/// its `stale` words after, so a reading that stops coming goes stale with no message for it.
///
/// Publish it as often as the readings come: the status plugin keeps only the newest part of each source while it
/// waits, and wakes for none of them.
///
/// ```swift
/// bus.publish(
///     StatusPart(
///         source: "rowing machine", place: 300, fresh: "26 strokes a minute", stale: "no strokes",
///         freshUntil: clock.instant + .seconds(5)))
/// ```
public struct StatusPart: BusMessage, Equatable {
    /// Whose part it is, e.g. a sensor kind's name; a newer part of the same source replaces the one before.
    public var source: String
    /// Where it goes in the sentence: lower first (parts with the same place in the order of their source).
    public var place: Int
    /// What it says until `freshUntil`; empty says nothing.
    public var fresh: String
    /// What it says once `freshUntil` has passed (or when there is none); empty says nothing.
    public var stale: String
    /// The last hub instant at which `fresh` holds; nil when it does not hold now.
    public var freshUntil: HubInstant?
    /// Whether the source measures distance: the workout's distance is said when one does, or when it is above
    /// zero; indoors, "0 m" would be a figure nothing took.
    public var measuresDistance: Bool

    public init(
        source: String, place: Int, fresh: String, stale: String, freshUntil: HubInstant?,
        measuresDistance: Bool = false
    ) {
        self.source = source
        self.place = place
        self.fresh = fresh
        self.stale = stale
        self.freshUntil = freshUntil
        self.measuresDistance = measuresDistance
    }

    /// What the part says at `instant`.
    public func words(at instant: HubInstant) -> String {
        if let freshUntil, instant <= freshUntil { return fresh }
        return stale
    }
}
