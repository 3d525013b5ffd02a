import Foundation
import HubCore
import HubTestKit
import Reminders
import Testing

/// A reminders plugin on a `ManualClock` in Europe/Berlin, with what it says collected in order.
struct RemindersHarness: ~Copyable {
    static let berlin: TimeZone = {
        guard let zone = TimeZone(identifier: "Europe/Berlin") else { preconditionFailure("no Europe/Berlin zone") }
        return zone
    }()
    let clock: ManualClock
    let context: PluginContext
    /// The real store's directory; nil for a harness over an in-memory book.
    let directory: TemporaryDirectory?
    private let announcements: Inbox<Announcement>

    /// - Parameter now: the wall clock at start, as a local Berlin time `yyyy-MM-dd HH:mm`.
    /// - Parameter book: the reminders the plugin reads, in memory; nil for a real store in a temporary directory.
    init(at now: String, synchronised: Bool = true, book: InMemoryReminderBook? = nil) throws {
        clock = ManualClock(now: Self.date(now))
        clock.setWallClockSynchronised(synchronised)
        if let book {
            (context, directory) = (PluginContext.test(storage: book, clock: clock), nil)
        } else {
            (context, directory) = try PluginContext.test(clock: clock)
        }
        announcements = context.bus.inbox(of: Announcement.self, subscriber: "test")
    }

    static func date(_ local: String) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = berlin
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        guard let date = formatter.date(from: local) else { preconditionFailure("bad test date \(local)") }
        return date
    }

    /// `2026-03-29 07:00 Sun +0200`: a wall time as Berlin reads it, with its offset.
    static func label(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = berlin
        formatter.dateFormat = "yyyy-MM-dd HH:mm EEE xx"
        return formatter.string(from: date)
    }

    func plugin(clockSyncWaitMinutes: Int = 10) throws -> RemindersPlugin {
        let table = ConfigTable(
            values: ["time-zone": .string("Europe/Berlin"), "clock-sync-wait-minutes": .integer(clockSyncWaitMinutes)],
            keyPath: ["plugins", "reminders"], source: ConfigSource(file: "test.toml", text: ""))
        return RemindersPlugin(configuration: try RemindersPlugin.Configuration(table), context: context)
    }

    @discardableResult
    func add(_ title: String, at time: String, on days: Weekdays, alert: Int? = nil, addedAt: Date? = nil)
        async throws -> Reminder
    {
        let parts = time.split(separator: ":").compactMap { Int($0) }
        let timeOfDay = try #require(TimeOfDay(hour: parts[0], minute: parts[1]))
        return try await context.hubStore.addReminder(
            Reminder(title: title, time: timeOfDay, weekdays: days, alertMinutesBefore: alert),
            at: addedAt ?? clock.now)
    }

    /// Runs a fresh plugin while `body` runs; the plugin has made its first look and sleeps when `body` starts.
    func running(clockSyncWaitMinutes: Int = 10, _ body: () async throws -> Void) async throws {
        let plugin = try plugin(clockSyncWaitMinutes: clockSyncWaitMinutes)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await plugin.run() }
            try await clock.waitForSleepers(1)
            try await body()
            group.cancelAll()
        }
    }

    /// Moves hub and wall time on by `duration` and waits until the plugin has looked and sleeps again.
    func advance(by duration: Duration) async throws {
        clock.advance(by: duration)
        try await clock.waitForSleepers(1)
    }

    /// Moves hub and wall time on in one step until the wall clock reads `local` and 30 seconds: the plugin,
    /// whose deadline is a little after the minute it waits for, wakes once and looks then, as a busy machine
    /// that woke it late would.
    func advance(to local: String) async throws {
        let target = Self.date(local).addingTimeInterval(30)
        try await advance(by: .milliseconds(Int64((target.timeIntervalSince(clock.now) * 1000).rounded())))
    }

    /// Every announcement published so far and not taken yet, in order.
    ///
    /// A marker published now comes after them, so reading up to it takes exactly them.
    func published() async throws -> [String] {
        context.bus.publish(Announcement("(marker)"))
        var texts: [String] = []
        while true {
            let announcement = try await announcements.next()
            if announcement.text == "(marker)" { break }
            texts.append(announcement.text)
        }
        return texts
    }
}
