import HubCore
import Programs

// A treadmill holds a belt speed and an incline as a trainer holds a power: a treadmill program sends them.
extension ProgramRun {
    /// The belt speed and incline of the step under way, speed shifted by `easier`/`harder`; none outside a treadmill
    /// program: an outdoor run's pace is the runner's to hold, and a bike or a rower takes power.
    var treadmillTargets: [MachineTarget.Target] {
        guard program.kind == .treadmill, index < steps.count, let target = steps[index].target else { return [] }
        var targets: [MachineTarget.Target] = []
        let kilometersPerHour: Double? =
            switch target.intensity {
            case .speed(let kilometersPerHour): kilometersPerHour
            case .pace(let secondsPerKilometer) where secondsPerKilometer > 0: 3600 / Double(secondsPerKilometer)
            default: nil
            }
        if let kilometersPerHour {
            let shifted = kilometersPerHour * Double(100 + shiftPercent) / 100
            targets.append(.speed(metersPerSecond: (shifted * 10).rounded() / 10 / 3.6))
        }
        if let incline = target.inclinePercent { targets.append(.incline(percent: incline)) }
        return targets
    }
}
