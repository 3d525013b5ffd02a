import BlueZTestKit
import DBus
import Foundation
import HubCore
import HubTestKit
import Testing

@testable import HeartRate

/// The plugin's part of "status now": what the status plugin says of the strap, published with every reading and
/// every change of the link.
@Suite(.timeLimit(.minutes(5))) struct HeartRatePluginStatusPartTests {
    @Test func theConnectionAndEachReadingPublishTheStrapsPart() async throws {
        try await withBlueZMock { environment in
            let strap = try await MockStrap.add(to: environment, batteryPercent: 85)
            let bus = MessageBus()
            let clock = ManualClock()
            let parts = bus.inbox(of: StatusPart.self, subscriber: "test")
            try await withHeartRatePlugin(on: environment, clock: clock, bus: bus) { _ in
                // Connecting (nothing known yet), then connected with the battery.
                #expect(
                    try await parts.next()
                        == StatusPart(
                            source: "heart rate", place: 100, fresh: "no heart rate", stale: "no heart rate",
                            freshUntil: nil))
                #expect(try await parts.next().words(at: clock.instant) == "no heart rate, strap battery 85%")
                // 120 bpm with contact (flags 0x16, one RR interval): fresh for 5 s of the manual clock.
                try await strap.notify([0x16, 120, 0x00, 0x02])
                #expect(
                    try await parts.next()
                        == StatusPart(
                            source: "heart rate", place: 100, fresh: "heart rate 120, strap battery 85%",
                            stale: "no heart rate, strap battery 85%", freshUntil: clock.instant + .seconds(5)))
            }
        }
    }
}
