/// What the GPS can do right now, as the person would put it.
public enum GPSCondition: Sendable, Equatable {
    /// No connection to gpsd (not running yet, or restarting).
    case gpsdUnreachable
    /// gpsd runs but reads no receiver.
    case noReceiver
    /// The receiver sends nothing, or reports no fix.
    case noFix(reason: String)
    /// A fix: `dimensions` is 2 or 3; `satellites` is how many the receiver uses, when it said.
    case fix(dimensions: Int, satellites: Int?)

    /// Plain words: "3D fix, 8 satellites", "no fix", "no receiver".
    public var detail: String {
        switch self {
        case .gpsdUnreachable: "gpsd not reachable"
        case .noReceiver: "no receiver"
        case .noFix(let reason): reason
        case .fix(let dimensions, let satellites):
            "\(dimensions)D fix" + (satellites.map { ", \($0) satellite\($0 == 1 ? "" : "s")" } ?? "")
        }
    }

    var hasFix: Bool {
        if case .fix = self { return true }
        return false
    }

    /// The same kind of condition: a change of satellites alone is not worth a status line.
    func isSameKind(as other: GPSCondition) -> Bool {
        switch (self, other) {
        case (.gpsdUnreachable, .gpsdUnreachable), (.noReceiver, .noReceiver), (.noFix, .noFix): true
        case (.fix(let a, _), .fix(let b, _)): a == b
        default: false
        }
    }
}
