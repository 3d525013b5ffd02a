import Foundation
import HubCore
import HubTestKit
import Testing

@testable import Buttons

@Suite struct ButtonsPluginTests {
    @Test func aPressPublishesWhatItsActionAsksForAndMusicIsConfirmed() async throws {
        let harness = try WatcherHarness()
        let fifo = try InputEventFIFO(harness.path("dev/buttons"))
        let (context, directory) = try PluginContext.test(clock: harness.clock)
        defer { withExtendedLifetime(directory) {} }
        let configuration = try WatcherHarness.configuration(
            """
            devices = ["\(fifo.path)"]
            [plugins.buttons.keys]
            KEY_ENTER = { short = "start-pause-resume" }
            KEY_N = { short = "next-track" }
            KEY_I = { long = "status-now" }
            """)
        let commands = context.bus.inbox(of: WorkoutCommand.self)
        let music = context.bus.inbox(of: MusicCommand.self)
        let announcements = context.bus.inbox(of: Announcement.self)
        let requests = context.bus.inbox(of: StatusRequested.self)
        let plugin = ButtonsPlugin(configuration: configuration, context: context, finder: harness.finder)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await plugin.run() }
            defer { group.cancelAll() }
            let writer = try await fifo.openWriter()

            harness.clock.advance(by: .seconds(3))
            try writer.tap(28)
            // The command carries the moment of the press, so the engine applies it there.
            #expect(try await commands.next() == WorkoutCommand(.toggle, at: HubInstant(sinceOrigin: .seconds(3))))

            try writer.tap(49)
            #expect(try await music.next() == MusicCommand(.next))
            #expect(try await announcements.next() == Announcement("Next track."))

            // (The first press's long-press timer, no longer needed, runs out here; a new one starts for this one.)
            harness.clock.advance(by: .seconds(1))
            try await harness.afterTimerStarts { try writer.key(23, 1) }
            harness.clock.advance(by: .seconds(1))
            #expect(try await requests.next() == StatusRequested(source: "buttons"))
        }
    }

    @Test func theProgramsPressesSayDoneSkipEasierAndHarderAndNextPersonChoosesWho() async throws {
        let harness = try WatcherHarness()
        let fifo = try InputEventFIFO(harness.path("dev/buttons"))
        let (context, directory) = try PluginContext.test(clock: harness.clock)
        defer { withExtendedLifetime(directory) {} }
        let configuration = try WatcherHarness.configuration(
            """
            devices = ["\(fifo.path)"]
            [plugins.buttons.keys]
            KEY_ENTER = { short = "done" }
            KEY_N = { short = "skip" }
            KEY_I = { short = "easier" }
            KEY_H = { short = "harder" }
            KEY_P = { short = "next-person" }
            """)
        let commands = context.bus.inbox(of: ProgramCommand.self)
        let people = context.bus.inbox(of: ChoosePerson.self)
        let plugin = ButtonsPlugin(configuration: configuration, context: context, finder: harness.finder)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await plugin.run() }
            defer { group.cancelAll() }
            let writer = try await fifo.openWriter()
            for key in [28, 49, 23, 35] { try writer.tap(UInt16(key)) }
            var received: [ProgramCommand.Action] = []
            for _ in 0..<4 { received.append(try await commands.next().action) }
            #expect(received == [.done(repetitions: nil), .skip, .easier, .harder])
            try writer.tap(25)  // KEY_P: next-person
            #expect(try await people.next() == ChoosePerson(.next))
        }
    }

    @Test func onASpedUpClockPressesAreTimedInRealTimeAndApplyWhenPublished() async throws {
        let harness = try WatcherHarness()
        let fifo = try InputEventFIFO(harness.path("dev/buttons"))
        let (context, directory) = try PluginContext.test(clock: ManualClock(speed: 60))
        defer { withExtendedLifetime(directory) {} }
        let configuration = try WatcherHarness.configuration(
            "devices = [\"\(fifo.path)\"]\n[plugins.buttons.keys]\nKEY_ENTER = { short = \"lap\" }")
        let commands = context.bus.inbox(of: WorkoutCommand.self)
        let plugin = ButtonsPlugin(configuration: configuration, context: context, finder: harness.finder)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await plugin.run() }
            defer { group.cancelAll() }
            let writer = try await fifo.openWriter()
            try writer.tap(28)
            #expect(try await commands.next() == WorkoutCommand(.lap, at: nil))
        }
    }
}
