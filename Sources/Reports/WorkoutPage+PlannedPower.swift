import Foundation
import HubCore

extension WorkoutPage {
    /// The colour of the planned power: the power's purple, paler, so the measured line stays the one read first.
    static let plannedPowerColor = "#c5b3d9"

    /// The program's planned power as a stepped line (a ramp a slope), for the power panel; nil when no step
    /// planned any power.
    ///
    /// Steps that follow one another join into one line, so the line steps up and down between them; a step
    /// without a power target (a set, a free ride) leaves a gap.
    func plannedPower() -> SVGTimePanel.ReferenceLine? {
        var runs: [[(time: TimeInterval, value: Double)]] = []
        var current: [(time: TimeInterval, value: Double)] = []
        var lastEnd: TimeInterval?
        for step in programSteps {
            guard let startWatts = step.plannedPowerStartWatts else {
                if !current.isEmpty { runs.append(current) }
                current = []
                continue
            }
            let (from, to) = (step.startedAt.timeIntervalSince1970, step.endedAt.timeIntervalSince1970)
            // More than a second and a half between one step's end and the next one's start is a gap in the plan.
            if let lastEnd, abs(from - lastEnd) > 1.5, !current.isEmpty {
                runs.append(current)
                current = []
            }
            current.append((from, Double(startWatts)))
            current.append((max(from, to), Double(step.plannedPowerEndWatts ?? startWatts)))
            lastEnd = to
        }
        if !current.isEmpty { runs.append(current) }
        guard !runs.isEmpty else { return nil }
        return SVGTimePanel.ReferenceLine(runs: runs, color: Self.plannedPowerColor, label: "planned power")
    }
}
