import HubCore
import HubTestKit
import Testing

@testable import HeartRate

@Suite struct HeartRateConfigurationTests {
    private func table(_ values: [String: ConfigValue]) -> ConfigTable {
        ConfigTable(
            values: values, keyPath: ["plugins", "heart-rate"], source: ConfigSource(file: "stayfit.toml", text: ""))
    }

    @Test func defaultsToTheFirstStrapOnHci0WithFiveSecondsStaleness() throws {
        let configuration = try HeartRatePlugin.Configuration(table([:]))
        #expect(configuration.device == nil)
        #expect(configuration.adapter == "hci0")
        #expect(configuration.staleAfter == .seconds(5))
        #expect(configuration.lowBatteryPercent == 20)
    }

    @Test(arguments: [-1, 101])
    func rejectsALowBatteryLevelOutsideZeroToAHundred(_ percent: Int) {
        #expect {
            try HeartRatePlugin.Configuration(table(["low-battery-percent": .integer(percent)]))
        } throws: { error in
            (error as? ConfigurationError)?.key == "plugins.heart-rate.low-battery-percent"
        }
    }

    @Test func acceptsAnAddressInAnyCaseAndStoresItInUpperCase() throws {
        let configuration = try HeartRatePlugin.Configuration(
            table([
                "device": .string("c0:ff:ee:00:00:0a"), "adapter": .string("hci1"), "stale-after-seconds": .integer(12),
            ]))
        #expect(configuration.device == "C0:FF:EE:00:00:0A")
        #expect(configuration.adapter == "hci1")
        #expect(configuration.staleAfter == .seconds(12))
    }

    @Test(arguments: [
        "C0:FF:EE:00:00", "C0:FF:EE:00:00:01:02", "C0-FF-EE-00-00-01", "C0:FF:EE:00:00:0G", "C0FFEE000001",
        "C0:FF:EE:00:0:001", "Polar H10", ":::::",
    ])
    func rejectsADeviceThatIsNotABluetoothAddress(_ device: String) {
        #expect {
            try HeartRatePlugin.Configuration(table(["device": .string(device)]))
        } throws: { error in
            (error as? ConfigurationError)?.key == "plugins.heart-rate.device"
        }
    }

    @Test(arguments: [0, 61, -5])
    func rejectsAStalenessOutsideOneToSixtySeconds(_ seconds: Int) {
        #expect {
            try HeartRatePlugin.Configuration(table(["stale-after-seconds": .integer(seconds)]))
        } throws: { error in
            (error as? ConfigurationError)?.key == "plugins.heart-rate.stale-after-seconds"
        }
    }

    @Test(arguments: ["", "hci 0", "../hci0"])
    func rejectsAnAdapterNameThatIsNotAnIdentifier(_ adapter: String) {
        #expect {
            try HeartRatePlugin.Configuration(table(["adapter": .string(adapter)]))
        } throws: { error in
            (error as? ConfigurationError)?.key == "plugins.heart-rate.adapter"
        }
    }

    @Test func reconnectBackoffDoublesFromOneSecondAndStopsAtThirty() {
        let waits = (0..<8).map { HeartRatePlugin.backoff(afterFailures: $0) }
        #expect(waits == [1, 2, 4, 8, 16, 30, 30, 30].map { Duration.seconds($0) })
    }
}

/// `[plugins.heart-rate]` in the sample `etc/stayfit.toml` holds the defaults.
@Suite struct HeartRateSampleConfigurationTests {
    @Test func theSampleHeartRateSettingsAreTheDefaults() throws {
        let table = try SampleConfigurationFile.commentedOutTable(HeartRatePlugin.id)
        let sample = try HeartRatePlugin.Configuration(table)
        try table.rejectUnknownKeys(known: ["on-failure", "restart-max-delay-seconds"])
        #expect(sample == (try HeartRatePlugin.Configuration(.empty(keyPath: ["plugins", "heart-rate"]))))
    }
}
