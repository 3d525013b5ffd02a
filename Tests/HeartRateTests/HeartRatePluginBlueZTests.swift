import BlueZTestKit
import DBus
import Foundation
import HubCore
import HubTestKit
import Testing

@testable import HeartRate

/// The plugin against python-dbusmock's bluez5 template on a private dbus-daemon (TECHREF §4).
@Suite(.timeLimit(.minutes(5))) struct HeartRatePluginBlueZTests {
    @Test func publishesTheTechrefExamplePacketsAsReadingsFromTheStrap() async throws {
        try await withBlueZMock { environment in
            let strap = try await MockStrap.add(to: environment)
            let clock = ManualClock()
            try await withHeartRatePlugin(on: environment, clock: clock) { harness in
                try await harness.waitForStatus(.connected)
                #expect(harness.statuses.all.last?.device == "Polar H10 1234 (C0:FF:EE:00:00:01)")
                #expect(try await strap.isNotifying())
                try await strap.notify([0x16, 0x48, 0x55, 0x03])
                try await strap.notify([0x1f, 0x8e, 0x00, 0x2c, 0x01, 0xb0, 0x01, 0xa8, 0x01])
                try await strap.notify([0x04, 0x00])
                try await strap.notify([0x10, 0x50, 0x00, 0x03])
                try await harness.waitForReadings(4)
                let readings = harness.readings.all
                let expected = [
                    HeartRateMeasured(
                        beatsPerMinute: 72, rrIntervals1024: [853], contact: .contact,
                        source: MockStrap.firstAddress, timestamp: clock.now),
                    HeartRateMeasured(
                        beatsPerMinute: 142, rrIntervals1024: [432, 424],
                        contact: .contact, energyExpendedKilojoules: 300, source: MockStrap.firstAddress,
                        timestamp: clock.now),
                    HeartRateMeasured(
                        beatsPerMinute: 0, contact: .noContact, source: MockStrap.firstAddress, timestamp: clock.now),
                    HeartRateMeasured(
                        beatsPerMinute: 80, rrIntervals1024: [768], contact: .notSupported,
                        source: MockStrap.firstAddress, timestamp: clock.now),
                ]
                #expect(readings == expected)
                // `04 00` has no skin contact: no heart rate, so the sensor counts as lost until `10 50 00 03`.
                #expect(harness.statusList == [.connecting, .connected, .lost, .restored])
                #expect(harness.statuses.all.first { $0.status == .lost }?.detail == "no skin contact")
            }
        }
    }

    @Test func dropsAndCountsHeartRatesAndRRIntervalsThatAreNoPersons() async throws {
        try await withBlueZMock { environment in
            let strap = try await MockStrap.add(to: environment)
            try await withHeartRatePlugin(on: environment, clock: ManualClock()) { harness in
                try await harness.waitForStatus(.connected)
                try await strap.notify([0x06, 0x06])  // 6 bpm with contact: dropped
                try await strap.notify([0x01, 0x2c, 0x01])  // 300 bpm (16-bit): dropped
                // 72 bpm with RR intervals of 0.98 ms, 833 ms and 63,999 ms: 72 bpm and 833 ms only.
                try await strap.notify([0x16, 0x48, 0x01, 0x00, 0x55, 0x03, 0xff, 0xff])
                try await strap.notify([0x00, 0x5a])  // valid: 90 bpm, sent last so the ones before were handled
                try await harness.waitForReadings(2)
                #expect(harness.readings.all.map(\.beatsPerMinute) == [72, 90])
                #expect(harness.readings.all.map(\.rrIntervals1024) == [[853], []])
                #expect(harness.plugin.malformedPayloadCount == 2)
                #expect(harness.plugin.implausibleRRIntervalCount == 2)
                #expect(harness.plugin.receivedPayloadCount == 4, "every payload that came is counted, kept or not")
                let kept = harness.logs.all.filter { $0.message == "kept the heart rate of a partly broken payload" }
                #expect(kept.map { $0.metadata["left out"] } == ["2 RR intervals outside 250–2500 ms"])
            }
        }
    }

    @Test func dropsAPayloadWithoutAHeartRateAndKeepsTheHeartRateOfAPartlyBrokenOne() async throws {
        try await withBlueZMock { environment in
            let strap = try await MockStrap.add(to: environment)
            try await withHeartRatePlugin(on: environment, clock: ManualClock()) { harness in
                try await harness.waitForStatus(.connected)
                try await strap.notify([0x01, 0x48])  // a 16-bit heart rate with only one byte: dropped
                try await strap.notify([0x10, 0x50, 0x00])  // 80 bpm, then half an RR interval: 80 bpm, no RR
                try await strap.notify([0x06, 0x48, 0x00])  // 72 bpm with contact, then a stray byte: 72 bpm
                try await strap.notify([0x00, 0x5a])  // valid: 90 bpm, sent last so the ones before were handled
                try await harness.waitForReadings(3)
                #expect(harness.readings.all.map(\.beatsPerMinute) == [80, 72, 90])
                #expect(harness.readings.all.map(\.rrIntervals1024) == [[], [], []])
                #expect(harness.plugin.malformedPayloadCount == 1)
                #expect(harness.plugin.partlyBrokenPayloadCount == 2)
                let kept = harness.logs.all.filter { $0.message == "kept the heart rate of a partly broken payload" }
                #expect(kept.map { $0.metadata["bytes"] } == ["10 50 00", "06 48 00"])
                #expect(
                    kept.map { $0.metadata["left out"] } == [
                        "a single byte left over after the whole RR intervals", "1 byte after the last field",
                    ])
            }
        }
    }

    @Test func announcesLostWhenTheStrapFallsSilentAndRestoredWhenDataReturns() async throws {
        try await withBlueZMock { environment in
            let strap = try await MockStrap.add(to: environment)
            let clock = ManualClock()
            try await withHeartRatePlugin(
                on: environment, configuration: .init(staleAfter: .seconds(5)), clock: clock
            ) { harness in
                try await harness.waitForStatus(.connected)
                try await clock.waitForSleepers(1)  // the stale-data watcher
                let published = harness.statusesPublished
                clock.advance(by: .seconds(4))
                // A second short of stale: the watcher's sleep is not due. `advance` wakes due sleepers before it
                // returns, and a woken watcher publishes before it sleeps again, so if it had been woken either it
                // would not be sleeping now or the bus would have counted its message. No real time need pass.
                #expect(clock.sleeperCount == 1)
                #expect(harness.statusesPublished == published)
                clock.advance(by: .seconds(1))
                try await harness.waitForStatus(.lost)
                #expect(harness.statuses.all.last?.detail == "no data for 5 seconds")
                try await strap.notify([0x00, 0x5a])
                try await harness.waitForReadings(1)
                try await harness.waitForStatus(.restored)
                #expect(harness.statusList == [.connecting, .connected, .lost, .restored])
            }
        }
    }

    @Test func reconnectsAfterTheStrapDisconnectsAndDeliversDataAgain() async throws {
        try await withBlueZMock { environment in
            let strap = try await MockStrap.add(to: environment)
            try await withHeartRatePlugin(on: environment) { harness in
                try await harness.waitForStatus(.connected)
                try await strap.notify([0x00, 0x50])
                try await harness.waitForReadings(1)
                try await environment.bluez(
                    "/", "org.bluez.Mock", "DisconnectDevice", signature: "ss",
                    [.string("hci0"), .string(MockStrap.firstAddress)])
                try await harness.waitForStatus(.lost)
                try await harness.waitForStatus(.restored)
                try await strap.notify([0x00, 0x64])
                try await harness.waitForReadings(2)
                #expect(harness.readings.all.map(\.beatsPerMinute) == [80, 100])
                #expect(harness.statusList == [.connecting, .connected, .lost, .connecting, .restored])
                let lost = harness.statuses.all.first { $0.status == .lost }
                #expect(lost?.device == "Polar H10 1234 (C0:FF:EE:00:00:01)")
                #expect(try await strap.deviceCalls("Connect") >= 2)
            }
        }
    }

    @Test func retriesConnectWithBackoffWhileBlueZAnswersFailed() async throws {
        try await withBlueZMock { environment in
            let strap = try await MockStrap.add(to: environment)
            try await strap.replaceConnect(
                with:
                    #"raise dbus.exceptions.DBusException("le-connection-abort-by-local", name="org.bluez.Error.Failed")"#
            )
            try await withHeartRatePlugin(on: environment) { harness in
                try await eventually(timeout: TestDeadline.hang) { try await strap.deviceCalls("Connect") >= 2 }
                #expect(!harness.statusList.contains(.connected))
                #expect(harness.statusList.filter { $0 == .lost }.count == 1)
                let lost = try #require(harness.statuses.all.first { $0.status == .lost })
                #expect(
                    lost.detail?.contains("org.bluez.Error.Failed: le-connection-abort-by-local") == true, "\(lost)")
                try await strap.replaceConnect(with: "pass")
                try await harness.waitForStatus(.connected, timeout: TestDeadline.hang)
                #expect(harness.statusList.filter { $0 == .lost }.count == 1)
                try await strap.notify([0x00, 0x48])
                try await harness.waitForReadings(1)
                #expect(harness.readings.all.first?.beatsPerMinute == 72)
            }
        }
    }

    @Test func searchesForTheConfiguredStrapInsteadOfTakingAnother() async throws {
        try await withBlueZMock { environment in
            _ = try await MockStrap.add(to: environment)
            try await withHeartRatePlugin(
                on: environment, configuration: .init(device: "C0:FF:EE:00:00:02"), clock: ManualClock()
            ) { harness in
                try await eventually {
                    try await environment.connection.property(
                        "Discovering", interface: "org.bluez.Adapter1", path: "/org/bluez/hci0",
                        destination: "org.bluez"
                    ).bool == true
                }
                try await harness.waitForStatus(.connecting)
                #expect(harness.statusList == [.connecting])
                #expect(try await MockStrap(environment: environment).deviceCalls("Connect") == 0)
            }
        }
    }
}

