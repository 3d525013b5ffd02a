import HubCore
import ServiceLifecycle

/// Whose the next workout is on a hub shared by several people: `ChoosePerson` (the console's `person Sam`, a
/// button's `next-person`) makes someone the current person and says hello; "status now" names them.
///
/// The choice is the store's (`PeopleRoster`): the workout engine records for the current person, and `stayfit
/// people use` sets the same. A workout under way stays whose it was; the choice is for the next one. On by
/// default; with fewer than two people it says nothing in "status now".
public struct PeoplePlugin: Plugin {
    public static let id: PluginID = "people"
    public static let capabilities: PluginCapabilities = [.onByDefault]

    /// The `[plugins.people]` table.
    public struct Configuration: PluginConfiguration {
        /// Whose the workouts are when the hub starts, until a strap, the console or a button chooses another
        /// (`default-person = "Sam"`); nil: whoever was current.
        public var defaultPerson: String?

        public init(_ table: ConfigTable) throws {
            defaultPerson = try table.optionalString("default-person").flatMap { $0.isEmpty ? nil : $0 }
        }

        public init(defaultPerson: String? = nil) { self.defaultPerson = defaultPerson }
    }

    private enum Event: Sendable {
        case choose(ChoosePerson.Choice)
        case state(WorkoutState)
        case stop
    }

    private let configuration: Configuration
    private let context: PluginContext
    private let inbox: Inbox<Event>

    public init(configuration: Configuration, context: PluginContext) {
        self.configuration = configuration
        self.context = context
        inbox = context.bus.inbox(of: Event.self, subscriber: Self.id.rawValue, capacity: 16) {
            $0.route(ChoosePerson.self) { .choose($0.choice) }
            $0.route(WorkoutStateChanged.self) { .state($0.state) }
        }
    }

    public func run() async throws {
        guard let roster = try? context.store((any PeopleRoster).self) else {
            context.logger.info("no people in this hub's storage: the next person cannot be chosen")
            return
        }
        let inbox = inbox
        var state = WorkoutState.idle
        await withGracefulShutdownHandler {
            if let name = configuration.defaultPerson {
                // Said only when it fails: a hub starting says nothing else about who is current.
                if (try? await roster.choosePerson(named: name)) == nil {
                    context.logger.warning("no such default person", metadata: ["default-person": "\(name)"])
                    context.bus.publish(
                        Announcement(
                            "Nobody called \(Format.printable(name, limit: 60)) trains on this hub: check "
                                + "default-person in the configuration."))
                }
            }
            await publishPart(roster)
            for await event in inbox {
                switch event {
                case .choose(let choice):
                    let (words, chosen) = await choose(choice, in: roster, during: state)
                    context.bus.publish(Announcement(words))
                    await publishPart(roster)
                    guard chosen else { continue }
                    // The hub's own writes bring no `StoreChanged` from the store watcher: without these, whoever
                    // caches the current person's profile, goal or reminders (the calories part of "status now")
                    // would go on with the last person's. The same sections the store's triggers count.
                    for section in [StoreSection.profile, .goals, .reminders] {
                        context.bus.publish(StoreChanged(section: section))
                    }
                case .state(let new): state = new
                case .stop: return
                }
            }
        } onGracefulShutdown: {
            inbox.post(.stop)
        }
    }

    /// Chooses, and what to say of it; `chosen` is false when nobody was.
    private func choose(_ choice: ChoosePerson.Choice, in roster: any PeopleRoster, during state: WorkoutState)
        async -> (words: String, chosen: Bool)
    {
        do {
            let (names, current) = try await roster.roster()
            guard !names.isEmpty else { return ("Nobody has been added to this hub yet.", false) }
            let wanted: String
            switch choice {
            case .named(let name): wanted = name
            case .next:
                let index = current.flatMap { current in names.firstIndex { $0 == current } }
                wanted = names[index.map { ($0 + 1) % names.count } ?? 0]
            }
            guard let chosen = try await roster.choosePerson(named: wanted) else {
                return ("Nobody called \(Format.printable(wanted, limit: 60)) trains on this hub.", false)
            }
            let underWay = state == .running || state == .paused
            return (underWay ? "Hello \(chosen). The workout after this one is yours." : "Hello \(chosen).", true)
        } catch {
            context.logger.error("cannot choose the person", metadata: ["error": "\(error)"])
            return ("The person cannot be chosen: \(error)", false)
        }
    }

    /// "for Sam" at the end of "status now", when more than one person trains on the hub.
    private func publishPart(_ roster: any PeopleRoster) async {
        let (names, current) = (try? await roster.roster()) ?? ([], nil)
        let words = names.count > 1 ? current.map { "for \($0)" } ?? "" : ""
        context.bus.publish(StatusPart(source: "person", place: 1000, fresh: "", stale: words, freshUntil: nil))
    }
}
