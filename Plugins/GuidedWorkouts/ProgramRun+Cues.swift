import HubCore
import Programs

/// Where the figures stand against the step's target, with hysteresis: a figure that crosses the line back and
/// forth does not start a cue over and over.
struct CueState: Sendable {
    enum Side: Sendable, Equatable { case within, under, over }

    var power: Side = .within
    var powerSince: Duration = .zero
    var heartRate: Side = .within
    var heartRateSince: Duration = .zero
    /// The program's time of the last cue, shared by every figure.
    var lastCueAt: Duration?
    /// What the last cue said ("heart rate over"), while the figure stays off, and the gap before it is said again.
    var repeated: String?
    var repeatGap: Duration = .zero

    /// Forgets the sides (a new step, a new target, a pause); the last cue's time stays.
    mutating func reset() {
        power = .within
        heartRate = .within
        repeated = nil
    }
}

// "power 185, target 210, push a little", "ease off", "heart rate above zone 4, ease off".
extension ProgramRun {
    /// A figure must be this far off its target (5 %) before it counts as off…
    static let offBy = 0.05
    /// …and back within this (2 %) before it counts as on target again.
    static let backWithin = 0.02
    /// How long a figure stays off before a cue.
    static let cueAfter: Duration = .seconds(10)
    /// At most one cue this often…
    static let cueGap: Duration = .seconds(30)
    /// …and the same advice, said again while the figure stays off, after twice the gap before, up to this: a
    /// person who cannot (or will not) follow it hears it less and less, not every 30 s for a whole cool-down.
    static let longestRepeatGap: Duration = .seconds(240)
    /// Heart-rate hysteresis, in beats a minute.
    static let heartRateSlack = 3

    mutating func figureCues(_ figures: Figures) -> [Output] {
        var candidates: [(text: String, key: String)] = []
        if let target = currentTargetWatts, let power = figures.powerWatts {
            let t = Double(target), p = Double(power)
            let side = Self.side(
                cues.power, value: p, low: t * (1 - Self.offBy), high: t * (1 + Self.offBy),
                backLow: t * (1 - Self.backWithin), backHigh: t * (1 + Self.backWithin))
            if side != cues.power {
                cues.power = side
                cues.powerSince = programTime
            }
            if side != .within, programTime - cues.powerSince >= Self.cueAfter {
                let advice = side == .under ? "push a little" : "ease off"
                candidates.append(("power \(power), target \(target), \(advice)", "power \(side)"))
            }
        } else {
            cues.power = .within
        }
        if case .heartRateZone(let zone) = steps[index].target?.intensity, let max = settings.maxHeartRate,
            let heartRate = figures.heartRate, (1...5).contains(zone)
        {
            let low = Double(max * (40 + 10 * zone)) / 100
            let high = zone == 5 ? Double.infinity : Double(max * (50 + 10 * zone)) / 100
            let slack = Double(Self.heartRateSlack)
            let side = Self.side(
                cues.heartRate, value: Double(heartRate), low: low, high: high, backLow: low + slack,
                backHigh: high - slack)
            if side != cues.heartRate {
                cues.heartRate = side
                cues.heartRateSince = programTime
            }
            if side != .within, programTime - cues.heartRateSince >= Self.cueAfter {
                let advice =
                    side == .over
                    ? "heart rate above zone \(zone), ease off" : "heart rate below zone \(zone), pick it up"
                candidates.append((advice, "heart rate \(side)"))
            }
        } else {
            cues.heartRate = .within
        }
        guard let cue = candidates.first(where: { $0.key != cues.repeated }) ?? candidates.first else {
            cues.repeated = nil
            return []
        }
        let again = cue.key == cues.repeated
        if let lastCueAt = cues.lastCueAt, programTime - lastCueAt < (again ? cues.repeatGap : Self.cueGap) {
            return []
        }
        cues.repeatGap = again ? min(Self.longestRepeatGap, cues.repeatGap * 2) : Self.cueGap * 2
        cues.repeated = cue.key
        cues.lastCueAt = programTime
        return [.say(cue.text)]
    }

    /// The side of the target `value` is on, given the side it was on: off beyond `low`/`high`, back only
    /// within `backLow`…`backHigh`.
    private static func side(
        _ previous: CueState.Side, value: Double, low: Double, high: Double, backLow: Double, backHigh: Double
    ) -> CueState.Side {
        if value < low { return .under }
        if value > high { return .over }
        switch previous {
        case .under: return value >= backLow ? .within : .under
        case .over: return value <= backHigh ? .within : .over
        case .within: return .within
        }
    }
}
