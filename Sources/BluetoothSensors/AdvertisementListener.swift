import DBus

/// What a scan heard: every device that advertised in `signals` within `duration`, as `found` makes it of the
/// signal (nil for a signal that is no such device), by object path, the latest of each.
///
/// The listener hands back what it heard when the timer ends it (cancelling ends the signal stream). Shared by the
/// strap's and the fitness sensors' `scan`.
public func devicesHeard<Device: Sendable>(
    in signals: AsyncStream<DBusSignal>, for duration: Duration,
    _ found: @escaping @Sendable (DBusSignal) async -> (path: String, device: Device)?
) async -> [String: Device] {
    await withTaskGroup(of: [String: Device]?.self) { group in
        group.addTask {
            var heard: [String: Device] = [:]
            for await signal in signals {
                if let (path, device) = await found(signal) { heard[path] = device }
            }
            return heard
        }
        group.addTask {
            try? await Task.sleep(for: duration)
            return nil
        }
        var heard: [String: Device] = [:]
        for await result in group {
            if let result { heard = result }
            group.cancelAll()
        }
        return heard
    }
}
