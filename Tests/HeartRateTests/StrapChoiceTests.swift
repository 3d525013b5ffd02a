import Foundation
import HubCore
import Testing

@testable import HeartRate

/// Which straps the plugin follows, from the remembered one, the configured one and the people's straps.
@Suite struct StrapChoiceTests {
    static let sams = "C0:FF:EE:00:00:01"
    static let kims = "C0:FF:EE:00:00:02"
    static let hubs = "C0:FF:EE:00:00:03"

    static func remembered(_ address: String, automatically: Bool = true) -> RememberedDevice {
        RememberedDevice(
            role: .heartRate, address: address, name: "Strap", connectAutomatically: automatically,
            rememberedAt: Date(timeIntervalSince1970: 1_790_000_000))
    }

    @Test func withoutPeoplesStrapsTheChoiceIsAsBefore() {
        #expect(StrapChoice(remembered: Self.remembered(Self.hubs), configured: Self.kims) == .address(Self.hubs))
        #expect(StrapChoice(remembered: nil, configured: Self.kims) == .address(Self.kims))
        #expect(StrapChoice(remembered: nil, configured: nil) == .anyStrap)
    }

    @Test func thePeoplesStrapsAreFollowedAfterTheHubsOwn() {
        #expect(
            StrapChoice(remembered: nil, configured: nil, ofPeople: [Self.sams, Self.kims])
                == .anyOf([Self.sams, Self.kims]))
        #expect(
            StrapChoice(remembered: Self.remembered(Self.kims), configured: nil, ofPeople: [Self.sams, Self.kims])
                == .anyOf([Self.kims, Self.sams]), "the remembered strap once, and first")
        #expect(
            StrapChoice(remembered: nil, configured: Self.hubs, ofPeople: [Self.sams])
                == .anyOf([Self.hubs, Self.sams]))
        #expect(StrapChoice(remembered: nil, configured: nil, ofPeople: [Self.sams]) == .address(Self.sams))
        #expect(StrapChoice(remembered: nil, configured: nil, ofPeople: [Self.sams, Self.kims]).label.contains(" or "))
    }

    @Test func aRememberedStrapSwitchedOffKeepsTheHubOffBluetoothWhateverIsPaired() {
        let off = Self.remembered(Self.hubs, automatically: false)
        #expect(StrapChoice(remembered: off, configured: nil, ofPeople: [Self.sams]) == .off(off))
    }
}
