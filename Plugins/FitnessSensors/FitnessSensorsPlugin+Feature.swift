import BluetoothSensors
import GATTSensors
import HubCore

extension FitnessSensorsPlugin {
    /// Reads a machine's Fitness Machine Feature (0x2ACC) once after connecting.
    ///
    /// Nil when the machine has none, it cannot be read, or its value does not decode (counted as a dropped payload
    /// and logged): the machine then answers each target for itself, as before the hub read it.
    func readFeature(_ path: String?, with session: BlueZSession, of device: String) async
        -> FitnessMachineFeature?
    {
        guard let path else { return nil }
        guard let bytes = await session.read(path) else {
            context.logger.warning("cannot read the fitness machine's features", metadata: ["sensor": "\(device)"])
            return nil
        }
        counts.countReceived()
        do {
            return try FitnessMachineFeature(decoding: bytes)
        } catch {
            counts.countDropped(error.reason)
            context.logger.warning(
                "dropped the fitness machine's features",
                metadata: ["sensor": "\(device)", "bytes": "\(Self.hex(bytes))", "error": "\(error)"])
            return nil
        }
    }
}
