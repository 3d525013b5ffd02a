import BluetoothSensors
import DBus
import HubCore

// One notification payload, from the socket or a PropertiesChanged signal, to a published reading or a count.
extension HeartRatePlugin {
    /// Decodes one payload and publishes it, or drops and counts it; a partly broken one is published and counted.
    func handle(payload: [UInt8], from link: BlueZHeartRateSession.Link) {
        state.countReceived()
        let measurement: HeartRateMeasurement
        do {
            measurement = try HeartRateMeasurement(decoding: payload)
        } catch {
            state.countMalformed()
            context.logger.debug(
                "dropped a malformed heart-rate payload",
                metadata: ["bytes": "\(Self.hex(payload))", "error": "\(error)"])
            return
        }
        if measurement.isPartlyBroken {
            state.countPartlyBroken()
            for case .implausibleRRIntervals(let count) in measurement.defects {
                state.countImplausibleRRIntervals(count)
            }
            context.logger.debug(
                "kept the heart rate of a partly broken payload",
                metadata: [
                    "bytes": "\(Self.hex(payload))",
                    "left out": "\(measurement.defects.map(\.description).joined(separator: "; "))",
                ])
        }
        let now = context.clock.now
        let contact = SensorContact(measurement.contact)
        if let status = state.received(at: context.clock.instant, hasContact: contact != .noContact) {
            publish(
                SensorStatusChanged(
                    sensor: .heartRate, status: status, device: link.description,
                    detail: status == .lost ? "no skin contact" : nil))
        }
        publish(
            HeartRateMeasured(
                beatsPerMinute: measurement.beatsPerMinute,
                rrIntervals1024: measurement.rrIntervals1024,
                contact: contact,
                energyExpendedKilojoules: measurement.energyExpendedKilojoules,
                source: link.address, timestamp: now))
    }

    /// `16 48 55 03`: bytes in hex for the log (without `String(format:)`, which would pull in ICU).
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { $0 < 0x10 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined(separator: " ")
    }

    /// The new `Value` of a characteristic's PropertiesChanged (see `BlueZSession.notifiedValue`).
    static func notifiedValue(_ signal: DBusSignal) -> [UInt8]? { BlueZSession.notifiedValue(signal) }
}

extension SensorContact {
    init(_ contact: HeartRateMeasurement.Contact) {
        switch contact {
        case .notSupported: self = .notSupported
        case .noContact: self = .noContact
        case .contact: self = .contact
        }
    }
}
