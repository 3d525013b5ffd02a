import Foundation
import HubCore
import HubStore
import HubTestKit
import Records

@testable import Web

/// A real temporary store, its built-ins taken in as the pages take them, with one personal program imported as
/// `stayfit programs import hills.toml` stores it: "Hill repeats", a run of 10:00 + 6 × (1:30 + 2:00) = 31 minutes.
struct ProgramsFixture {
    let directory: TemporaryDirectory
    let store: HubStore
    /// The personal program's id.
    let hills: String

    static let hillsText = """
        name = "Hill repeats"
        kind = "run"
        instructions = "Up hard, down easy."

        [[steps]]
        interval = "Warm-up"
        role = "warm-up"
        time = "10:00"

        [[steps]]
        repeat = 6

        [[steps.steps]]
        interval = "Up"
        time = "1:30"
        target = { zone = 4 }

        [[steps.steps]]
        interval = "Down"
        role = "recover"
        time = "2:00"

        """

    init() async throws {
        directory = try TemporaryDirectory()
        store = try HubStore(directory: directory.url)
        let outcome = try await ProgramImportPage.upload(
            fileName: "hills.toml", bytes: Array(Self.hillsText.utf8), store: store, csrfToken: "token")
        guard case .redirect(let page) = outcome, page.hasPrefix("/programs/") else {
            throw FixtureError(message: "hills.toml was not imported: \(outcome)")
        }
        hills = String(page.dropFirst("/programs/".count))
    }

    /// Every program in the store, hidden ones too: what a refused form must leave as it was.
    func snapshot() async throws -> [StoredProgram] { try await store.programs(includingHidden: true) }

    struct FixtureError: Error { var message: String }
}

/// A profile with only an FTP, for targets in % of FTP said in watts too.
struct FTPProfile: ProfileSource {
    var ftpWatts: Int?

    func profile() async throws -> Profile? {
        Profile(
            name: "Ada", birthDate: "1990-01-01", gender: .female, heightCentimeters: 170, weightKilograms: 60,
            ftpWatts: ftpWatts)
    }
}
