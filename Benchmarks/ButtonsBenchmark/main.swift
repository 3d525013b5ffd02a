// Button press to confirmation on the bus: a `struct input_event` press written into a FIFO that the buttons plugin
// reads as its device, to the `MusicCommand` its action asks for and the confirming `Announcement` ("Next track.") a
// bus subscriber receives. The plugin runs as in the hub (FileDescriptorReader thread, watcher loop, real clock); presses are paced
// 20 ms apart so that each is measured alone.
//
//   swift run -c release stayfit-buttons-bench [presses]
import Buttons
import Foundation
import HubCore
import HubTestKit

#if canImport(Glibc)
    import Glibc
#endif

let presses = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 500
let directory = try TemporaryDirectory()
let path = directory.url.appendingPathComponent("buttons").path
guard mkfifo(path, 0o600) == 0 else { fatalError("mkfifo: \(String(cString: strerror(errno)))") }

let (context, storeDirectory) = try PluginContext.test(clock: SystemClock())
let text = """
    [plugins.buttons]
    devices = ["\(path)"]
    [plugins.buttons.keys]
    KEY_N = { short = "next-track" }
    """
guard let table = try HubConfiguration(text: text, file: "bench.toml").pluginTables["buttons"] else {
    fatalError("no table")
}
let plugin = ButtonsPlugin(configuration: try ButtonsPlugin.Configuration(table), context: context)
let pressed = context.bus.inbox(of: MusicCommand.self, subscriber: "bench")
let confirmed = context.bus.inbox(of: Announcement.self, subscriber: "bench")

/// One press: KEY_N down and up, each with SYN_REPORT, as the kernel writes them.
func record(_ type: UInt16, _ code: UInt16, _ value: Int32) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: 16)
    withUnsafeBytes(of: type.littleEndian) { bytes.append(contentsOf: $0) }
    withUnsafeBytes(of: code.littleEndian) { bytes.append(contentsOf: $0) }
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    return bytes
}
let press = record(1, 49, 1) + record(0, 0, 0) + record(1, 49, 0) + record(0, 0, 0)

func percentile(_ sorted: [Duration], _ fraction: Double) -> Duration {
    sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))]
}

func show(_ name: String, _ samples: [Duration]) {
    let sorted = samples.sorted()
    func ms(_ duration: Duration) -> String { String(format: "%.3f ms", duration.seconds * 1000) }
    print(
        "\(name): p50 \(ms(percentile(sorted, 0.5))), p90 \(ms(percentile(sorted, 0.9))), "
            + "p99 \(ms(percentile(sorted, 0.99))), max \(ms(sorted.last ?? .zero)) over \(sorted.count) presses")
}

try await withThrowingTaskGroup(of: Void.self) { group in
    group.addTask { try await plugin.run() }
    var descriptor: Int32 = -1
    while descriptor < 0 {
        descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        if descriptor < 0 { try await Task.sleep(for: .milliseconds(10)) }
    }
    var pressedIterator = pressed.makeAsyncIterator()
    var confirmedIterator = confirmed.makeAsyncIterator()
    var toPressed: [Duration] = []
    var toConfirmed: [Duration] = []
    let clock = ContinuousClock()
    for _ in 0..<presses {
        let start = clock.now
        _ = press.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard await pressedIterator.next() != nil else { break }
        toPressed.append(clock.now - start)
        guard await confirmedIterator.next() != nil else { break }
        toConfirmed.append(clock.now - start)
        try await Task.sleep(for: .milliseconds(20))
    }
    close(descriptor)
    show("press written → MusicCommand on the bus", toPressed)
    show("press written → confirming Announcement on the bus", toConfirmed)
    group.cancelAll()
}
withExtendedLifetime(storeDirectory) {}
