import BlueZTestKit
import DBus
import Foundation
import HubCore
import Testing

@testable import HeartRate

/// bluetoothd going away and coming back (NameOwnerChanged for org.bluez), with the BlueZ mock as bluetoothd.
@Suite(.timeLimit(.minutes(5))) struct HeartRatePluginRestartTests {
    @Test func startsOverWhenBluetoothdRestartsAndReadsTheStrapAgain() async throws {
        try await withBlueZMock { environment in
            let strap = try await MockStrap.add(to: environment)
            try await withHeartRatePlugin(on: environment) { harness in
                try await harness.waitForStatus(.connected)
                try await strap.notify([0x00, 0x50])
                try await harness.waitForReadings(1)

                environment.mock.stop()
                try await harness.waitForStatus(.lost)
                let restarted = try BlueZMock(bus: environment.bus)
                defer { restarted.stop() }
                try await waitForOwner(of: "org.bluez", on: environment.connection, log: { restarted.log })
                let second = BlueZEnvironment(bus: environment.bus, mock: restarted, connection: environment.connection)
                let newStrap = try await MockStrap.add(to: second)

                try await harness.waitForStatus(.restored, timeout: TestDeadline.hang)
                try await newStrap.notify([0x00, 0x64])
                try await harness.waitForReadings(2)
                #expect(harness.readings.all.map(\.beatsPerMinute) == [80, 100])
                #expect(harness.statusList.filter { $0 == .lost }.count == 1)
                #expect(try await newStrap.isNotifying())
            }
        }
    }
}
