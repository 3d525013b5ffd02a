import Foundation
import GuidedWorkouts
import HubCore
import HubStore
import Programs

/// `stayfit demo --program`: the program the demo follows, the settings its targets need, and the simulated
/// person who says `done` at the end of each set.
struct DemoProgram {
    let entry: ProgramLibraryEntry
    /// The profile's FTP, else the simulated rider's.
    let ftpWatts: Int
    /// Predicted from the profile's birth date, else the simulated person's.
    let maxHeartRate: Int

    /// The simulated rider's FTP and the simulated person's maximum heart rate, where the profile has none.
    static let simulatedFTP = 200
    static let simulatedMaxHeartRate = 190
    /// How long the simulated person takes over a set that waits for `done`, in hub time.
    static let setTime: Duration = .seconds(40)

    /// The program of that id or name among the store's (the person's own and the built-in ones).
    init(named name: String, store: HubStore, now: Date) async throws {
        let entries = try await ShelfProgramLibrary(shelf: store).programs()
        guard let entry = entries.named(name) else {
            throw CLIError(
                "there is no program \(Format.printable(name, limit: 60)); give an id or a name from: stayfit "
                    + "programs list", exitCode: 64)
        }
        self.entry = entry
        let profile = try? await store.profile()
        ftpWatts = profile?.ftpWatts ?? Self.simulatedFTP
        let age = profile?.ageYears(on: now).flatMap { $0 > 0 ? $0 : nil }
        maxHeartRate = age.map { Int(MaximumHeartRate.predicted(ageYears: $0).rounded()) } ?? Self.simulatedMaxHeartRate
    }

    /// Minutes of simulated workout that leave the program room to end: the workout ends with the program, and
    /// a simulated runner is slower than a program's target pace.
    var minutes: Int {
        let estimate = Double(entry.program.estimatedDuration.components.seconds) / 60
        return min(600, Int((estimate * 1.5).rounded(.up)) + 5)
    }

    /// The `[plugins.programs]` table.
    func table(quoting: (String) -> String) -> String {
        """
        [plugins.programs]
        program = \(quoting(entry.id))
        ftp = \(ftpWatts)
        max-heart-rate = \(maxHeartRate)
        """
    }

    /// "4 x 4 min VO2max (about 38 min; FTP 200 W, maximum heart rate 190)"; FTP only where power counts.
    var description: String {
        let minutes = max(1, Int((Double(entry.program.estimatedDuration.components.seconds) / 60).rounded()))
        let power = [.ride, .indoorRide, .row].contains(entry.program.kind) ? "FTP \(ftpWatts) W, " : ""
        return "\(entry.program.name) (about \(minutes) min; \(power)maximum heart rate \(maxHeartRate))"
    }
}

/// The simulated person of `stayfit demo --program`: says `done` when a set has taken ``DemoProgram/setTime``,
/// and stops the workout when the program has ended.
struct DemoPerson {
    private enum Event: Sendable {
        case step(endsWhenDone: Bool)
        case finished
    }

    private let bus: MessageBus
    private let clock: any HubClock
    private let events: Inbox<Event>

    init(bus: MessageBus, clock: any HubClock) {
        self.bus = bus
        self.clock = clock
        events = bus.inbox(of: Event.self, subscriber: "demo-person") {
            $0.route(ProgramStepStarted.self) { .step(endsWhenDone: $0.endsWhenDone) }
            $0.route(ProgramFinished.self) { _ in .finished }
        }
    }

    func run() async {
        var set: Task<Void, Never>?
        defer { set?.cancel() }
        for await event in events {
            set?.cancel()
            switch event {
            case .step(let endsWhenDone):
                guard endsWhenDone else { continue }
                let bus = bus, clock = clock
                set = Task {
                    guard (try? await clock.sleep(for: DemoProgram.setTime)) != nil else { return }
                    bus.publish(ProgramCommand(.done(repetitions: nil)))
                }
            case .finished:
                bus.publish(WorkoutCommand(.stop))
            }
        }
    }
}
