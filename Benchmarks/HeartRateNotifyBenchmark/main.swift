// CPU time per heart-rate notification from the strap to the message bus and the store, on each of BlueZ's paths
// (AcquireNotify's socket, StartNotify's PropertiesChanged signals), counting dbus-daemon's share too.
// python-dbusmock stands in for bluetoothd on a private dbus-daemon; HeartRatePlugin, a counting subscriber and
// HeartRateLogPlugin (monitoring on, so readings reach the store) run in this process.
// Run in release: swift run -c release stayfit-hr-notify-bench [notifications]   (default 20,000 per path)
import Foundation
import HubCore

let count = CommandLine.arguments.dropFirst().first.flatMap(Int.init).map { max($0, 1) } ?? 20_000
let burst = 200
let warmUp = 400

func microseconds(_ duration: Duration, decimals: Int = 1) -> String {
    Format.fixed(duration.seconds * 1e6, decimals: decimals) + " µs"
}

func report(_ result: NotifyResult) {
    let cpu = result.perNotification, both = cpu.hub + cpu.daemon
    let seconds = result.elapsed.seconds, rate = Int(Double(result.count) / seconds)
    print("\(result.path.rawValue): \(result.count) in \(Format.fixed(seconds, decimals: 2)) s, \(rate)/s")
    print(
        "  CPU per notification: hub \(microseconds(cpu.hub)) + dbus-daemon \(microseconds(cpu.daemon))"
            + " = \(microseconds(both))")
    print("  the mock (bluetoothd's stand-in, not counted): \(microseconds(cpu.mock))")
    // This process triggers each burst with one D-Bus call to the mock; measured alone, included, not subtracted.
    let call = result.perTriggerCall, share = (call.hub + call.daemon) / burst
    let percent = Format.fixed(100 * share.seconds / both.seconds, decimals: 1)
    print(
        "  our trigger call, one per \(burst): hub \(microseconds(call.hub)) + dbus-daemon \(microseconds(call.daemon))"
            + " = \(microseconds(share, decimals: 2)) per notification (\(percent) %), included above")
    let dropped = result.droppedBusMessages
    print("  bus messages dropped: \(dropped); seconds in the heart-rate log: \(result.loggedSeconds)")
}

print("heart-rate notifications: mock strap → dbus-daemon → HeartRatePlugin → bus → subscriber + HeartRateLogPlugin")
print("\(count) per path after \(warmUp) to warm up, \(burst) per mock call; payload 16 48 55 03 (72 bpm, contact, RR)")
print("CPU: getrusage of this process (all threads); /proc/<pid>/stat of dbus-daemon and the mock (10 ms ticks)")
var results: [NotifyPath: NotifyResult] = [:]
for path in NotifyPath.allCases {
    let result = try await NotifyRun(path: path, count: count, warmUp: warmUp, burst: burst).measure()
    results[path] = result
    report(result)
}
if let acquire = results[.acquireNotify]?.perNotification, let start = results[.startNotify]?.perNotification {
    let ratio = (acquire.hub + acquire.daemon) / (start.hub + start.daemon)
    print("AcquireNotify / StartNotify, hub + dbus-daemon per notification: \(Format.fixed(ratio, decimals: 2))")
}
