import HubCore
import HubTestKit
import Testing

@testable import FitnessSensors

@Suite struct FitnessSensorsConfigurationTests {
    private func configuration(_ lines: String) throws -> FitnessSensorsPlugin.Configuration {
        let file = try HubConfiguration(text: "[plugins.fitness-sensors]\n" + lines, file: "stayfit.toml")
        let table = try #require(file.pluginTables[FitnessSensorsPlugin.id])
        return try FitnessSensorsPlugin.Configuration(table)
    }

    @Test func defaultsToA700x25cWheelOnHci0() throws {
        let defaults = try configuration("")
        #expect(defaults == FitnessSensorsPlugin.Configuration())
        #expect(defaults.wheelCircumferenceMillimeters == 2105)
        #expect(defaults.devices.isEmpty)
        #expect(defaults.staleAfter == .seconds(5))
        #expect(defaults.controlPointTimeout == .seconds(5))
    }

    @Test func takesAddressesInAnyCaseAndAWheelInMillimetres() throws {
        let configured = try configuration(
            "devices = [\"c0:ff:ee:00:00:02\", \"C0:FF:EE:00:00:03\"]\nwheel-circumference-mm = 2096.5\n")
        #expect(configured.devices == ["C0:FF:EE:00:00:02", "C0:FF:EE:00:00:03"])
        #expect(configured.wheelCircumferenceMillimeters == 2096.5)
    }

    @Test func aDeviceThatIsNoAddressIsRefusedWithItsLineAndTheFix() {
        #expect {
            try configuration("adapter = \"hci0\"\ndevices = [\"Wahoo SPEED\"]\n")
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return error.key == "plugins.fitness-sensors.devices" && error.line == 3
                && error.problem == "\"Wahoo SPEED\" is not a Bluetooth address"
                && error.fix.contains("C0:FF:EE:00:00:01")
        }
    }

    @Test(arguments: [0, 499, 3501])
    func aWheelCircumferenceOutsideHalfAMetreToThreeAndAHalfIsRefused(_ millimeters: Int) {
        #expect {
            try configuration("wheel-circumference-mm = \(millimeters)\n")
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return error.key == "plugins.fitness-sensors.wheel-circumference-mm" && error.line == 2
                && !error.fix.isEmpty
        }
    }

    @Test(arguments: [0, 31])
    func aControlPointTimeoutOutsideOneToThirtySecondsIsRefused(_ seconds: Int) {
        #expect {
            try configuration("control-point-timeout-seconds = \(seconds)\n")
        } throws: { error in
            (error as? ConfigurationError)?.key == "plugins.fitness-sensors.control-point-timeout-seconds"
        }
    }

    @Test func anUnknownKeyIsRefused() throws {
        let file = try HubConfiguration(text: "[plugins.fitness-sensors]\nwheel-size = 2105\n", file: "stayfit.toml")
        let table = try #require(file.pluginTables[FitnessSensorsPlugin.id])
        _ = try FitnessSensorsPlugin.Configuration(table)
        #expect(throws: ConfigurationError.self) { try table.rejectUnknownKeys(known: []) }
    }

    @Test func theSampleTableHoldsTheDefaults() throws {
        let table = try SampleConfigurationFile.commentedOutTable(FitnessSensorsPlugin.id)
        let sample = try FitnessSensorsPlugin.Configuration(table)
        try table.rejectUnknownKeys(known: ["on-failure", "restart-max-delay-seconds"])
        #expect(sample == FitnessSensorsPlugin.Configuration())
    }

    @Test func sensorKindsAreToldByTheirServiceAMachineFirst() {
        #expect(SensorKind(offering: ["1816"]) == .speedCadence)
        #expect(SensorKind(offering: ["00001818-0000-1000-8000-00805f9b34fb", "1816"]) == .power)
        #expect(SensorKind(offering: ["1818", "1826"]) == .fitnessMachine)
        #expect(SensorKind(offering: ["1814"])?.words == "Running pod")
        #expect(SensorKind(offering: ["180d"]) == nil)
    }
}
