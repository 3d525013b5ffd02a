// Measures the MessageBus with one publisher and eight subscribers:
//   1. throughput: the publisher publishes as fast as it can; every subscriber drains its stream;
//   2. latency: the publisher paces messages at a fixed rate; each subscriber records publish→delivery time.
// Run in release: swift run -c release stayfit-bench [messages]
import Foundation
import HubCore

struct Tick: BusMessage {
    let sequence: Int
    let publishedAt: ContinuousClock.Instant
}

let subscriberCount = 8
let messageCount = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 200_000

func percentile(_ sorted: [Duration], _ p: Double) -> Duration {
    sorted.isEmpty ? .zero : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

func microseconds(_ duration: Duration) -> String { Format.fixed(duration.seconds * 1e6, decimals: 1) + " µs" }

/// Publishes `count` messages (paced at `interval` if given) and returns per-subscriber latencies and the time taken.
func run(count: Int, capacity: Int, interval: Duration?) async -> (
    latencies: [Duration], elapsed: Duration, received: Int, dropped: Int
) {
    let bus = MessageBus(capacity: capacity)
    let streams = (0..<subscriberCount).map { bus.inbox(of: Tick.self, subscriber: "bench-\($0)") }
    return await withTaskGroup(of: (latencies: [Duration], received: Int).self) { group in
        for stream in streams {
            group.addTask {
                var latencies: [Duration] = []
                latencies.reserveCapacity(count)
                // The last message is the newest, so it is never the one dropped: it always arrives.
                for await tick in stream {
                    latencies.append(ContinuousClock.now - tick.publishedAt)
                    if tick.sequence == count - 1 { break }
                }
                return (latencies, latencies.count)
            }
        }
        let start = ContinuousClock.now
        var next = start
        for sequence in 0..<count {
            if let interval {
                next += interval
                while ContinuousClock.now < next { await Task.yield() }
            }
            bus.publish(Tick(sequence: sequence, publishedAt: ContinuousClock.now))
        }
        var all: [Duration] = []
        var received = 0
        for await result in group {
            all += result.latencies
            received += result.received
        }
        let elapsed = ContinuousClock.now - start
        return (all, elapsed, received, bus.droppedMessageCount)
    }
}

print(
    "MessageBus benchmark: 1 publisher, \(subscriberCount) subscribers, \(ProcessInfo.processInfo.activeProcessorCount) cores"
)

// Throughput, first at the bus's default capacity (what the hub runs with): a publisher that never pauses outruns
// its subscribers, and what they could not keep is dropped and counted. Then with a buffer large enough that
// nothing is dropped, so that every delivery is counted.
let defaultCapacity = MessageBus().capacity
for capacity in [defaultCapacity, messageCount] {
    let burst = await run(count: messageCount, capacity: capacity, interval: nil)
    let perSecond = Double(messageCount) / burst.elapsed.seconds
    let offered = messageCount * subscriberCount
    print(
        "throughput, \(capacity)-message buffers: \(messageCount) messages in \(Format.fixed(burst.elapsed.seconds, decimals: 3)) s = \(Int(perSecond)) published/s; delivered \(burst.received) of \(offered) (\(Int(Double(burst.received) / burst.elapsed.seconds)) deliveries/s), dropped \(burst.dropped), unaccounted \(offered - burst.received - burst.dropped)"
    )
}

// Latency: 10,000 messages a second — far above any sensor — with the default buffers.
let paced = await run(count: min(messageCount, 50_000), capacity: defaultCapacity, interval: .microseconds(100))
let sorted = paced.latencies.sorted()
print(
    "latency at 10,000 msg/s: p50 \(microseconds(percentile(sorted, 0.5))), p99 \(microseconds(percentile(sorted, 0.99))), max \(microseconds(sorted.last ?? .zero)) over \(sorted.count) deliveries (dropped \(paced.dropped))"
)
