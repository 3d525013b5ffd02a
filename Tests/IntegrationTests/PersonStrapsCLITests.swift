import BlueZTestKit
import Foundation
import HubStore
import Testing

/// `stayfit devices pair ADDRESS --person NAME` and `unpair`: a strap that belongs to a person, with no BlueZ needed,
/// and `list` showing whose each strap is.
@Suite(.timeLimit(.minutes(5))) struct PersonStrapsCLITests {
    @Test func pairMakesAStrapAPersonsAndUnpairUndoesIt() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        for name in ["Sam", "Kim"] {
            #expect(try await StayfitProcess.run(["people", "add", name, "--data-dir", data]).status == 0)
        }
        let pair = try await StayfitProcess.run(
            ["devices", "pair", "c0:ff:ee:00:00:01", "--person", "sam", "--data-dir", data])
        #expect(pair.status == 0, "stderr: \(pair.error)")
        #expect(
            pair.output.hasPrefix("C0:FF:EE:00:00:01 is now Sam's strap. When the hub connects it"), "\(pair.output)")
        #expect(try await scratch.store().strapOwner(address: "C0:FF:EE:00:00:01") == "Sam")

        let again = try await StayfitProcess.run(
            ["devices", "pair", "C0:FF:EE:00:00:01", "--person", "Kim", "--data-dir", data])
        #expect(again.status == 0, "stderr: \(again.error)")
        #expect(again.output.contains("is now Kim's strap. It was Sam's."), "\(again.output)")

        let forget = try await StayfitProcess.run(["devices", "forget", "C0:FF:EE:00:00:01", "--data-dir", data])
        #expect(forget.status == 0, "stderr: \(forget.error)")
        #expect(forget.output.contains("is Kim's strap, not a remembered device; 'stayfit devices unpair"))
        #expect(try await scratch.store().strapOwner(address: "C0:FF:EE:00:00:01") == "Kim", "forget leaves it")

        let unpair = try await StayfitProcess.run(["devices", "unpair", "c0:ff:ee:00:00:01", "--data-dir", data])
        #expect(unpair.status == 0, "stderr: \(unpair.error)")
        #expect(unpair.output == "C0:FF:EE:00:00:01 is no longer Kim's strap.\n")
        #expect(try await scratch.store().personStraps().isEmpty)
        let none = try await StayfitProcess.run(["devices", "unpair", "C0:FF:EE:00:00:01", "--data-dir", data])
        #expect(none.status == 0)
        #expect(none.output.contains("is nobody's strap; nothing to unpair."))
    }

    @Test func pairingToSomebodyUnknownIsBadDataWithTheFix() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        #expect(try await StayfitProcess.run(["people", "add", "Sam", "--data-dir", data]).status == 0)
        let result = try await StayfitProcess.run(
            ["devices", "pair", "C0:FF:EE:00:00:01", "--person", "Alex", "--data-dir", data])
        #expect(result.status == 65, "stderr: \(result.error)")
        #expect(result.error.hasPrefix("error: "), "stderr: \(result.error)")
        #expect(result.error.contains("nobody called \"Alex\""), "stderr: \(result.error)")
        #expect(result.error.contains("'stayfit people list'"), "stderr: \(result.error)")
        #expect(try await scratch.store().personStraps().isEmpty)
    }

    @Test(arguments: [["pair", "C0:FF:EE:00:01", "--person", "Sam"], ["unpair", "not-an-address"]])
    func aBadAddressIsAUsageErrorThatSaysHowOneLooks(arguments: [String]) async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        #expect(try await StayfitProcess.run(["people", "add", "Sam", "--data-dir", data]).status == 0)
        let result = try await StayfitProcess.run(["devices"] + arguments + ["--data-dir", data])
        #expect(result.status == 64, "stderr: \(result.error)")
        #expect(result.error.contains("is not a Bluetooth address"), "stderr: \(result.error)")
        #expect(try await scratch.store().personStraps().isEmpty)
    }

    @Test func listSaysWhoseEachStrapIs() async throws {
        try await withBlueZMock { environment in
            _ = try await MockStrap.add(to: environment)
            let scratch = try Scratch()
            let data = scratch.path("data")
            #expect(try await StayfitProcess.run(["people", "add", "Sam", "--data-dir", data]).status == 0)
            let pair = try await StayfitProcess.run(
                ["devices", "pair", "C0:FF:EE:00:00:01", "--person", "Sam", "--data-dir", data])
            #expect(pair.status == 0, "stderr: \(pair.error)")
            let list = try await DevicesTests.devices(["list"], on: environment, data: data)
            #expect(list.status == 0, "stderr: \(list.error)")
            #expect(list.output.contains("Sam's strap: C0:FF:EE:00:00:01.\n"), "\(list.output)")
        }
    }
}
