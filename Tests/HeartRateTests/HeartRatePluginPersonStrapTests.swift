import BlueZTestKit
import DBus
import Foundation
import HubCore
import HubStore
import HubTestKit
import People
import Testing

@testable import HeartRate

/// A strap paired to a person (`stayfit devices pair ADDRESS --person Kim`) names whose the next workout is when it
/// connects, through BlueZ on the mock, with the people plugin saying hello.
@Suite(.timeLimit(.minutes(5))) struct HeartRatePluginPersonStrapTests {
    static let kims = "C0:FF:EE:00:00:02"

    /// Sam (the current person, added first) and Kim, each with a strap on the mock; the hub's strap is Kim's,
    /// switched off until the test switches it on (so the people plugin listens before it connects).
    private func withSamAndKim(_ body: (PluginHarness, MockStrap) async throws -> Void) async throws {
        try await withBlueZMock { environment in
            _ = try await MockStrap.add(to: environment)
            let kims = try await MockStrap.add(to: environment, address: Self.kims, name: "Wahoo TICKR")
            try await withHeartRatePlugin(
                on: environment, clock: ManualClock(),
                remembering: HeartRatePluginStrapChoiceTests.remembered(Self.kims, automatically: false),
                preparing: { context in
                    try await context.hubStore.addPerson(named: "Sam")
                    try await context.hubStore.addPerson(named: "Kim")
                    try await context.hubStore.pairStrap(MockStrap.firstAddress, toPersonNamed: "Sam")
                    try await context.hubStore.pairStrap(Self.kims, toPersonNamed: "Kim")
                }
            ) { harness in
                try await harness.waitForStatus(.disconnected)
                let people = PeoplePlugin(configuration: .init(), context: harness.context)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await people.run() }
                    defer { group.cancelAll() }
                    try await body(harness, kims)
                }
            }
        }
    }

    private func switchOn(_ harness: PluginHarness) async throws {
        try await harness.context.hubStore.setConnectAutomatically(true, for: .heartRate)
        harness.context.bus.publish(StoreChanged(section: .devices))
        try await harness.waitForStatus(.connected)
    }

    @Test func aPersonsStrapConnectingSaysHelloAndMakesThemTheCurrentPerson() async throws {
        try await withSamAndKim { harness, _ in
            #expect(try await harness.context.hubStore.currentPerson()?.name == "Sam")
            try await switchOn(harness)
            try await eventually { harness.announcements.all.map(\.text).contains("Hello Kim.") }
            #expect(try await harness.context.hubStore.currentPerson()?.name == "Kim")
            #expect(harness.logs.all.contains { $0.message == "a person's strap connected" })
        }
    }

    @Test func duringAWorkoutAPersonsStrapConnectingLeavesTheNextWorkoutAlone() async throws {
        try await withSamAndKim { harness, kims in
            harness.context.bus.publish(WorkoutStateChanged(workoutID: nil, state: .running, previous: .idle))
            try await eventually { harness.plugin.greeting.workoutUnderWay }
            try await switchOn(harness)
            // The owner is looked up before the strap's readings are read: a reading means the decision was made.
            try await kims.notify([0x00, 0x64])
            try await harness.waitForReadings(1)
            // Counted as the bus hands them out to the people plugin: none was ever published.
            let type = "\(ChoosePerson.self)"
            #expect(
                harness.context.bus.statistics().filter { $0.messageType == type }.reduce(0) { $0 + $1.delivered } == 0)
            #expect(try await harness.context.hubStore.currentPerson()?.name == "Sam")
            #expect(!harness.announcements.all.contains { $0.text.hasPrefix("Hello") })
        }
    }
}

