import HubCore
import HubStore
import HubTestKit
import Testing

@testable import People

/// The plugin on a real store: choosing by name and in turn, during a workout, and "status now".
@Suite struct PeoplePluginTests {
    private func expectNext(
        _ heard: Inbox<String>, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let next = try await heard.next()
        #expect(next == expected, sourceLocation: sourceLocation)
    }

    /// Whose profile, goal and reminders the hub reads has changed: told as the store watcher tells of the CLI's.
    private func expectChanged(_ heard: Inbox<String>, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        for section in ["profile", "goals", "reminders"] {
            try await expectNext(heard, "changed \(section)", sourceLocation: sourceLocation)
        }
    }

    private func withPlugin(
        _ people: [String], configuration: PeoplePlugin.Configuration = .init(),
        _ body: (PluginContext, Inbox<String>) async throws -> Void
    ) async throws {
        let (context, directory) = try PluginContext.test()
        defer { withExtendedLifetime(directory) {} }
        for name in people { try await context.hubStore.addPerson(named: name) }
        let heard = context.bus.inbox(of: String.self, subscriber: "test") {
            $0.route(Announcement.self) { "say \($0.text)" }
            $0.route(StatusPart.self) { "status \($0.stale)" }
            $0.route(StoreChanged.self) { "changed \($0.section)" }
        }
        let plugin = PeoplePlugin(configuration: configuration, context: context)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await plugin.run() }
            defer { group.cancelAll() }
            try await body(context, heard)
        }
    }

    @Test func choosingByNameOrInTurnSaysHelloAndTheStoreRecordsForThem() async throws {
        try await withPlugin(["Alex", "Sam", "Kim"]) { context, heard in
            try await expectNext(heard, "status for Alex")
            context.bus.publish(ChoosePerson(.named("sam")))
            try await expectNext(heard, "say Hello Sam.")
            try await expectNext(heard, "status for Sam")
            try await expectChanged(heard)
            #expect(try await context.hubStore.currentPerson()?.name == "Sam")
            context.bus.publish(ChoosePerson(.next))
            try await expectNext(heard, "say Hello Kim.")
            try await expectNext(heard, "status for Kim")
            try await expectChanged(heard)
            context.bus.publish(ChoosePerson(.next))
            try await expectNext(heard, "say Hello Alex.")
            try await expectNext(heard, "status for Alex")
            try await expectChanged(heard)
            context.bus.publish(ChoosePerson(.named("Robin")))
            try await expectNext(heard, "say Nobody called Robin trains on this hub.")
            try await expectNext(heard, "status for Alex")
            // Nobody chosen: nothing changed is told.
            context.bus.publish(Announcement("marker"))
            try await expectNext(heard, "say marker")
            #expect(try await context.hubStore.currentPerson()?.name == "Alex")
        }
    }

    @Test func duringAWorkoutTheChoiceIsForTheNextOne() async throws {
        try await withPlugin(["Alex", "Sam"]) { context, heard in
            try await expectNext(heard, "status for Alex")
            context.bus.publish(WorkoutStateChanged(workoutID: 1, state: .running, previous: .idle))
            context.bus.publish(ChoosePerson(.next))
            try await expectNext(heard, "say Hello Sam. The workout after this one is yours.")
        }
    }

    @Test func aHubOfOneOrNoneNamesNobodyInStatusNow() async throws {
        try await withPlugin([]) { context, heard in
            try await expectNext(heard, "status ")
            context.bus.publish(ChoosePerson(.next))
            try await expectNext(heard, "say Nobody has been added to this hub yet.")
        }
        try await withPlugin(["Alex"]) { _, heard in
            try await expectNext(heard, "status ")
        }
    }

    @Test func theConfiguredDefaultPersonIsCurrentFromTheStartAndAnUnknownOneIsSaid() async throws {
        try await withPlugin(["Alex", "Sam"], configuration: .init(defaultPerson: "sam")) { context, heard in
            try await expectNext(heard, "status for Sam")
            #expect(try await context.hubStore.currentPerson()?.name == "Sam")
        }
        try await withPlugin(["Alex", "Sam"], configuration: .init(defaultPerson: "Robin")) { _, heard in
            try await expectNext(
                heard, "say Nobody called Robin trains on this hub: check default-person in the configuration.")
            try await expectNext(heard, "status for Alex")
        }
    }
}
