import BlueZTestKit
import DBus
import Foundation
import HubCore
import HubTestKit
import Testing

@testable import FitnessSensors

/// The plugin against python-dbusmock's bluez5 template on a private dbus-daemon, with GATT objects for each kind of
/// sensor and notifications from the characteristic's own path (TECHREF §4).
@Suite(.timeLimit(.minutes(5))) struct FitnessSensorsBlueZTests {
    static let speedSensor = "C0:FF:EE:00:00:02"
    static let powerMeter = "C0:FF:EE:00:00:03"
    static let trainer = "C0:FF:EE:00:00:04"

    @Test func aSpeedAndCadenceSensorsRevolutionsBecomeSpeedDistanceAndCadenceOnTheBus() async throws {
        try await withBlueZMock { environment in
            let sensor = try await MockFitnessSensor.add(
                to: environment, address: Self.speedSensor, name: "Wahoo SPEED 1234", kind: .speedCadence)
            try await withFitnessSensorsPlugin(on: environment) { harness in
                try await harness.waitForStatus(.connected, of: Self.speedSensor)
                let connected = try #require(harness.statuses.all.last)
                #expect(connected.sensor == .speedAndCadence)
                #expect(connected.device == "Wahoo SPEED 1234 (C0:FF:EE:00:00:02)")
                #expect(connected.detail == "Speed and cadence sensor")
                #expect(try await sensor.isNotifying())
                try await sensor.notify(Payload.speedCadence(wheel: 100, wheelTime: 0, crank: 50, crankTime: 0))
                // One second later: 2 wheel revolutions of 2.105 m, 1 crank revolution.
                try await sensor.notify(
                    Payload.speedCadence(wheel: 102, wheelTime: 1024, crank: 51, crankTime: 1024))
                try await harness.waitUntil("a speed") {
                    harness.speeds.all.contains { $0.speedMetersPerSecond != nil }
                }
                let speed = try #require(harness.speeds.all.last)
                #expect(abs((speed.speedMetersPerSecond ?? 0) - 4.21) < 0.001)
                #expect(abs((speed.totalDistanceMeters ?? 0) - 4.21) < 0.001)
                #expect(speed.origin == .wheel)
                #expect(speed.source == "Wahoo SPEED 1234 (C0:FF:EE:00:00:02)")
                try await harness.waitUntil("a cadence") { !harness.cadences.all.isEmpty }
                #expect(harness.cadences.all.map(\.perMinute) == [60])
                #expect(harness.speeds.all.compactMap(\.speedMetersPerSecond).count == 1, "the first is a baseline")
            }
        }
    }

    @Test func aPowerMeterAndASpeedSensorAtOnceEachPublishTheirOwnFigures() async throws {
        try await withBlueZMock { environment in
            let speed = try await MockFitnessSensor.add(
                to: environment, address: Self.speedSensor, name: "Wahoo SPEED 1234", kind: .speedCadence)
            let power = try await MockFitnessSensor.add(
                to: environment, address: Self.powerMeter, name: "Assioma 5678", kind: .power)
            try await withFitnessSensorsPlugin(on: environment) { harness in
                try await harness.waitForStatus(.connected, of: Self.speedSensor)
                try await harness.waitForStatus(.connected, of: Self.powerMeter)
                #expect(harness.statuses.all.first { $0.device.hasSuffix("(\(Self.powerMeter))") }?.sensor == .power)
                try await power.notify(Payload.power(200))
                try await speed.notify(Payload.wheel(10, time: 0))
                try await power.notify(Payload.power(250, leftBalanceHalves: 104))
                try await speed.notify(Payload.wheel(14, time: 2048))
                try await harness.waitUntil("two powers and a speed") {
                    harness.powers.all.count == 2 && harness.speeds.all.count == 2
                }
                #expect(harness.powers.all.map(\.watts) == [200, 250])
                #expect(harness.powers.all.map(\.leftBalancePercent) == [nil, 52])
                #expect(Set(harness.powers.all.map(\.source)) == ["Assioma 5678 (C0:FF:EE:00:00:03)"])
                #expect(Set(harness.speeds.all.map(\.source)) == ["Wahoo SPEED 1234 (C0:FF:EE:00:00:02)"])
                #expect(abs((harness.speeds.all.last?.speedMetersPerSecond ?? 0) - 4.21) < 0.001)
            }
        }
    }

    @Test func aLostSensorIsRestoredWithFreshCountersAndItsOldValuesAreNotPublishedAgain() async throws {
        try await withBlueZMock { environment in
            let sensor = try await MockFitnessSensor.add(
                to: environment, address: Self.speedSensor, name: "Wahoo SPEED 1234", kind: .speedCadence)
            let clock = ManualClock()
            try await withFitnessSensorsPlugin(on: environment, clock: clock) { harness in
                try await harness.waitForStatus(.connected, of: Self.speedSensor)
                try await sensor.notify(Payload.wheel(100, time: 0))
                try await sensor.notify(Payload.wheel(102, time: 1024))
                try await harness.waitUntil("a speed") { harness.speeds.all.count == 2 }
                try await sensor.updateDevice(["Connected": .bool(false)])
                try await harness.waitForStatus(.lost, of: Self.speedSensor)
                #expect(harness.statuses.all.last?.detail == "the sensor disconnected")
                try await clock.waitForSleepers(1)
                clock.advance(by: .seconds(1))
                try await harness.waitForStatus(.restored, of: Self.speedSensor)
                let before = harness.speeds.all.count
                // 198 revolutions later while it was away: a speed across the gap would be a made-up figure.
                try await sensor.notify(Payload.wheel(300, time: 30000))
                try await sensor.notify(Payload.wheel(302, time: 31024))
                try await harness.waitUntil("two speeds after the restore") { harness.speeds.all.count == before + 2 }
                let after = harness.speeds.all.dropFirst(before)
                #expect(after.first?.speedMetersPerSecond == nil, "a fresh counter: the first sample is a baseline")
                #expect(after.first?.totalDistanceMeters == 0, "the distance starts again for the new connection")
                #expect(abs((after.last?.speedMetersPerSecond ?? 0) - 4.21) < 0.001)
                #expect(
                    harness.statusList(of: Self.speedSensor) == [
                        .connecting, .connected, .lost, .connecting, .restored,
                    ])
            }
        }
    }

    @Test func aTrainersDataIsPublishedAndItsOwnHeartRateOnlyAsAMachineFigure() async throws {
        try await withBlueZMock { environment in
            let trainer = try await MockFitnessSensor.add(
                to: environment, address: Self.trainer, name: "KICKR 9999", kind: .indoorBike)
            try await withFitnessSensorsPlugin(on: environment) { harness in
                try await harness.waitForStatus(.connected, of: Self.trainer)
                #expect(harness.statuses.all.last?.detail == "Smart trainer")
                #expect(harness.statuses.all.last?.sensor == .fitnessMachine)
                // Flags 0x0244: speed (bit 0 clear), cadence, power, heart rate; 30 km/h, 90 rpm, 200 W, 140 bpm.
                try await trainer.notify([0x44, 0x02, 0xB8, 0x0B, 0xB4, 0x00, 0xC8, 0x00, 0x8C])
                try await harness.waitUntil("a machine figure") { !harness.machines.all.isEmpty }
                try await harness.waitUntil("speed, cadence and power") {
                    !harness.speeds.all.isEmpty && !harness.cadences.all.isEmpty && !harness.powers.all.isEmpty
                }
                #expect(abs((harness.speeds.all.first?.speedMetersPerSecond ?? 0) - 30 / 3.6) < 0.001)
                #expect(harness.speeds.all.first?.origin == .machine)
                #expect(harness.cadences.all.map(\.perMinute) == [90])
                #expect(harness.powers.all.map(\.watts) == [200])
                #expect(harness.machines.all.map(\.heartRate) == [140])
                #expect(harness.heartRates.all.isEmpty, "a machine's heart rate is no strap's")
                try await harness.waitUntil("the status part") {
                    harness.parts.all.last?.fresh == "200 watts, cadence 90, 30.0 km/h"
                }
                #expect(harness.parts.all.last?.source == "fitness sensors")
            }
        }
    }

    @Test func theMachinesOwnButtonsPauseAndResumeAWorkoutThatRuns() async throws {
        try await withBlueZMock { environment in
            let trainer = try await MockFitnessSensor.add(
                to: environment, address: Self.trainer, name: "KICKR 9999", kind: .indoorBike)
            try await withFitnessSensorsPlugin(on: environment) { harness in
                try await harness.waitForStatus(.connected, of: Self.trainer)
                try await trainer.notifyStatus([0x02, 0x02])  // paused by the user, no workout: nothing
                try await harness.waitUntil("the first status read") { harness.plugin.receivedPayloadCount == 1 }
                harness.context.bus.publish(WorkoutStateChanged(workoutID: nil, state: .running, previous: .idle))
                try await harness.waitUntil("the plugin sees the workout run") {
                    harness.plugin.shared.workoutState == .running
                }
                try await trainer.notifyStatus([0x02, 0x02])
                try await harness.waitUntil("a pause") { harness.commands.all.count == 1 }
                harness.context.bus.publish(WorkoutStateChanged(workoutID: nil, state: .paused, previous: .running))
                try await harness.waitUntil("the plugin sees the pause") {
                    harness.plugin.shared.workoutState == .paused
                }
                try await trainer.notifyStatus([0x04])
                try await harness.waitUntil("a resume") { harness.commands.all.count == 2 }
                #expect(harness.commands.all.map(\.action) == [.pause, .resume])
            }
        }
    }

    @Test func aTargetPowerIsRequestedAfterControlAndTheMachinesYesIsSaid() async throws {
        try await withBlueZMock { environment in
            let trainer = try await MockFitnessSensor.add(
                to: environment, address: Self.trainer, name: "KICKR 9999", kind: .indoorBike)
            try await withFitnessSensorsPlugin(on: environment) { harness in
                try await harness.waitForStatus(.connected, of: Self.trainer)
                harness.context.bus.publish(MachineTarget(.power(watts: 200)))
                try await harness.waitUntil("an answer") { !harness.announcements.all.isEmpty }
                #expect(harness.announcements.all.map(\.text) == ["The trainer took 200 watts."])
                #expect(try await trainer.controlPointWrites() == [[0x00], [0x05, 0xC8, 0x00]])
                harness.context.bus.publish(MachineTarget(.resistance(level: 5)))
                try await harness.waitUntil("a second answer") { harness.announcements.all.count == 2 }
                #expect(harness.announcements.all.last?.text == "The trainer took resistance 5.")
                #expect(try await trainer.controlPointWrites().last == [0x04, 50], "control is asked for once")
            }
        }
    }

    @Test func aMachineThatRefusesControlIsSaidInPlainWords() async throws {
        try await withBlueZMock { environment in
            let trainer = try await MockFitnessSensor.add(
                to: environment, address: Self.trainer, name: "KICKR 9999", kind: .indoorBike)
            try await trainer.answerControlPoint(opCode: 0x00, with: 0x05)
            try await withFitnessSensorsPlugin(on: environment) { harness in
                try await harness.waitForStatus(.connected, of: Self.trainer)
                harness.context.bus.publish(MachineTarget(.power(watts: 200)))
                try await harness.waitUntil("an answer") { !harness.announcements.all.isEmpty }
                #expect(harness.announcements.all.map(\.text) == ["The trainer refused: control not permitted."])
                #expect(try await trainer.controlPointWrites() == [[0x00]], "no target without control")
            }
        }
    }

    @Test func aProgramsTargetsAreSentQuietlyAndOnlyARefusalIsSaid() async throws {
        try await withBlueZMock { environment in
            let trainer = try await MockFitnessSensor.add(
                to: environment, address: Self.trainer, name: "KICKR 9999", kind: .indoorBike)
            try await withFitnessSensorsPlugin(on: environment) { harness in
                try await harness.waitForStatus(.connected, of: Self.trainer)
                harness.context.bus.publish(MachineTarget(.power(watts: 210), origin: .program))
                harness.context.bus.publish(MachineTarget(.power(watts: 220), origin: .program))
                try await eventually { try await trainer.controlPointWrites().count == 3 }
                #expect(try await trainer.controlPointWrites() == [[0x00], [0x05, 0xD2, 0x00], [0x05, 0xDC, 0x00]])
                try await trainer.answerControlPoint(opCode: 0x05, with: 0x05)
                harness.context.bus.publish(MachineTarget(.power(watts: 230), origin: .program))
                try await harness.waitUntil("the refusal") { !harness.announcements.all.isEmpty }
                #expect(harness.announcements.all.map(\.text) == ["The trainer refused: control not permitted."])
            }
        }
    }

    @Test func aControlPointThatNeverAnswersTimesOutAndTheHubGoesOn() async throws {
        try await withBlueZMock { environment in
            let trainer = try await MockFitnessSensor.add(
                to: environment, address: Self.trainer, name: "KICKR 9999", kind: .indoorBike)
            try await trainer.answerControlPoint(opCode: 0x05, with: 0)
            let clock = ManualClock()
            let configuration = FitnessSensorsPlugin.Configuration(
                staleAfter: .seconds(60), controlPointTimeout: .seconds(1))
            try await withFitnessSensorsPlugin(on: environment, configuration: configuration, clock: clock) {
                harness in
                try await harness.waitForStatus(.connected, of: Self.trainer)
                harness.context.bus.publish(MachineTarget(.power(watts: 150)))
                try await eventually { try await trainer.controlPointWrites().count == 2 }
                #expect(try await trainer.controlPointWrites() == [[0x00], [0x05, 0x96, 0x00]])
                // The stale-data watcher sleeps too; the wait for the answer is the second sleeper.
                try await clock.waitForSleepers(2)
                clock.advance(by: .seconds(1))
                try await harness.waitUntil("the timeout said") { !harness.announcements.all.isEmpty }
                #expect(
                    harness.announcements.all.map(\.text) == [
                        "The trainer did not answer within 1 second when asked to set the target power."
                    ])
                try await trainer.answerControlPoint(opCode: 0x05, with: 0x01)
                harness.context.bus.publish(MachineTarget(.power(watts: 180)))
                try await harness.waitUntil("the next answer") { harness.announcements.all.count == 2 }
                #expect(harness.announcements.all.last?.text == "The trainer took 180 watts.")
            }
        }
    }

    @Test func payloadsWithNothingSoundAreDroppedAndCounted() async throws {
        try await withBlueZMock { environment in
            let sensor = try await MockFitnessSensor.add(
                to: environment, address: Self.powerMeter, name: "Assioma 5678", kind: .power)
            try await withFitnessSensorsPlugin(on: environment) { harness in
                try await harness.waitForStatus(.connected, of: Self.powerMeter)
                try await sensor.notify([0x00])  // cut short before the power
                try await sensor.notify([0x00, 0x00, 0xA0, 0x0F])  // 4,000 W: no person
                try await sensor.notify(Payload.power(210))
                try await harness.waitUntil("a power") { !harness.powers.all.isEmpty }
                #expect(harness.powers.all.map(\.watts) == [210])
                #expect(harness.plugin.droppedPayloadCount == 2)
                #expect(harness.plugin.receivedPayloadCount == 3)
            }
        }
    }

    @Test func aSensorThatHandsOutItsNotificationsOnASocketIsReadThere() async throws {
        try await withBlueZMock { environment in
            let sensor = try await MockFitnessSensor.add(
                to: environment, address: Self.speedSensor, name: "Wahoo SPEED 1234", kind: .speedCadence)
            try await sensor.addAcquireNotify()
            try await withFitnessSensorsPlugin(on: environment) { harness in
                try await harness.waitForStatus(.connected, of: Self.speedSensor)
                #expect(try await sensor.measurementCalls("AcquireNotify") == 1)
                #expect(try await sensor.measurementCalls("StartNotify") == 0, "the socket, not the signals")
                try await sensor.push(Payload.speedCadence(wheel: 100, wheelTime: 0, crank: 50, crankTime: 0))
                try await sensor.push(Payload.speedCadence(wheel: 102, wheelTime: 1024, crank: 51, crankTime: 1024))
                try await harness.waitUntil("a cadence") { !harness.cadences.all.isEmpty }
                #expect(harness.cadences.all.map(\.perMinute) == [60])
                #expect(abs((harness.speeds.all.last?.speedMetersPerSecond ?? 0) - 4.21) < 0.001)
            }
        }
    }

    @Test func aRunningPodsSpeedCadenceAndDistanceComeFromTheFoot() async throws {
        try await withBlueZMock { environment in
            let pod = try await MockFitnessSensor.add(
                to: environment, address: Self.powerMeter, name: "Stryd 4321", kind: .runningPod)
            let clock = ManualClock()
            try await withFitnessSensorsPlugin(on: environment, clock: clock) { harness in
                try await harness.waitForStatus(.connected, of: Self.powerMeter)
                #expect(harness.statuses.all.last?.sensor == .runningPod)
                #expect(harness.statuses.all.last?.detail == "Running pod")
                // Flags 0x02 (total distance): 3 m/s (768/256), 170 steps a minute, 100.0 m.
                try await pod.notify([0x02, 0x00, 0x03, 170] + Payload.uint32(1000))
                try await harness.waitUntil("a first speed") { harness.speeds.all.count == 1 }
                clock.advance(by: .seconds(1))
                try await pod.notify([0x02, 0x00, 0x03, 170] + Payload.uint32(1030))
                try await harness.waitUntil("a second speed") { harness.speeds.all.count == 2 }
                #expect(harness.speeds.all.map(\.speedMetersPerSecond) == [3, 3])
                #expect(harness.speeds.all.map(\.totalDistanceMeters) == [0, 3], "from the pod's own total")
                #expect(harness.speeds.all.map(\.origin) == [.footPod, .footPod])
                #expect(harness.cadences.all.map(\.perMinute) == [170, 170])
            }
        }
    }

    @Test func aTreadmillsSpeedInclineAndDistanceArePublished() async throws {
        try await withBlueZMock { environment in
            let treadmill = try await MockFitnessSensor.add(
                to: environment, address: Self.trainer, name: "NordicTrack T6", kind: .treadmill)
            let clock = ManualClock()
            try await withFitnessSensorsPlugin(on: environment, clock: clock) { harness in
                try await harness.waitForStatus(.connected, of: Self.trainer)
                #expect(harness.statuses.all.last?.detail == "Treadmill")
                // Flags 0x000C: speed (bit 0 clear), total distance, incline and ramp angle: 10.8 km/h, 500 m, 2.5 %.
                let flags: [UInt8] = [0x0C, 0x00]
                try await treadmill.notify(flags + Payload.uint16(1080) + [0xF4, 0x01, 0x00] + [25, 0, 0, 0])
                try await harness.waitUntil("a machine figure") { harness.machines.all.count == 1 }
                clock.advance(by: .seconds(1))
                try await treadmill.notify(flags + Payload.uint16(1080) + [0xF7, 0x01, 0x00] + [25, 0, 0, 0])
                try await harness.waitUntil("a second speed") { harness.speeds.all.count == 2 }
                #expect(harness.speeds.all.allSatisfy { abs(($0.speedMetersPerSecond ?? 0) - 3) < 0.001 })
                #expect(harness.speeds.all.map(\.totalDistanceMeters) == [0, 3])
                #expect(harness.machines.all.first?.inclinePercent == 2.5)
            }
        }
    }

    @Test func aTargetOutsideTheMachinesSupportedPowerRangeIsSentAsTheNearestItTakes() async throws {
        try await withBlueZMock { environment in
            // Supported Power Range: 25 to 400 W in steps of 5.
            let trainer = try await MockFitnessSensor.add(
                to: environment, address: Self.trainer, name: "KICKR 9999", kind: .indoorBike,
                supportedPowerRange: Payload.uint16(25) + Payload.uint16(400) + Payload.uint16(5))
            try await withFitnessSensorsPlugin(on: environment) { harness in
                try await harness.waitForStatus(.connected, of: Self.trainer)
                harness.context.bus.publish(MachineTarget(.power(watts: 500)))
                try await harness.waitUntil("an answer") { !harness.announcements.all.isEmpty }
                #expect(
                    harness.announcements.all.map(\.text) == [
                        "The trainer took 400 watts, the nearest it takes to 500 watts."
                    ])
                #expect(try await trainer.controlPointWrites() == [[0x00], [0x05, 0x90, 0x01]])
                harness.context.bus.publish(MachineTarget(.power(watts: 212)))
                try await harness.waitUntil("a second answer") { harness.announcements.all.count == 2 }
                #expect(
                    harness.announcements.all.last?.text
                        == "The trainer took 210 watts, the nearest it takes to 212 watts.")
            }
        }
    }

    @Test func theBatteryLevelComesWithTheConnectionAndEveryChangeAndALowOneIsSaid() async throws {
        try await withBlueZMock { environment in
            let sensor = try await MockFitnessSensor.add(
                to: environment, address: Self.powerMeter, name: "Assioma 5678", kind: .power, batteryPercent: 80)
            try await withFitnessSensorsPlugin(on: environment) { harness in
                try await harness.waitForStatus(.connected, of: Self.powerMeter)
                #expect(harness.statuses.all.last?.batteryPercent == 80)
                try await sensor.setBattery(15)
                try await harness.waitForStatus(.battery, of: Self.powerMeter)
                #expect(harness.statuses.all.last?.batteryPercent == 15)
                #expect(harness.statuses.all.last?.sensor == .power)
                // At or below 20 % it is said; 12 % is not news yet, 5 % (ten points further down) is.
                try await harness.waitUntil("the warning") { !harness.announcements.all.isEmpty }
                try await sensor.setBattery(12)
                try await harness.waitUntil("12 %") { harness.statuses.all.last?.batteryPercent == 12 }
                try await sensor.setBattery(5)
                try await harness.waitUntil("the second warning") { harness.announcements.all.count == 2 }
                #expect(
                    harness.announcements.all.map(\.text) == [
                        "Power meter battery low: 15%.", "Power meter battery low: 5%.",
                    ])
            }
        }
    }
}