/// Connecting to a strap whose services are not resolved yet.
@Suite(.timeLimit(.minutes(5))) struct HeartRatePluginServiceResolutionTests {
    @Test func waitsForServicesResolvedBeforeSubscribing() async throws {
        try await withBlueZMock { environment in
            let strap = try await MockStrap.add(to: environment)
            try await strap.updateDevice(["ServicesResolved": .bool(false)])
            try await withHeartRatePlugin(on: environment, clock: ManualClock()) { harness in
                // The plugin says when it starts waiting; until the services are resolved it must not subscribe.
                try await harness.waitForLog("waiting for BlueZ to resolve the strap's services")
                #expect(try await strap.deviceCalls("Connect") == 1)
                #expect(try await strap.characteristicCalls("StartNotify") == 0)
                #expect(try await !strap.isNotifying())
                #expect(harness.statusList == [.connecting])
                try await strap.updateDevice(["ServicesResolved": .bool(true)])
                try await harness.waitForStatus(.connected)
                #expect(try await strap.isNotifying())
            }
        }
    }

    @Test func givesUpAfterThirtySecondsWithoutResolvedServicesAndTriesAgain() async throws {
        try await withBlueZMock { environment in
            let strap = try await MockStrap.add(to: environment)
            try await strap.updateDevice(["ServicesResolved": .bool(false)])
            let clock = ManualClock()
            try await withHeartRatePlugin(on: environment, clock: clock) { harness in
                try await harness.waitForLog("waiting for BlueZ to resolve the strap's services")
                try await clock.waitForSleepers(1)  // the 30 s limit on connecting
                let published = harness.statusesPublished
                clock.advance(by: .seconds(29))
                // Not due yet: the limit's sleeper was not woken (see the stale-data test for why this is enough).
                #expect(clock.sleeperCount == 1)
                #expect(harness.statusesPublished == published)
                clock.advance(by: .seconds(1))
                try await harness.waitForStatus(.lost)
                try await clock.waitForSleepers(1)
                clock.advance(by: .seconds(1))
                try await eventually { try await strap.deviceCalls("Connect") == 2 }
                #expect(harness.statusList == [.connecting, .lost, .connecting])
            }
        }
    }
}
