import Foundation
import HubCore
import ServiceLifecycle

/// Fires the reminders set with `stayfit reminders` at their local time, as an `Announcement` (the coach says it,
/// the console prints it).
///
/// The schedule runs on the hub's monotonic clock in bounded sleeps (at most `longestSleep`), and each wake
/// works out from the wall clock what is due: a daylight-saving change moves nothing, a wall clock that steps
/// forward (NTP at boot) is noticed within a minute and what it stepped over is mentioned as missed rather than
/// fired in a burst, and one that steps back fires nothing twice. A reminder due while the hub was off, or before
/// the wall clock was set, is mentioned once at start ("missed: …"); the store keeps how far each reminder was
/// handled, so a restart does not mention it again. Changes made with the CLI arrive as `StoreChanged`.
public struct RemindersPlugin: Plugin {
    public static let id: PluginID = "reminders"

    /// The longest sleep: a step of the wall clock is noticed within this much time.
    static let longestSleep = Duration.seconds(60)

    /// How late a reminder may still fire (a busy machine, a short step of the clock); later, it is missed. In a
    /// simulation sped up N times, N times as much: a busy machine's delay is that much hub time.
    static let lateness: TimeInterval = 120

    public struct Configuration: PluginConfiguration {
        /// The zone of the reminders' times of day.
        public var timeZone: TimeZone
        /// A reminder missed longer ago than this is not mentioned at all.
        public var mentionMissedWithin: TimeInterval
        /// How long to wait at start for the wall clock to be synchronised before trusting it anyway.
        public var clockSyncWait: Duration

        public init(_ table: ConfigTable) throws {
            let zone = try table.string("time-zone", default: "")
            if zone.isEmpty {
                timeZone = TimeZone.current
            } else if let named = TimeZone(identifier: zone) {
                timeZone = named
            } else {
                throw table.invalid(
                    "time-zone", problem: "\"\(Format.printable(zone))\" is not a time zone",
                    fix: "Use a name from the time-zone database such as \"Europe/Berlin\", or \"\" for the system's.")
            }
            mentionMissedWithin = Double(try table.int("mention-missed-within-hours", default: 24, in: 0...720)) * 3600
            clockSyncWait = .seconds(try table.int("clock-sync-wait-minutes", default: 10, in: 0...1440) * 60)
        }
    }

    private let configuration: Configuration
    private let context: PluginContext
    private let changes: Inbox<StoreChanged>

    public init(configuration: Configuration, context: PluginContext) {
        self.configuration = configuration
        self.context = context
        changes = context.bus.inbox(of: StoreChanged.self, subscriber: "reminders")
    }

    public func run() async throws {
        let wake = WakeSignal()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [changes] in
                for await change in changes where change.section == .reminders { wake.fire() }
            }
            defer { group.cancelAll() }
            do {
                try await cancelWhenGracefulShutdown { try await schedule(waking: wake) }
            } catch is CancellationError {
                return
            }
        }
    }

    /// The scheduling loop: look, sleep until the next trigger (at most `longestSleep`) or a change, repeat.
    private func schedule(waking wake: WakeSignal) async throws {
        let clock = context.clock
        // All the plugin asks of the store: the reminders, and how far each was handled.
        let book = try context.store((any ReminderBook).self)
        try await waitForTheWallClock(waking: wake)
        var scheduler = ReminderScheduler(
            schedule: ReminderSchedule(timeZone: configuration.timeZone), lateness: Self.lateness * clock.speed,
            mentionMissedWithin: configuration.mentionMissedWithin)
        await reload(&scheduler, from: book)
        var firstLook = true
        while true {
            let now = clock.now
            let look = scheduler.look(at: now, isFirst: firstLook)
            firstLook = false
            if look.clockWentBack { context.logger.notice("the wall clock went back by more than a day") }
            publish(look, now: now)
            await record(look, now: now, in: book)
            var sleep = Self.longestSleep
            if let next = scheduler.nextFiring(after: now) {
                // A millisecond past the trigger, so that the wake-up finds it due.
                sleep = min(sleep, .milliseconds(Int64((next.timeIntervalSince(now) * 1000).rounded(.up)) + 1))
            }
            if try await wake.sleep(on: clock, until: clock.instant + sleep) { await reload(&scheduler, from: book) }
        }
    }

    /// Waits, at most `clockSyncWait`, for the wall clock to be set: until then it may read 1970 or the time the
    /// machine last shut down, and nothing due by it is due.
    private func waitForTheWallClock(waking wake: WakeSignal) async throws {
        let clock = context.clock
        guard !clock.isWallClockSynchronised else { return }
        context.logger.info("waiting for the wall clock to be set before firing reminders")
        let deadline = clock.instant + configuration.clockSyncWait
        while !clock.isWallClockSynchronised {
            guard clock.instant < deadline else {
                context.logger.warning(
                    "the wall clock is still not synchronised; reminders go by it as it is",
                    metadata: ["waited": "\(configuration.clockSyncWait)"])
                return
            }
            // Store changes do not matter yet; they are read once the clock is set.
            _ = try await wake.sleep(on: clock, until: min(deadline, clock.instant + Self.longestSleep))
        }
    }

    private func reload(_ scheduler: inout ReminderScheduler, from book: any ReminderBook) async {
        do {
            scheduler.update(
                reminders: try await book.reminders(), handledUntil: try await book.remindersHandledUntil())
        } catch {
            context.logger.warning("cannot read the reminders", metadata: ["error": "\(error)"])
        }
    }

    private func publish(_ look: ReminderScheduler.Look, now: Date) {
        for (reminder, trigger) in look.due {
            let text =
                trigger.minutesBefore == 0
                ? "Reminder: \(reminder.title)."
                : "In \(Format.counted(trigger.minutesBefore, "minute")): \(reminder.title)."
            context.logger.info("reminder due", metadata: ["reminder": "\(reminder.id)", "text": "\(text)"])
            context.bus.publish(Announcement(text, priority: .important))
        }
        for (reminder, trigger) in look.missed {
            let text = "missed: \(reminder.title) (\(look.label(of: trigger, reminder)))"
            context.logger.info("reminder missed", metadata: ["reminder": "\(reminder.id)"])
            context.bus.publish(Announcement(text))
        }
    }

    /// Keeps how far each reminder was handled, so that a restart neither fires nor mentions it again.
    private func record(_ look: ReminderScheduler.Look, now: Date, in book: any ReminderBook) async {
        guard !look.handled.isEmpty else { return }
        do {
            try await book.setRemindersHandled(until: now, ids: look.handled)
        } catch {
            context.logger.warning(
                "cannot record the reminders handled; a restart may mention them again",
                metadata: ["error": "\(error)"])
        }
    }
}
