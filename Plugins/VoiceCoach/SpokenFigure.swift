/// A figure the coach can say in its periodic updates, as named in the `figures` setting.
public enum SpokenFigure: String, CaseIterable, Sendable {
    /// Moving time so far: "10 minutes".
    case time
    case distance
    /// Current pace or speed (as `pace-or-speed` says).
    case pace
    case averagePace = "average-pace"
    case heartRate = "heart-rate"
    case averageHeartRate = "average-heart-rate"
    /// The current heart-rate zone.
    case zone
    case calories
    /// The power of the last 3 seconds, where a power meter or a trainer measures it: "power 212 watts".
    case power
    /// Crank revolutions, steps or strokes a minute, where a sensor measures them: "cadence 88".
    case cadence
    /// How far the workout is towards its goal, in percent.
    case goal

    /// Parses a comma-separated list such as `"time, distance, pace"`; throws a message naming the bad entry.
    static func list(_ text: String) throws(FigureListError) -> [SpokenFigure] {
        var figures: [SpokenFigure] = []
        for entry in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = entry.trimmingCharacters(in: .whitespaces)
            guard let figure = SpokenFigure(rawValue: name) else {
                throw FigureListError(entry: name)
            }
            if !figures.contains(figure) { figures.append(figure) }
        }
        return figures
    }

    /// A name in the `figures` list that is not a figure.
    struct FigureListError: Error {
        let entry: String
    }
}
