import BluetoothSensors
import GATTSensors
import HubCore

// One notification payload, from a socket or a PropertiesChanged signal, to published readings or a count.
extension FitnessSensorsPlugin {
    /// Decodes one payload and publishes what it gives, or drops and counts it.
    func handle(
        _ payload: [UInt8], of characteristic: GATTCharacteristic, from sensor: ConnectedSensor,
        decoder: DecoderBox, link: SensorLinkState, channel: ControlPointChannel?
    ) {
        counts.countReceived()
        let instant = context.clock.instant
        let readings: [SensorDecoder.Reading]
        do {
            readings = try decoder.decode(
                payload, of: characteristic, at: instant.sinceOrigin, source: sensor.description,
                timestamp: context.clock.now)
        } catch {
            counts.countDropped(error.reason)
            context.logger.debug(
                "dropped a fitness sensor payload",
                metadata: ["bytes": "\(Self.hex(payload))", "sensor": "\(sensor.description)", "error": "\(error)"])
            return
        }
        let isMeasurement = characteristic != .fitnessMachineStatus && characteristic != .fitnessMachineControlPoint
        if isMeasurement, link.received(at: instant) == .restored {
            publish(SensorStatusChanged(sensor: sensor.sensor, status: .restored, device: sensor.description))
        }
        for reading in readings {
            switch reading {
            case .speed(let message): context.bus.publish(message)
            case .cadence(let message): context.bus.publish(message)
            case .power(let message): context.bus.publish(message)
            case .machine(let message): context.bus.publish(message)
            case .status(let status): machineSaid(status, sensor: sensor, channel: channel)
            case .controlPoint(let response): channel?.receive(response)
            }
            if let part = statusPart.take(reading, at: instant) { context.bus.publish(part) }
        }
    }

    /// A machine's own buttons pause or resume the workout (only one that runs, or is paused); a lost control
    /// permission means control is asked for again with the next target.
    private func machineSaid(_ status: FitnessMachineStatus, sensor: ConnectedSensor, channel: ControlPointChannel?) {
        context.logger.info(
            "fitness machine status", metadata: ["sensor": "\(sensor.description)", "status": "\(status)"])
        switch status {
        case .stoppedOrPausedByUser, .stoppedBySafetyKey:
            // Noted first: the workout's pause that follows must not ask the machine to pause again.
            channel?.machineRun = status == .stoppedOrPausedByUser(.pause) ? .paused : .stopped
            if shared.workoutState == .running { context.bus.publish(WorkoutCommand(.pause)) }
        case .startedOrResumedByUser:
            channel?.machineRun = .started
            if shared.workoutState == .paused { context.bus.publish(WorkoutCommand(.resume)) }
        case .controlPermissionLost:
            channel?.hasControl = false
        default:
            break
        }
    }

    /// `16 48 55 03`: bytes in hex for the log.
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { $0 < 0x10 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined(separator: " ")
    }

    /// Publishes a change of a sensor's link, and the part of "status now" it makes.
    func publish(_ change: SensorStatusChanged) {
        context.bus.publish(change)
        context.bus.publish(statusPart.take(change))
    }
}
