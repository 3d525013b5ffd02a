// How a front end (the web app's sensors page) scans, pairs and releases Bluetooth sensors without talking to BlueZ:
// it asks, over the bus, the plugin that owns that family of sensors, and that plugin answers with the very code
// `stayfit devices` runs (StrapManager, FitnessSensorManager). The core carries the question and the answer, and
// knows no BlueZ; the front end writes the choice to the store itself, as the command line does.

/// What a front end asks of the plugin that owns one family of Bluetooth sensors.
public enum BluetoothAction: Sendable, Equatable {
    /// The devices of the family in range within `for` (as `stayfit devices scan`), strongest signal first.
    case scan(for: Duration)
    /// Connect the device at `address` (upper case) and check its kind, searching for it up to `searchFor` when
    /// BlueZ has not seen it (as `stayfit devices connect` for a strap, `pair` for a fitness sensor). The plugin
    /// remembers nothing: the asker does, as the command line does.
    case pair(address: String, searchFor: Duration)
    /// Disconnect the device at `address` (best effort after a forget or a replacement).
    case disconnect(address: String)
}

/// A Bluetooth sensor as a scan found it or a pairing connected it, in the words a person reads.
public struct BluetoothDevice: Sendable, Equatable {
    /// Upper case, e.g. "C0:FF:EE:00:00:01".
    public var address: String
    /// The advertised name (BlueZ's Alias), or the address when it has none: the device's words, not the hub's.
    public var name: String
    /// What it is, e.g. "Heart-rate strap", "Speed and cadence sensor", "Smart trainer".
    public var words: String
    /// The role it is remembered under once paired.
    public var role: RememberedDevice.Role
    /// How "The hub now uses it as its …" names the role, e.g. "heart-rate strap", "fitness machine".
    public var roleWords: String
    /// Signal strength of the latest advertisement, dBm; nil when none was heard during the scan.
    public var signalStrength: Int?
    public var batteryPercent: Int?

    public init(
        address: String, name: String, words: String, role: RememberedDevice.Role, roleWords: String,
        signalStrength: Int? = nil, batteryPercent: Int? = nil
    ) {
        self.address = address
        self.name = name
        self.words = words
        self.role = role
        self.roleWords = roleWords
        self.signalStrength = signalStrength
        self.batteryPercent = batteryPercent
    }
}

/// Why a `BluetoothAction` failed, in the words `stayfit devices` prints for the same failure.
public struct BluetoothActionFailure: Error, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}

/// A plugin's answer: the devices found (a scan), the one paired, or none (a disconnect); or the failure.
public typealias BluetoothAnswer = Result<[BluetoothDevice], BluetoothActionFailure>

/// Asks the heart-rate plugin to scan for, connect or disconnect heart-rate straps; it answers on `reply`.
///
/// ```swift
/// let reply = BusReply<BluetoothAnswer>()
/// bus.publish(StrapCommand(.scan(for: .seconds(5)), reply: reply))
/// let straps = await reply.value(within: .seconds(15))
/// ```
public struct StrapCommand: BusMessage {
    public var action: BluetoothAction
    public var reply: BusReply<BluetoothAnswer>

    public init(_ action: BluetoothAction, reply: BusReply<BluetoothAnswer>) {
        self.action = action
        self.reply = reply
    }
}

/// Asks the fitness-sensors plugin the same of speed and cadence sensors, power meters, running pods and fitness
/// machines.
public struct FitnessSensorCommand: BusMessage {
    public var action: BluetoothAction
    public var reply: BusReply<BluetoothAnswer>

    public init(_ action: BluetoothAction, reply: BusReply<BluetoothAnswer>) {
        self.action = action
        self.reply = reply
    }
}

/// The one answer to a question put on the bus: whoever takes the question calls ``answer(_:)`` once, the asker
/// awaits ``value(within:)``.
///
/// The asker bounds its wait: a plugin that is restarting, or a message dropped by a full inbox, leaves it with nil
/// rather than hanging. A second answer is ignored.
public struct BusReply<Value: Sendable>: Sendable {
    private let stream: AsyncStream<Value>
    private let continuation: AsyncStream<Value>.Continuation

    public init() {
        (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Gives the answer; never blocks, never suspends.
    public func answer(_ value: Value) {
        continuation.yield(value)
        continuation.finish()
    }

    /// The answer, or nil when none came within `timeout` (real time). Await it from one task only.
    public func value(within timeout: Duration) async -> Value? {
        let stream = stream
        return await withTaskGroup(of: Value?.self) { group in
            group.addTask { await stream.first { _ in true } }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