/// Two people's straps in range at once, and nothing remembered: the hub follows either, and the one connected first
/// keeps it until its workout ends.
@Suite(.timeLimit(.minutes(5))) struct HeartRatePluginTwoStrapsTests {
    static let kims = HeartRatePluginPersonStrapTests.kims

    @Test func theStrapConnectedFirstWinsUntilItsWorkoutEndsThenTheOneThatWaitedTakesOver() async throws {
        try await withBlueZMock { environment in
            let sams = try await MockStrap.add(to: environment)
            let kims = try await MockStrap.add(to: environment, address: Self.kims, name: "Wahoo TICKR")
            var people: PeoplePlugin?
            try await withHeartRatePlugin(
                on: environment, clock: ManualClock(),
                preparing: { context in
                    try await context.hubStore.addPerson(named: "Sam")
                    try await context.hubStore.addPerson(named: "Kim")
                    try await context.hubStore.pairStrap(MockStrap.firstAddress, toPersonNamed: "Sam")
                    try await context.hubStore.pairStrap(Self.kims, toPersonNamed: "Kim")
                    // Listening before the heart-rate plugin starts, so that the first hello is heard.
                    people = PeoplePlugin(configuration: .init(), context: context)
                }
            ) { harness in
                let people = try #require(people)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await people.run() }
                    defer { group.cancelAll() }
                    let store = harness.context.hubStore
                    func said(_ text: String) -> Int { harness.announcements.all.filter { $0.text == text }.count }

                    // Both in range: the first of the people's straps is connected, and says hello.
                    try await harness.waitForStatus(.connected)
                    #expect(harness.statuses.all.last?.device == "Polar H10 1234 (\(MockStrap.firstAddress))")
                    try await eventually { said("Hello Sam.") == 1 }
                    #expect(try await store.currentPerson()?.name == "Sam")

                    // Sam's workout: Kim's strap waits, and the hub says so once however the workout goes.
                    let waits = "Sam's strap is connected; Kim's waits until this workout ends."
                    harness.context.bus.publish(WorkoutStateChanged(workoutID: 1, state: .running, previous: .idle))
                    try await eventually { said(waits) == 1 }
                    harness.context.bus.publish(WorkoutStateChanged(workoutID: 1, state: .paused, previous: .running))
                    harness.context.bus.publish(WorkoutStateChanged(workoutID: 1, state: .running, previous: .paused))
                    try await sams.notify([0x00, 0x64])
                    try await harness.waitForReadings(1)
                    #expect(harness.readings.all.map(\.source) == [MockStrap.firstAddress])
                    #expect(try await kims.deviceCalls("Connect") == 0, "left alone during Sam's workout")

                    // The workout ends: Sam's strap is let go and Kim's, which waited, is connected and says hello.
                    harness.context.bus.publish(WorkoutStateChanged(workoutID: 1, state: .finished, previous: .running))
                    try await harness.waitForStatus(.connected, count: 2)
                    #expect(harness.statuses.all.last?.device == "Wahoo TICKR (\(Self.kims))")
                    #expect(try await sams.deviceCalls("Disconnect") == 1)
                    try await eventually { said("Hello Kim.") == 1 }
                    #expect(try await store.currentPerson()?.name == "Kim")
                    #expect(said(waits) == 1)
                    #expect(!harness.statusList.contains(.lost), "a hand-over is no loss: \(harness.statusList)")
                    try await kims.notify([0x00, 0x5a])
                    try await harness.waitForReadings(2)
                    #expect(harness.readings.all.last?.source == Self.kims)
                }
            }
        }
    }

    @Test func aStrapBlueZHasNotHeardIsListenedForWhenTheWorkoutStarts() async throws {
        try await withBlueZMock { environment in
            _ = try await MockStrap.add(to: environment)
            try await withHeartRatePlugin(
                on: environment, clock: ManualClock(),
                preparing: { context in
                    try await context.hubStore.addPerson(named: "Sam")
                    try await context.hubStore.addPerson(named: "Kim")
                    try await context.hubStore.pairStrap(MockStrap.firstAddress, toPersonNamed: "Sam")
                    try await context.hubStore.pairStrap(Self.kims, toPersonNamed: "Kim")
                }
            ) { harness in
                try await harness.waitForStatus(.connected)
                harness.context.bus.publish(WorkoutStateChanged(workoutID: 1, state: .running, previous: .idle))
                // Nobody else's strap known: the plugin listens, and Kim's starts advertising meanwhile.
                try await eventually {
                    try await environment.connection.property(
                        "Discovering", interface: "org.bluez.Adapter1", path: "/org/bluez/hci0",
                        destination: "org.bluez"
                    ).bool == true
                }
                let kims = try await MockStrap.add(to: environment, address: Self.kims, name: "Wahoo TICKR")
                try await eventually {
                    harness.announcements.all.map(\.text).contains(
                        "Sam's strap is connected; Kim's waits until this workout ends.")
                }
                #expect(try await kims.deviceCalls("Connect") == 0)
                harness.context.bus.publish(WorkoutStateChanged(workoutID: 1, state: .finished, previous: .running))
                try await harness.waitForStatus(.connected, count: 2)
                #expect(harness.statuses.all.last?.device == "Wahoo TICKR (\(Self.kims))")
            }
        }
    }

    @Test func aStrapThatComesDuringTheWorkoutIsSaidToWaitWithoutAScanAndTakesOverAtItsEnd() async throws {
        try await withBlueZMock { environment in
            _ = try await MockStrap.add(to: environment)
            let clock = ManualClock()
            try await withHeartRatePlugin(
                on: environment, clock: clock,
                preparing: { context in
                    try await context.hubStore.addPerson(named: "Sam")
                    try await context.hubStore.addPerson(named: "Kim")
                    try await context.hubStore.pairStrap(MockStrap.firstAddress, toPersonNamed: "Sam")
                    try await context.hubStore.pairStrap(Self.kims, toPersonNamed: "Kim")
                }
            ) { harness in
                func discovering() async throws -> Bool {
                    try await environment.connection.property(
                        "Discovering", interface: "org.bluez.Adapter1", path: "/org/bluez/hci0",
                        destination: "org.bluez"
                    ).bool == true
                }
                func said() -> [String] { harness.announcements.all.map(\.text) }
                try await harness.waitForStatus(.connected)
                harness.context.bus.publish(WorkoutStateChanged(workoutID: 1, state: .running, previous: .idle))
                // The look when the workout starts finds nobody else's strap: it listens, then gives up.
                try await eventually { try await discovering() }
                try await eventually {
                    clock.advance(by: HeartRatePlugin.listenForWaitingStraps)
                    return try await !discovering()
                }
                // Kim's strap comes mid-workout: said at once, with no discovery started for it, and left alone.
                let kims = try await MockStrap.add(to: environment, address: Self.kims, name: "Wahoo TICKR")
                let late = "Kim's strap is connected; it waits until this workout ends."
                try await eventually { said().contains(late) }
                #expect(try await !discovering())
                #expect(try await kims.deviceCalls("Connect") == 0)
                #expect(!said().contains { $0.hasPrefix("Sam's strap is connected") }, "\(said())")
                // The workout ends: Kim's strap, which waited, takes over.
                harness.context.bus.publish(WorkoutStateChanged(workoutID: 1, state: .finished, previous: .running))
                try await harness.waitForStatus(.connected, count: 2)
                #expect(harness.statuses.all.last?.device == "Wahoo TICKR (\(Self.kims))")
                #expect(said().filter { $0 == late }.count == 1)
            }
        }
    }

    @Test func withNobodyElsesStrapInRangeAWorkoutEndingChangesNothing() async throws {
        try await withBlueZMock { environment in
            let sams = try await MockStrap.add(to: environment)
            try await withHeartRatePlugin(
                on: environment, clock: ManualClock(),
                preparing: { context in
                    try await context.hubStore.addPerson(named: "Sam")
                    try await context.hubStore.addPerson(named: "Kim")
                    try await context.hubStore.pairStrap(MockStrap.firstAddress, toPersonNamed: "Sam")
                    try await context.hubStore.pairStrap(Self.kims, toPersonNamed: "Kim")
                }
            ) { harness in
                try await harness.waitForStatus(.connected)
                harness.context.bus.publish(WorkoutStateChanged(workoutID: 1, state: .running, previous: .idle))
                harness.context.bus.publish(WorkoutStateChanged(workoutID: 1, state: .finished, previous: .running))
                // Readings published after both changes were handled: the session is still Sam's.
                try await eventually { !harness.plugin.greeting.workoutUnderWay }
                try await sams.notify([0x00, 0x64])
                try await harness.waitForReadings(1)
                #expect(harness.statusList == [.connecting, .connected])
                #expect(!harness.announcements.all.contains { $0.text.contains("waits") })
                #expect(try await sams.deviceCalls("Disconnect") == 0)
            }
        }
    }
}

/// When a connecting strap's owner is chosen, and when not.
@Suite struct StrapOwnerGreetingTests {
    @Test func aRestoredLinkGreetsOnlySomebodyNewAndAWorkoutUnderWayNobody() {
        let greeting = StrapOwnerGreeting()
        #expect(greeting.shouldGreet("Sam", restored: false))
        #expect(!greeting.shouldGreet("Sam", restored: true), "Sam's strap dropped out and came back")
        #expect(greeting.shouldGreet("Sam", restored: false), "a new connection, e.g. after 'stayfit devices'")
        #expect(greeting.shouldGreet("Kim", restored: true))
        greeting.workoutChanged(to: .paused)
        #expect(!greeting.shouldGreet("Sam", restored: false))
        #expect(greeting.shouldGreet("Kim", restored: false, afterWorkout: true), "handed over as a workout ended")
        greeting.workoutChanged(to: .finished)
        #expect(greeting.shouldGreet("Sam", restored: false))
    }
}
