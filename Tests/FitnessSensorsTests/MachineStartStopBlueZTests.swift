import BlueZTestKit
import HubCore
import HubTestKit
import Testing

@testable import FitnessSensors

/// The workout starts, pauses, resumes and stops a fitness machine through its control point on the BlueZ mock:
/// Start or Resume (0x07), Stop or Pause (0x08 with 0x01 stop, 0x02 pause), after Request Control (0x00).
@Suite(.timeLimit(.minutes(5))) struct MachineStartStopBlueZTests {
    static let trainer = "C0:FF:EE:00:00:04"

    static func changed(_ state: WorkoutState, from previous: WorkoutState) -> WorkoutStateChanged {
        WorkoutStateChanged(workoutID: nil, state: state, previous: previous)
    }

    @Test func theWorkoutStartsPausesResumesAndStopsTheMachineAfterControlQuietly() async throws {
        try await withBlueZMock { environment in
            let trainer = try await MockFitnessSensor.add(
                to: environment, address: Self.trainer, name: "KICKR 9999", kind: .indoorBike)
            try await withFitnessSensorsPlugin(on: environment) { harness in
                try await harness.waitForStatus(.connected, of: Self.trainer)
                let bus = harness.context.bus
                bus.publish(Self.changed(.running, from: .idle))
                try await eventually { try await trainer.controlPointWrites().count == 2 }
                #expect(try await trainer.controlPointWrites() == [[0x00], [0x07]], "control first, then start")
                bus.publish(Self.changed(.paused, from: .running))
                bus.publish(Self.changed(.running, from: .paused))
                bus.publish(Self.changed(.finished, from: .running))
                try await eventually { try await trainer.controlPointWrites().count == 5 }
                #expect(
                    try await trainer.controlPointWrites() == [[0x00], [0x07], [0x08, 0x02], [0x07], [0x08, 0x01]],
                    "control is asked for once")
                #expect(harness.announcements.all.isEmpty, "the machine's yes is not said")
            }
        }
    }

    @Test func aMachineBackAfterADropOutMidWorkoutIsStartedAgain() async throws {
        try await withBlueZMock { environment in
            let trainer = try await MockFitnessSensor.add(
                to: environment, address: Self.trainer, name: "KICKR 9999", kind: .indoorBike)
            let clock = ManualClock()
            try await withFitnessSensorsPlugin(on: environment, clock: clock) { harness in
                try await harness.waitForStatus(.connected, of: Self.trainer)
                harness.context.bus.publish(Self.changed(.running, from: .idle))
                try await eventually { try await trainer.controlPointWrites().count == 2 }
                try await trainer.updateDevice(["Connected": .bool(false)])
                try await harness.waitForStatus(.lost, of: Self.trainer)
                try await clock.waitForSleepers(1)
                clock.advance(by: .seconds(1))
                try await harness.waitForStatus(.restored, of: Self.trainer)
                // A new connection knows nothing of the start: control is asked for again, and the start.
                try await eventually { try await trainer.controlPointWrites().count == 4 }
                #expect(try await trainer.controlPointWrites() == [[0x00], [0x07], [0x00], [0x07]])
            }
        }
    }

    @Test func aTreadmillsBeltIsNeverStartedFromAfarButPausesAndStopsWithTheWorkout() async throws {
        try await withBlueZMock { environment in
            let treadmill = try await MockFitnessSensor.add(
                to: environment, address: Self.trainer, name: "Treadmill 7", kind: .treadmill)
            try await withFitnessSensorsPlugin(on: environment) { harness in
                try await harness.waitForStatus(.connected, of: Self.trainer)
                let bus = harness.context.bus
                bus.publish(Self.changed(.running, from: .idle))
                bus.publish(Self.changed(.paused, from: .running))
                bus.publish(Self.changed(.running, from: .paused))
                bus.publish(Self.changed(.finished, from: .running))
                try await eventually { try await treadmill.controlPointWrites().count == 3 }
                #expect(
                    try await treadmill.controlPointWrites() == [[0x00], [0x08, 0x02], [0x08, 0x01]],
                    "no Start or Resume (0x07): the person starts the belt at the treadmill")
            }
        }
    }

    @Test func aMachinePausedByItsOwnButtonsIsNotAskedToPauseOrResumeAgain() async throws {
        try await withBlueZMock { environment in
            let trainer = try await MockFitnessSensor.add(
                to: environment, address: Self.trainer, name: "KICKR 9999", kind: .indoorBike)
            try await withFitnessSensorsPlugin(on: environment) { harness in
                try await harness.waitForStatus(.connected, of: Self.trainer)
                let bus = harness.context.bus
                bus.publish(Self.changed(.running, from: .idle))
                try await harness.waitUntil("the machine started") {
                    harness.plugin.shared.controlPoint?.machineRun == .started
                }
                try await trainer.notifyStatus([0x02, 0x02])  // paused on the machine
                try await harness.waitUntil("the workout's pause") { harness.commands.all.count == 1 }
                bus.publish(Self.changed(.paused, from: .running))
                try await trainer.notifyStatus([0x04])  // resumed on the machine
                try await harness.waitUntil("the workout's resume") { harness.commands.all.count == 2 }
                bus.publish(Self.changed(.running, from: .paused))
                bus.publish(Self.changed(.finished, from: .running))
                try await eventually { try await trainer.controlPointWrites().count == 3 }
                #expect(try await trainer.controlPointWrites() == [[0x00], [0x07], [0x08, 0x01]])
                #expect(harness.commands.all.map(\.action) == [.pause, .resume])
            }
        }
    }

    @Test func aRefusedControlOrStartIsSaidOnceAndTheWorkoutGoesOn() async throws {
        try await withBlueZMock { environment in
            let trainer = try await MockFitnessSensor.add(
                to: environment, address: Self.trainer, name: "KICKR 9999", kind: .indoorBike)
            try await trainer.answerControlPoint(opCode: 0x00, with: 0x05)
            try await withFitnessSensorsPlugin(on: environment) { harness in
                try await harness.waitForStatus(.connected, of: Self.trainer)
                let bus = harness.context.bus
                bus.publish(Self.changed(.running, from: .idle))
                try await harness.waitUntil("the refusal") { !harness.announcements.all.isEmpty }
                bus.publish(Self.changed(.paused, from: .running))
                try await eventually { try await trainer.controlPointWrites().count == 2 }
                #expect(
                    try await trainer.controlPointWrites() == [[0x00], [0x00]], "no start or pause without control")
                try await trainer.answerControlPoint(opCode: 0x00, with: 0x01)
                try await trainer.answerControlPoint(opCode: 0x07, with: 0x04)
                bus.publish(Self.changed(.running, from: .paused))
                bus.publish(MachineTarget(.power(watts: 200)))
                try await harness.waitUntil("the target's answer") { harness.announcements.all.count == 2 }
                #expect(
                    harness.announcements.all.map(\.text) == [
                        "The trainer refused: control not permitted.", "The trainer took 200 watts.",
                    ], "the failed resume is logged, not said again in this workout")
                #expect(try await trainer.controlPointWrites().suffix(3) == [[0x00], [0x07], [0x05, 0xC8, 0x00]])
                #expect(harness.commands.all.isEmpty, "the workout goes on")
            }
        }
    }

    @Test func aMachineThatCannotBeStartedIsNotAskedAgain() async throws {
        try await withBlueZMock { environment in
            let trainer = try await MockFitnessSensor.add(
                to: environment, address: Self.trainer, name: "KICKR 9999", kind: .indoorBike)
            try await trainer.answerControlPoint(opCode: 0x07, with: 0x02)
            try await withFitnessSensorsPlugin(on: environment) { harness in
                try await harness.waitForStatus(.connected, of: Self.trainer)
                let bus = harness.context.bus
                bus.publish(Self.changed(.running, from: .idle))
                try await eventually { try await trainer.controlPointWrites().count == 2 }
                bus.publish(Self.changed(.paused, from: .running))
                bus.publish(Self.changed(.finished, from: .paused))
                bus.publish(MachineTarget(.power(watts: 200)))
                try await harness.waitUntil("the target's answer") { !harness.announcements.all.isEmpty }
                #expect(try await trainer.controlPointWrites() == [[0x00], [0x07], [0x05, 0xC8, 0x00]])
                #expect(harness.announcements.all.map(\.text) == ["The trainer took 200 watts."])
            }
        }
    }
}
