import Foundation
import HubCore
import HubStore
import HubTestKit
import Records
import Reports

/// A real temporary store with two people, Alex (added first, so current) and Sam, and a moment of Friday
/// 27 November 2026 to render at.
///
/// Alex's profile gives a target worked out by hand: male, born 15 June 1986 (40 on the day), 180 cm, 80 kg:
/// Mifflin–St Jeor 10 × 80 + 6.25 × 180 − 5 × 40 + 5 = 1730 kcal basal.
struct PeopleFixture {
    let directory: TemporaryDirectory
    let store: HubStore

    static let noon = LocalTime.date(year: 2026, month: 11, day: 27, hour: 12)
    static let profile = Profile(
        name: "Alex", birthDate: "1986-06-15", gender: .male, heightCentimeters: 180, weightKilograms: 80)

    init(people: [String] = ["Alex", "Sam"]) async throws {
        directory = try TemporaryDirectory()
        store = try HubStore(directory: directory.url)
        for name in people {
            try await store.addPerson(named: name, profile: name == "Alex" ? Self.profile : nil, at: Self.noon)
        }
    }
}
