import HubCore
import Testing

@testable import Buttons

@Suite struct KeyMappingTests {
    private func configuration(_ text: String) throws -> ButtonsPlugin.Configuration {
        let table = try #require(
            try HubConfiguration(text: "[plugins.buttons]\n" + text, file: "stayfit.toml").pluginTables["buttons"])
        let configuration = try ButtonsPlugin.Configuration(table)
        try table.rejectUnknownKeys()
        return configuration
    }

    private func error(_ text: String) -> ConfigurationError? {
        do {
            _ = try configuration(text)
            return nil
        } catch {
            return error as? ConfigurationError
        }
    }

    @Test func readsKeysByNameAndNumberWithTheirPresses() throws {
        let read = try configuration(
            """
            devices = ["/dev/input/event0", "gpio_keys"]
            long-press-milliseconds = 1200
            [plugins.buttons.keys]
            KEY_ENTER = { short = "start-pause-resume", long = "stop" }
            btn_0 = { double = "status-now" }
            0x73 = { short = "lap" }
            """)
        #expect(read.devices == [.path("/dev/input/event0"), .name("gpio_keys")])
        #expect(read.timing.long == .milliseconds(1200))
        #expect(read.mapping.action(code: 28, kind: .short) == .startPauseResume)
        #expect(read.mapping.action(code: 28, kind: .long) == .stop)
        #expect(read.mapping.action(code: 28, kind: .double) == nil)
        #expect(read.mapping.action(code: 0x100, kind: .double) == .statusNow)
        #expect(read.mapping.action(code: 115, kind: .short) == .lap)
        #expect(read.mapping.doubleKeys == [0x100])
    }

    @Test func withoutAKeysTableTheThreeButtonDefaultApplies() throws {
        let read = try configuration("devices = [\"gpio_keys\"]")
        #expect(read.mapping == .standard)
        #expect(read.mapping.action(code: 164, kind: .short) == .startPauseResume)
        #expect(read.mapping.action(code: 164, kind: .long) == .stop)
        #expect(read.mapping.action(code: 163, kind: .long) == .statusNow)
        #expect(read.mapping.action(code: 115, kind: .short) == .lap)
    }

    @Test func anUnknownKeyNameNamesItsLine() throws {
        let failure = try #require(error("devices = [\"x\"]\n[plugins.buttons.keys]\nKEY_ENTRE = { short = \"lap\" }"))
        #expect(failure.line == 4)
        #expect(failure.key == "plugins.buttons.keys.KEY_ENTRE")
        #expect(failure.description.contains("not a key name or number"))
    }

    @Test(arguments: ["768", "-1", "0x300", "enter"])
    func aKeyNumberOutOfRangeOrAWordIsRefused(_ key: String) throws {
        let failure = try #require(error("devices = [\"x\"]\n[plugins.buttons.keys]\n\"\(key)\" = { short = \"lap\" }"))
        #expect(failure.kind == .invalidValue)
        #expect(failure.line == 4)
    }

    @Test func anUnknownActionNamesItsLineAndTheKnownOnes() throws {
        let failure = try #require(
            error("devices = [\"x\"]\n[plugins.buttons.keys]\nKEY_ENTER = { short = \"lap\", long = \"explode\" }"))
        #expect(failure.line == 4)
        #expect(failure.key == "plugins.buttons.keys.KEY_ENTER.long")
        #expect(failure.description.contains("\"explode\" is not an action"))
        #expect(failure.description.contains("start-pause-resume"))
    }

    @Test func theSameKeyAndKindMappedTwiceIsRefused() throws {
        let failure = try #require(
            error(
                """
                devices = ["x"]
                [plugins.buttons.keys]
                KEY_ENTER = { short = "lap" }
                28 = { short = "stop", long = "louder" }
                """))
        #expect(failure.line == 4 || failure.line == 5)
        #expect(failure.description.contains("mapped twice"))
        #expect(failure.description.contains("KEY_ENTER (28)"))
    }

    @Test func theSameKeyWithDifferentKindsIsFine() throws {
        let read = try configuration(
            "devices = [\"x\"]\n[plugins.buttons.keys]\nKEY_ENTER = { short = \"lap\" }\n28 = { long = \"stop\" }")
        #expect(read.mapping.action(code: 28, kind: .short) == .lap)
        #expect(read.mapping.action(code: 28, kind: .long) == .stop)
    }

    @Test func anUnknownPressKindIsRefused() throws {
        let failure = try #require(
            error("devices = [\"x\"]\n[plugins.buttons.keys]\nKEY_ENTER = { triple = \"lap\" }"))
        #expect(failure.kind == .unknownKey)
        #expect(failure.line == 4)
    }

    @Test func aKeyWhoseValueIsNotATableIsRefused() throws {
        let failure = try #require(error("devices = [\"x\"]\n[plugins.buttons.keys]\nKEY_ENTER = \"lap\""))
        #expect(failure.line == 4)
        #expect(failure.description.contains("short = "))
    }

    @Test func noDevicesAndNoGPIOLinesIsRefused() throws {
        let failure = try #require(error("long-press-milliseconds = 900"))
        #expect(failure.description.contains("no buttons to read"))
    }

    @Test func readsGPIOLines() throws {
        let read = try configuration(
            "gpio-chip = \"/dev/gpiochip4\"\ngpio-lines = { 27 = \"KEY_NEXTSONG\", 17 = \"KEY_PLAYPAUSE\" }")
        let gpio = try #require(read.gpio)
        #expect(gpio.chip == "/dev/gpiochip4")
        #expect(gpio.lines.map(\.offset) == [17, 27])
        #expect(gpio.lines.map(\.code) == [164, 163])
        #expect(gpio.debounce == .milliseconds(10))
    }

    @Test func aBadGPIOLineIsRefusedWithItsLine() throws {
        let notANumber = try #require(error("gpio-lines = { pin17 = \"KEY_PLAYPAUSE\" }"))
        #expect(notANumber.line == 2)
        #expect(notANumber.description.contains("not a GPIO line number"))
        let badKey = try #require(error("gpio-lines = { 17 = \"PLAY\" }"))
        #expect(badKey.description.contains("\"PLAY\" is not a key name"))
    }

    @Test func aLongPressTimeOutOfRangeIsRefused() throws {
        let failure = try #require(error("devices = [\"x\"]\nlong-press-milliseconds = 50"))
        #expect(failure.kind == .outOfRange)
        #expect(failure.line == 3)
    }

    @Test func aDevicesValueThatIsNotAListOfStringsIsRefused() throws {
        let failure = try #require(error("devices = \"/dev/input/event0\""))
        #expect(failure.kind == .wrongType)
        #expect(failure.line == 2)
    }
}
