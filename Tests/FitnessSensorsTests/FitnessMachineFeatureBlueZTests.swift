import BlueZTestKit
import GATTSensors
import HubCore
import Testing

@testable import FitnessSensors

/// A machine's Fitness Machine Feature (0x2ACC), read on the BlueZ mock when it connects: said with its status,
/// and deciding which targets are sent.
@Suite(.timeLimit(.minutes(5))) struct FitnessMachineFeatureBlueZTests {
    static let trainer = "C0:FF:EE:00:00:04"

    @Test func aTrainerThatTakesNoPowerTargetIsSentNoneAndTheHubSaysSoOnceToAProgram() async throws {
        try await withBlueZMock { environment in
            // Machine 0x00004002: cadence, power; targets 0x00000004: resistance only.
            let trainer = try await MockFitnessSensor.add(
                to: environment, address: Self.trainer, name: "KICKR 9999", kind: .indoorBike,
                feature: [0x02, 0x40, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00])
            try await withFitnessSensorsPlugin(on: environment) { harness in
                try await harness.waitForStatus(.connected, of: Self.trainer)
                #expect(
                    harness.statuses.all.last?.detail
                        == "Smart trainer; measures cadence and power; takes resistance targets")
                harness.context.bus.publish(MachineTarget(.power(watts: 210), origin: .program))
                harness.context.bus.publish(MachineTarget(.power(watts: 220), origin: .program))
                harness.context.bus.publish(MachineTarget(.power(watts: 200)))
                harness.context.bus.publish(MachineTarget(.resistance(level: 5)))
                try await harness.waitUntil("the resistance taken") { harness.announcements.all.count == 3 }
                #expect(
                    harness.announcements.all.map(\.text) == [
                        "The trainer cannot be set to a power.", "The trainer cannot be set to a power.",
                        "The trainer took resistance 5.",
                    ])
                #expect(try await trainer.controlPointWrites() == [[0x00], [0x04, 50]], "no power target written")
                #expect(harness.plugin.droppedPayloadCount == 0)
            }
        }
    }

    @Test func aTrainerThatTakesPowerTargetsIsSentThem() async throws {
        try await withBlueZMock { environment in
            // Targets 0x0000000C: resistance and power.
            let trainer = try await MockFitnessSensor.add(
                to: environment, address: Self.trainer, name: "KICKR 9999", kind: .indoorBike,
                feature: [0x00, 0x00, 0x00, 0x00, 0x0C, 0x00, 0x00, 0x00])
            try await withFitnessSensorsPlugin(on: environment) { harness in
                try await harness.waitForStatus(.connected, of: Self.trainer)
                #expect(harness.statuses.all.last?.detail == "Smart trainer; takes resistance and power targets")
                harness.context.bus.publish(MachineTarget(.power(watts: 200)))
                try await harness.waitUntil("an answer") { !harness.announcements.all.isEmpty }
                #expect(harness.announcements.all.map(\.text) == ["The trainer took 200 watts."])
                #expect(try await trainer.controlPointWrites() == [[0x00], [0x05, 0xC8, 0x00]])
            }
        }
    }

    @Test func aCutShortFeatureIsCountedAndIgnoredAndTargetsGoAsBefore() async throws {
        try await withBlueZMock { environment in
            let trainer = try await MockFitnessSensor.add(
                to: environment, address: Self.trainer, name: "KICKR 9999", kind: .indoorBike,
                feature: [0x02, 0x40, 0x00, 0x00, 0x04])
            try await withFitnessSensorsPlugin(on: environment) { harness in
                try await harness.waitForStatus(.connected, of: Self.trainer)
                #expect(harness.statuses.all.last?.detail == "Smart trainer")
                #expect(harness.plugin.counts.dropped(.truncated) == 1)
                #expect(harness.plugin.receivedPayloadCount == 1)
                harness.context.bus.publish(MachineTarget(.power(watts: 200)))
                try await harness.waitUntil("an answer") { !harness.announcements.all.isEmpty }
                #expect(harness.announcements.all.map(\.text) == ["The trainer took 200 watts."])
                #expect(try await trainer.controlPointWrites() == [[0x00], [0x05, 0xC8, 0x00]])
            }
        }
    }
}
