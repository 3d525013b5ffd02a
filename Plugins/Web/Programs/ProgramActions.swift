import Foundation
import HubCore
import Programs
import Records

/// The POSTs of a program's page: vote (`stayfit programs rate`), copy (`stayfit programs copy`) and start (the
/// console's `program ID` then `start KIND`). The server has checked the form's `csrf` field before it calls these.
enum ProgramActions {
    /// `POST /programs/{id}/vote` with `direction=up` or `down`: one vote, as `stayfit programs rate ID up`.
    static func vote(id: String, fields: [String: String], store: any ProgramStore) async throws -> ProgramOutcome {
        guard let stored = try await ProgramLookup.program(id, in: store) else { return .notFound }
        let direction = fields["direction"] ?? ""
        guard direction == "up" || direction == "down" else {
            return .invalid(
                ProgramMarkup.refusal(
                    title: "Not voted",
                    "\(QueryValue.quoted(direction)) is not a vote: vote up or down.",
                    back: ("Back to the program", ProgramLookup.page(stored.id))))
        }
        guard try await store.rateProgram(id: stored.id, up: direction == "up") != nil else { return .notFound }
        return .redirect(to: ProgramLookup.page(stored.id))
    }

    /// `POST /programs/{id}/copy`: a personal copy named "NAME (copy)", as `stayfit programs copy ID` makes it;
    /// then its editor.
    static func copy(id: String, store: any ProgramStore, at date: Date = Date()) async throws -> ProgramOutcome {
        guard let stored = try await ProgramLookup.program(id, in: store) else { return .notFound }
        let copy: (program: Program, text: String)
        do {
            copy = try ProgramLookup.parsed(stored).copy(file: "the copy's name")
        } catch {
            return .invalid(
                ProgramMarkup.refusal(
                    title: "Not copied", "\(error) Nothing was copied.",
                    back: ("Back to the program", ProgramLookup.page(stored.id))))
        }
        let added = try await store.addProgram(
            name: copy.program.name, kind: copy.program.kind, text: copy.text, copiedFrom: stored.id, at: date)
        return .redirect(to: ProgramLookup.page(added.id) + "/edit")
    }

    /// `POST /programs/{id}/start`: chooses the program for the next workout and starts a workout of its kind,
    /// with exactly what the console's `program ID` and `start KIND` publish; then the live page.
    ///
    /// The programs plugin says "Program: NAME." as it takes the choice, before the workout's start reaches it
    /// (its messages come in order); a workout already under way keeps going, and the program waits for the next.
    /// Refused (409) when nothing hears the choice: the programs plugin is off.
    static func start(id: String, store: any ProgramStore, bus: MessageBus) async throws -> ProgramOutcome {
        guard let stored = try await ProgramLookup.program(id, in: store) else { return .notFound }
        let program: Program
        do {
            program = try ProgramLookup.parsed(stored)
        } catch {
            return .invalid(
                ProgramMarkup.refusal(
                    title: "Not started", "\(error)", back: ("Back to the program", ProgramLookup.page(stored.id))))
        }
        // Without the programs plugin nothing would follow the program: say so rather than start a bare workout.
        guard bus.hasSubscribers(of: ChooseProgram.self) else {
            return .refused(
                ProgramMarkup.refusal(
                    title: "Not started",
                    "Guided programs are off on this hub: add a [plugins.programs] table to stayfit.toml, restart "
                        + "the hub, then start the program again.",
                    back: ("Back to the program", ProgramLookup.page(stored.id))))
        }
        for message in messages(toStart: stored.id, kind: program.kind) { bus.publish(message) }
        return .redirect(to: "/")
    }

    /// The console's `program ID` (`ChooseProgram`) and `start KIND` (`WorkoutCommand`), in that order.
    static func messages(toStart id: String, kind: WorkoutKind) -> [any BusMessage] {
        [ChooseProgram(.named(id)), WorkoutCommand(.start, kind: kind)]
    }
}
