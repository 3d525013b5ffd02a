import Foundation
import HubStore
import HubTestKit
import Testing

/// Straps that belong to people (`stayfit devices pair ADDRESS --person Sam`).
@Suite struct PersonStrapTests {
    let directory: TemporaryDirectory
    let store: HubStore

    init() throws {
        directory = try TemporaryDirectory()
        store = try HubStore(directory: directory.url)
    }

    static let sams = "C0:FF:EE:00:00:01"
    static let kims = "C0:FF:EE:00:00:02"

    @Test func aPairedStrapNamesItsOwnerWhateverTheCaseOfItsAddress() async throws {
        try await store.addPerson(named: "Sam")
        try await store.addPerson(named: "Kim")
        #expect(try await store.strapOwner(address: Self.sams) == nil)
        let (person, previous) = try await store.pairStrap("c0:ff:ee:00:00:01", toPersonNamed: "sam")
        #expect(person.name == "Sam")
        #expect(previous == nil)
        try await store.pairStrap(Self.kims, toPersonNamed: "Kim")
        #expect(try await store.strapOwner(address: Self.sams) == "Sam")
        #expect(try await store.strapOwner(address: "c0:ff:ee:00:00:02") == "Kim")
        #expect(try await store.personStraps().map(\.person) == ["Sam", "Kim"])
        #expect(try await store.personStraps().map(\.address) == [Self.sams, Self.kims])
    }

    @Test func pairingAStrapAgainGivesItToTheNewOwnerAndNamesThePreviousOne() async throws {
        try await store.addPerson(named: "Sam")
        try await store.addPerson(named: "Kim")
        try await store.pairStrap(Self.sams, toPersonNamed: "Sam")
        #expect(try await store.pairStrap(Self.sams, toPersonNamed: "Kim").previousOwner == "Sam")
        #expect(try await store.pairStrap(Self.sams, toPersonNamed: "Kim").previousOwner == nil, "already Kim's")
        #expect(try await store.strapOwner(address: Self.sams) == "Kim")
        #expect(try await store.rowCounts()["person_straps"] == 1)
    }

    @Test func pairingToSomebodyUnknownIsRefusedAndWritesNothing() async throws {
        try await store.addPerson(named: "Sam")
        let error = await #expect(throws: HubStoreError.self) {
            try await store.pairStrap(Self.sams, toPersonNamed: "Alex")
        }
        #expect(error?.isNotFound == true)
        #expect(error?.description.contains("stayfit people list") == true)
        #expect(try await store.rowCounts()["person_straps"] == 0)
    }

    @Test func unpairingSaysWhoseTheStrapWasAndPairingBumpsTheDevicesSection() async throws {
        try await store.addPerson(named: "Sam")
        let before = try await store.changeVersions()[.devices] ?? 0
        try await store.pairStrap(Self.sams, toPersonNamed: "Sam")
        #expect(try await store.changeVersions()[.devices] == before + 1, "a running hub notices the pairing")
        #expect(try await store.unpairStrap(Self.sams) == "Sam")
        #expect(try await store.unpairStrap(Self.sams) == nil, "nobody's any more")
        #expect(try await store.strapOwner(address: Self.sams) == nil)
    }

    @Test func removingAPersonTakesTheirStrapsWithThem() async throws {
        try await store.addPerson(named: "Sam")
        try await store.addPerson(named: "Kim")
        try await store.pairStrap(Self.sams, toPersonNamed: "Sam")
        try await store.pairStrap(Self.kims, toPersonNamed: "Kim")
        try await store.removePerson(named: "Sam")
        #expect(try await store.personStraps().map(\.address) == [Self.kims])
    }
}
