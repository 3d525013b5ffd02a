import HubCore

/// The figures that matter for a kind of workout, in the CLI's tables: pace on foot, speed on a bike, the split per
/// 500 m on a rower.
enum KindFigures {
    /// "5:30 /km", "31.2 km/h", "2:05 /500m", or "--" without a speed or for a kind that covers no distance.
    static func paceOrSpeed(_ metersPerSecond: Double?, of kind: WorkoutKind) -> String {
        Format.howFast(metersPerSecond: metersPerSecond, kind: kind)
    }
}
