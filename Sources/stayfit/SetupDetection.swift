import Foundation
import Glibc

/// What `stayfit setup` and `scripts/install` find on the machine: a Bluetooth adapter, gpsd, sound, gpio-key
/// buttons. Only looks: opens no device, changes nothing.
struct SetupDetection: Sendable, Equatable {
    /// Bluetooth adapters (`hci0`), from `/sys/class/bluetooth`.
    var bluetoothAdapters: [String] = []
    /// How gpsd was found (its socket, or its port answering), or nil.
    var gpsd: String?
    /// Sound cards from `/proc/asound/cards` ("bcm2835 Headphones"), and a sound server's socket.
    var soundCards: [String] = []
    var soundServer: String?
    /// The kernel names of the gpio-keys input devices (`button@11`), or their paths when nameless.
    var gpioKeys: [String] = []

    /// gpsd's TCP port on localhost.
    static let gpsdPort = 2947

    /// Looks under `root`; asks gpsd's port on localhost only on the machine itself.
    static func look(at root: SystemRoot, gpsdPort: Int = gpsdPort) -> SetupDetection {
        var found = SetupDetection()
        found.bluetoothAdapters = entries(root.path("/sys/class/bluetooth"))
            .filter { $0.hasPrefix("hci") && $0.dropFirst(3).allSatisfy(\.isNumber) && $0.count > 3 }
            .sorted { (Int($0.dropFirst(3)) ?? 0) < (Int($1.dropFirst(3)) ?? 0) }
        if isSocket(root.path("/run/gpsd.sock")) {
            found.gpsd = "gpsd's socket /run/gpsd.sock"
        } else if root.isMachine, answers(port: gpsdPort) {
            found.gpsd = "gpsd on 127.0.0.1:\(gpsdPort)"
        }
        found.soundCards = soundCards(
            in: (try? String(contentsOfFile: root.path("/proc/asound/cards"), encoding: .utf8)) ?? "")
        let runtime = "/run/user/\(getuid())"
        for server in ["\(runtime)/pulse/native", "\(runtime)/pipewire-0"] where isSocket(root.path(server)) {
            found.soundServer = server
            break
        }
        if found.soundServer == nil, root.isMachine,
            let server = ProcessInfo.processInfo.environment["PULSE_SERVER"], !server.isEmpty
        {
            found.soundServer = server
        }
        found.gpioKeys = gpioKeys(at: root)
        return found
    }

    /// Whether there is anything to play sound on.
    var hasSound: Bool { !soundCards.isEmpty || soundServer != nil }

    /// One line for a person: "Found: Bluetooth adapter hci0; no gpsd; sound card bcm2835 Headphones; …".
    var summary: String {
        let parts = [
            bluetoothAdapters.isEmpty
                ? "no Bluetooth adapter" : "Bluetooth adapter \(bluetoothAdapters.joined(separator: ", "))",
            gpsd ?? "no gpsd (GPS)",
            hasSound
                ? ((soundCards.isEmpty ? [] : ["sound card \(soundCards.joined(separator: ", "))"])
                    + (soundServer.map { ["sound server \($0)"] } ?? [])).joined(separator: "; ")
                : "no sound card",
            gpioKeys.isEmpty ? "no gpio-key buttons" : "gpio-key buttons \(gpioKeys.joined(separator: ", "))",
        ]
        return "Found: " + parts.joined(separator: "; ") + "."
    }

    // MARK: - Looking

    /// `/proc/asound/cards` lists each card on two lines, the first `" 0 [Headphones     ]: bcm2835_headpho -
    /// bcm2835 Headphones"`; the text after " - " is the card's long name. "--- no soundcards ---" has none.
    static func soundCards(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard let first = trimmed.first, first.isNumber, trimmed.contains("[") else { return nil }
            guard let dash = trimmed.range(of: " - ") else { return String(trimmed) }
            return String(trimmed[dash.upperBound...]).trimmingCharacters(in: .whitespaces)
        }
    }

    /// Input devices the gpio-keys driver made: the driver's link in sysfs says so, or a `/dev/input/by-path` name
    /// (`platform-gpio-keys-event`, `platform-button@11-event` for the Raspberry Pi's gpio-key overlay).
    static func gpioKeys(at root: SystemRoot) -> [String] {
        let sysfs = root.path("/sys/class/input")
        var byPath: Set<String> = []
        let folder = root.path("/dev/input/by-path")
        for entry in entries(folder)
        where ["gpio-keys", "gpio_keys", "button@"].contains(where: { entry.contains($0) }) {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(entry)") {
                byPath.insert((target as NSString).lastPathComponent)
            }
        }
        var found: [String] = []
        let events = entries(sysfs).filter { $0.hasPrefix("event") }
            .sorted { (Int($0.dropFirst(5)) ?? .max) < (Int($1.dropFirst(5)) ?? .max) }
        for event in events {
            let driver =
                (try? FileManager.default.destinationOfSymbolicLink(
                    atPath: "\(sysfs)/\(event)/device/device/driver")).map { ($0 as NSString).lastPathComponent }
            guard driver == "gpio-keys" || byPath.contains(event) else { continue }
            let name = FileManager.default.contents(atPath: "\(sysfs)/\(event)/device/name")
                .map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
            let label = name.flatMap { $0.isEmpty ? nil : $0 } ?? "/dev/input/\(event)"
            if !found.contains(label) { found.append(label) }
        }
        return found
    }

    private static func entries(_ folder: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    }

    private static func isSocket(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK
    }

    /// Whether something accepts a TCP connection on 127.0.0.1:`port` within half a second.
    private static func answers(port: Int) -> Bool {
        let descriptor = socket(
            AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let started = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if started == 0 { return true }
        guard errno == EINPROGRESS else { return false }
        var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        guard poll(&waiting, 1, 500) == 1 else { return false }
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length) == 0 && failure == 0
    }
}
