import Foundation
import Programs
import Records
import Testing

@Suite struct BuiltInProgramsTests {
    @Test func thereAreTenBuiltInProgramsWithDistinctIdsAndNames() {
        let all = BuiltInPrograms.all
        #expect(all.count == 10)
        #expect(Set(all.map(\.id)).count == all.count)
        #expect(Set(all.map(\.program.name)).count == all.count)
    }

    @Test(arguments: BuiltInPrograms.all.map(\.id))
    func everyBuiltInReadsAndRoundTripsThroughItsText(id: String) throws {
        let entry = try #require(BuiltInPrograms.all.first { $0.id == id })
        let reread = try Program(toml: entry.program.toml, file: "written \(id)")
        #expect(reread == entry.program)
        // The written text is the canonical form: writing what was read writes it again, word for word.
        #expect(reread.toml == entry.program.toml)
        #expect(entry.program.estimatedDuration > .seconds(5 * 60))
        #expect(entry.program.name.count <= Program.Limits.longestName)
    }

    @Test func theBuiltInsCoverTheKindsTheyArePromisedFor() throws {
        let kinds = Dictionary(uniqueKeysWithValues: BuiltInPrograms.all.map { ($0.id, $0.program.kind) })
        #expect(kinds["strength-5x5"] == .strength)
        #expect(kinds["seven-minute-circuit"] == .strength)
        #expect(kinds["run-8x400"] == .run)
        #expect(kinds["treadmill-hills"] == .treadmill)
        #expect(kinds["vo2max-4x4"] == .indoorRide)
        #expect(kinds["row-2k-test"] == .row)
        #expect(BuiltInPrograms.program(id: "vo2max-4x4")?.name == "4 x 4 min VO2max")
        #expect(BuiltInPrograms.program(id: "no-such-program") == nil)
    }

    @Test func theSevenMinuteCircuitIsTwelveExercisesOfThirtySecondsWithTenSecondChanges() throws {
        let circuit = try #require(BuiltInPrograms.program(id: "seven-minute-circuit"))
        let exercises = circuit.steps.compactMap { step -> Exercise? in
            if case .exercise(let exercise) = step { exercise } else { nil }
        }
        #expect(exercises.count == 12)
        #expect(exercises.allSatisfy { $0.work == .time(.seconds(30)) && $0.sets == 1 })
        #expect(circuit.steps.count == 23)
        // 12 × 30 s + 11 × 10 s.
        #expect(circuit.estimatedDuration == .seconds(470))
    }

    @Test func everyBuiltInSurvivesJSONCodingForTheStore() throws {
        let programs = BuiltInPrograms.all.map(\.program)
        let decoded = try JSONDecoder().decode([Program].self, from: try JSONEncoder().encode(programs))
        #expect(decoded == programs)
    }

    @Test(arguments: ["sweet-spot-3x12", "threshold-2x20", "vo2max-4x4"])
    func theRidesExportToZwiftAndComeBackWithTheSameTimesAndPowers(id: String) throws {
        let ride = try #require(BuiltInPrograms.program(id: id))
        let back = try Program(zwift: try ride.zwift())
        #expect(back.name == ride.name)
        #expect(back.estimatedDuration == ride.estimatedDuration)
        #expect(targets(of: back.steps) == targets(of: ride.steps))
    }

    private func targets(of steps: [ProgramStep]) -> [Target?] {
        steps.flatMap { step -> [Target?] in
            switch step {
            case .interval(let interval): [interval.target]
            case .exercise: []
            case .repeat(_, let inner): targets(of: inner)
            }
        }
    }
}
