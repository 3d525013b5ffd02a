import Foundation
import HubTestKit
import Testing

@testable import HubStore

/// "v12: programs and FTP": a database from before it keeps its profile, with no FTP, and takes programs.
@Suite struct ProgramsMigrationTests {
    static let v11 = "v11: workout kinds, cadence and power"
    static let profileRow = """
        INSERT INTO profile (id, name, birth_date, gender, height_cm, weight_kg, heart_rate_monitoring, updated_at)
        VALUES (1, 'Alex', '1990-04-21', 'female', 170, 62.5, 0, 1795000000)
        """

    @Test func aVersion11DatabaseKeepsItsProfileWithoutAnFTPAndTakesPrograms() async throws {
        let directory = try TemporaryDirectory()
        try Schema.makeDatabase(
            at: directory.url.appendingPathComponent(HubStore.fileName).path, upTo: Self.v11, then: Self.profileRow)

        let store = try HubStore(directory: directory.url)
        var profile = try #require(try await store.profile())
        #expect(profile.name == "Alex" && profile.ftpWatts == nil)
        profile.ftpWatts = 250
        try await store.saveProfile(profile)
        #expect(try await store.profile()?.ftpWatts == 250)

        #expect(try await store.programs().isEmpty)
        let added = try await store.addProgram(name: "Hills", kind: .run, text: "name = \"Hills\"\n")
        #expect(try await store.program(id: added.id)?.name == "Hills")
    }

    @Test func theDatabaseRefusesAnFTPOutOfRange() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        let profile = Profile(
            name: "Alex", birthDate: "1990-04-21", gender: .female, heightCentimeters: 170, weightKilograms: 62.5,
            ftpWatts: 700)
        await #expect(throws: (any Error).self) { try await store.saveProfile(profile) }
        #expect(try await store.profile() == nil)
    }
}
