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
        greeting.workoutChanged(to: .finished)
        #expect(greeting.shouldGreet("Sam", restored: false))
    }
}
