// Fills a data directory for Benchmarks/reports-cli: ten years of daily workouts and a year of 1 Hz heart rate.
// Run in release: swift run -c release stayfit-reports-bench DIR [years-of-workouts] [days-of-heart-rate]
import Foundation
import HubCore
import HubStore

let arguments = CommandLine.arguments.dropFirst()
guard let directory = arguments.first else {
    print("usage: stayfit-reports-bench DIR [years-of-workouts (10)] [days-of-heart-rate (365)]")
    exit(64)
}
let years = arguments.dropFirst().first.flatMap(Int.init) ?? 10
let days = arguments.dropFirst(2).first.flatMap(Int.init) ?? 365
let store = try HubStore(directory: URL(fileURLWithPath: directory))
let lastDay: Int64 = 1_795_392_000  // 2026-11-23 00:00 UTC

// One workout a day at 07:00 UTC: 20–60 minutes at 2.2–3.6 m/s, a little different every day.
let began = ContinuousClock.now
for index in 0..<(years * 365) {
    let start = Date(timeIntervalSince1970: TimeInterval(lastDay - Int64(years * 365 - index) * 86_400 + 7 * 3600))
    let id = try await store.startWorkout(at: start, goal: nil)
    var totals = WorkoutTotals()
    totals.movingSeconds = 1200 + (index * 7919) % 2400
    let speed = 2.2 + Double((index * 104_729) % 140) / 100
    totals.distanceMeters = Double(totals.movingSeconds) * speed
    totals.steps = totals.movingSeconds * 3
    totals.kilocalories = Double(totals.movingSeconds) / 60 * 11
    totals.averageSpeedMetersPerSecond = speed
    totals.maxSpeedMetersPerSecond = speed * 1.3
    totals.averageHeartRate = 130 + Double(index % 30)
    totals.maxHeartRate = 165 + index % 20
    try await store.finishWorkout(id, at: start.addingTimeInterval(Double(totals.movingSeconds)), totals: totals)
}
print("\(years * 365) workouts stored in \(Format.fixed((ContinuousClock.now - began).seconds, decimals: 1)) s")

// The heart-rate log: resting in the 50s–70s, two workouts a day, one reading a second with an RR interval.
let logging = ContinuousClock.now
let firstLogged = lastDay - Int64(days) * 86_400
for index in 0..<days {
    let base = firstLogged + Int64(index) * 86_400
    try await store.logHeartRate(
        (0..<Int64(86_400)).map { second in
            let hour = Double(second) / 3600
            let workout = (7...8).contains(Int(hour)) || (18...19).contains(Int(hour)) ? 80.0 : 0
            let bpm = 58 + 12 * sin(hour / 24 * 2 * .pi) + workout + Double((second * 7919) % 7)
            return HeartRateSecond(
                second: base + second, beatsPerMinute: UInt8(bpm), rrIntervals1024: [UInt16(61_440 / bpm)])
        })
}
print(
    "\(days) days of 1 Hz heart rate logged in \(Format.fixed((ContinuousClock.now - logging).seconds, decimals: 1)) s")
