import Foundation
import HubCore
import Nutrition
import ServiceLifecycle

/// The day's energy budget out loud: "You have 640 calories left today." after each workout, and "640 calories
/// left today" in "status now", for the person whose workout it is (the hub's current person).
///
/// Reads the store's food log, workouts and budget settings (`FoodLedger`) and the profile (`ProfileSource`); says
/// nothing for a person who does not use the budget (no food logged today, no goal or activity level set) or whose
/// profile cannot give a basal rate. On by default; `[plugins.calories] enabled = false` turns it off.
public struct CaloriesLeftPlugin: Plugin {
    public static let id: PluginID = "calories"
    /// On out of the box: the food log is the CLI's, and a person who keeps one wants to hear it. An output for the
    /// person, so it stops after the workout engine: a workout finished by the shutdown is still followed by it.
    public static let capabilities: PluginCapabilities = [.onByDefault, .presentsToPerson]

    /// The `[plugins.calories]` table: nothing to set but `enabled`.
    public struct Configuration: PluginConfiguration {
        public init(_ table: ConfigTable) throws {}
        public init() {}
    }

    /// How often the status part is worked out again: food logged from the CLI, a new day.
    public static let refreshEvery: Duration = .seconds(300)

    private enum Event: Sendable {
        case finished
        case refresh
        case today
        case week
        case stop
    }

    private let context: PluginContext
    private let inbox: Inbox<Event>

    public init(configuration: Configuration, context: PluginContext) {
        self.context = context
        inbox = context.bus.inbox(of: Event.self, subscriber: Self.id.rawValue, capacity: 8) {
            $0.route(WorkoutStateChanged.self) { $0.state == .finished ? .finished : nil }
            $0.route(TodayRequested.self) { $0.span == .week ? .week : .today }
            // Another person chosen, a weighing, a new goal or activity level: the part is worked out again at once,
            // or "status now" would give the last person's calories beside the new one's name.
            $0.route(StoreChanged.self) { $0.section == .profile ? .refresh : nil }
        }
    }

    public func run() async throws {
        guard let ledger = try? context.store((any FoodLedger).self),
            let profiles = try? context.store((any ProfileSource).self)
        else {
            context.logger.info("no food log in this hub's storage: calories left are not said")
            return
        }
        let inbox = inbox, clock = context.clock
        let ticker = Task {
            while !Task.isCancelled {
                guard (try? await clock.sleep(for: Self.refreshEvery)) != nil else { return }
                inbox.post(.refresh)
            }
        }
        defer { ticker.cancel() }
        await withGracefulShutdownHandler {
            inbox.post(.refresh)
            for await event in inbox {
                switch event {
                case .refresh:
                    let (ledger, profiles) = await held(ledger, profiles)
                    let day = await today(ledger: ledger, profiles: profiles)
                    context.bus.publish(Self.statusPart(day))
                case .finished:
                    let (ledger, profiles) = await held(ledger, profiles)
                    let day = await today(ledger: ledger, profiles: profiles)
                    context.bus.publish(Self.statusPart(day))
                    if let day, let sentence = day.sentence { context.bus.publish(Announcement(sentence)) }
                case .today:
                    let (ledger, profiles) = await held(ledger, profiles)
                    context.bus.publish(Announcement(await spokenDay(ledger: ledger, profiles: profiles)))
                case .week:
                    let (ledger, profiles) = await held(ledger, profiles)
                    context.bus.publish(Announcement(await spokenWeek(ledger: ledger, profiles: profiles)))
                case .stop: return
                }
            }
        } onGracefulShutdown: {
            inbox.post(.stop)
        }
    }

    /// What `today` says: the day's eating against its target, and the weight with its trend.
    private func spokenDay(ledger: any FoodLedger, profiles: any ProfileSource) async -> String {
        guard let day = await today(ledger: ledger, profiles: profiles, evenUnused: true) else {
            return "Today's food log cannot be read."
        }
        let weighings =
            (try? await ledger.weights(since: context.clock.now.addingTimeInterval(-90 * 86_400))) ?? []
        guard let last = weighings.last else { return day.spokenSummary }
        return day.spokenSummary + " " + WeightTrend(weighings).spoken(latest: last)
    }

    /// What `today week` says: the last 7 days (today and the 6 before, as `stayfit stats food --period week`).
    private func spokenWeek(ledger: any FoodLedger, profiles: any ProfileSource) async -> String {
        // By hand, not with Calendar (see `today`): each day is the one before the previous day's midnight.
        var days = [CalendarDay(local: context.clock.now)]
        while days.count < 7 {
            days.insert(CalendarDay(local: days[0].localBounds.start.addingTimeInterval(-1)), at: 0)
        }
        do {
            let entries = try await ledger.foodEntries(from: "\(days[0])", through: "\(days[6])")
            let settings = try await ledger.energyBudgetSettings()
            let profile = try await profiles.profile()
            var targets: [String: Int] = [:]
            // Only the logged days' targets count, as in `stats food`: one read of the workouts for each of those.
            for day in days where entries.contains(where: { $0.day == "\(day)" }) {
                let (start, end) = day.localBounds
                let burned = try await ledger.workoutKilocalories(from: start, until: end)
                targets["\(day)"] =
                    EnergyDay(
                        profile: profile, at: start, eaten: 0, burned: burned, activity: settings.activity,
                        goal: settings.goal
                    ).target?.kilocalories
            }
            let start = days[0].localBounds.start
            let weighings = try await ledger.weights(since: start).filter { $0.measuredAt >= start }
            return EnergyWeek(days: days.map(\.description), entries: entries, targets: targets, weighings: weighings)
                .spokenSummary
        } catch {
            context.logger.warning("cannot read the week's food log", metadata: ["error": "\(error)"])
            return "The week's food log cannot be read."
        }
    }

    /// The ledger and profile held to the person current now, for one answer: a person chosen while it is worked out
    /// cannot give it their profile with someone else's food. The store is both views; a test's may not be.
    private func held(_ ledger: any FoodLedger, _ profiles: any ProfileSource) async -> (
        any FoodLedger, any ProfileSource
    ) {
        guard let held = try? await ledger.holdingCurrentPerson() else { return (ledger, profiles) }
        return (held, held as? any ProfileSource ?? profiles)
    }

    /// Today's energy, or nil when the person does not use the budget (unless `evenUnused`) or it cannot be read.
    private func today(ledger: any FoodLedger, profiles: any ProfileSource, evenUnused: Bool = false) async
        -> EnergyDay?
    {
        let now = context.clock.now
        // By hand, not with Calendar: that loads ICU, some 3 MB of the hub's memory for one date.
        let today = CalendarDay(local: now)
        let (start, end) = today.localBounds
        let day = "\(today)"
        do {
            let eaten = try await ledger.foodEntries(from: day, through: day).reduce(0) { $0 + $1.kilocalories }
            let settings = try await ledger.energyBudgetSettings()
            guard evenUnused || eaten > 0 || settings.activity != nil || settings.goal != nil else { return nil }
            let burned = try await ledger.workoutKilocalories(from: start, until: end)
            return EnergyDay(
                profile: try await profiles.profile(), at: now, eaten: eaten, burned: burned,
                activity: settings.activity, goal: settings.goal)
        } catch {
            context.logger.warning("cannot read today's food log", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// After every sensor's part; says nothing without a budget.
    static func statusPart(_ day: EnergyDay?) -> StatusPart {
        StatusPart(source: "calories", place: 900, fresh: "", stale: day?.statusWords ?? "", freshUntil: nil)
    }
}
