import BlueZTestKit
import DBus
import Foundation
import Testing

/// `DBusAddress.system` read from the real process environment.
///
/// Setting DBUS_SYSTEM_BUS_ADDRESS in this process could disturb other tests running beside it, so the test
/// re-runs this test binary as a child with the variable set, and the child connects with the default address.
@Suite struct DBusSystemBusTests {
    static let resultPathVariable = "STAYFIT_DBUS_CHILD_RESULT"

    @Test func defaultAddressFollowsDBUS_SYSTEM_BUS_ADDRESSOfTheProcess() async throws {
        let bus = try await PrivateBus.start()
        defer { bus.kill() }
        let directory = FileManager.default.temporaryDirectory
        let resultPath = directory.appendingPathComponent("dbus-child-\(UUID().uuidString)").path
        let logPath = resultPath + ".log"
        defer {
            try? FileManager.default.removeItem(atPath: resultPath)
            try? FileManager.default.removeItem(atPath: logPath)
        }

        let child = try ChildProcess.spawn(
            "/proc/self/exe",
            ["--testing-library", "swift-testing", "--filter", "connectsWithTheDefaultAddressInAChildProcess"],
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": bus.address, Self.resultPathVariable: resultPath],
            stderrPath: logPath)
        guard let exitCode = try await child.exitCode(within: TestDeadline.hang) else {
            child.stop()
            Issue.record("The child test process did not finish")
            return
        }
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        #expect(exitCode == 0, "child output: \(log)")
        // The child writes the unique name it got, proving the test ran rather than being skipped.
        let uniqueName = try String(contentsOfFile: resultPath, encoding: .utf8)
        #expect(uniqueName.hasPrefix(":1."))
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment[resultPathVariable] != nil))
    func connectsWithTheDefaultAddressInAChildProcess() async throws {
        let resultPath = try #require(ProcessInfo.processInfo.environment[Self.resultPathVariable])
        let expected = try #require(ProcessInfo.processInfo.environment["DBUS_SYSTEM_BUS_ADDRESS"])

        let connection = try await DBusConnection()
        defer { connection.close() }

        #expect(connection.address == DBusAddress(expected))
        #expect(try await connection.nameOwner(of: connection.uniqueName) == connection.uniqueName)
        try connection.uniqueName.write(toFile: resultPath, atomically: true, encoding: .utf8)
    }
}
