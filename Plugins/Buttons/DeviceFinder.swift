import Foundation

/// Finds the input devices the configuration names: by path, or by the kernel's name for them, which sysfs shows
/// without opening anything (`/sys/class/input/event3/device/name`), so the names are there even for devices the
/// hub may not open.
public struct DeviceFinder: Sendable {
    /// Where the device files are (`/dev/input`).
    public var deviceDirectory: String
    /// Where sysfs lists them (`/sys/class/input`).
    public var sysfsDirectory: String

    public init(deviceDirectory: String = "/dev/input", sysfsDirectory: String = "/sys/class/input") {
        self.deviceDirectory = deviceDirectory
        self.sysfsDirectory = sysfsDirectory
    }

    /// One input device present now.
    public struct Device: Sendable, Equatable {
        public var path: String
        public var name: String
    }

    /// Every `event*` device present, in number order, with its name.
    public func present() -> [Device] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: sysfsDirectory)) ?? []
        return entries.filter { $0.hasPrefix("event") }
            .sorted { (Int($0.dropFirst(5)) ?? .max, $0) < (Int($1.dropFirst(5)) ?? .max, $1) }
            .compactMap { entry in
                let file = "\(sysfsDirectory)/\(entry)/device/name"
                guard let data = FileManager.default.contents(atPath: file) else { return nil }
                let name = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                return Device(path: "\(deviceDirectory)/\(entry)", name: name)
            }
    }

    /// The device files `specs` stand for now, each with the name it was found by (nil for a path).
    func resolve(_ specs: [ButtonsPlugin.DeviceSpec]) -> [(path: String, name: String?)] {
        var found: [(path: String, name: String?)] = []
        var seen: Set<String> = []
        lazy var devices = present()
        for spec in specs {
            switch spec {
            case .path(let path):
                if seen.insert(path).inserted { found.append((path, nil)) }
            case .name(let pattern):
                for device in devices where Self.matches(device.name, pattern: pattern) {
                    if seen.insert(device.path).inserted { found.append((device.path, device.name)) }
                }
            }
        }
        return found
    }

    /// The directories whose changes may bring a device of `specs`: each path's folder, and the device directory
    /// for names.
    func directories(for specs: [ButtonsPlugin.DeviceSpec]) -> [String] {
        var directories: [String] = []
        for spec in specs {
            let directory: String
            switch spec {
            case .path(let path): directory = (path as NSString).deletingLastPathComponent
            case .name: directory = deviceDirectory
            }
            if !directories.contains(directory) { directories.append(directory) }
        }
        return directories
    }

    /// Whether `name` matches `pattern`, where `*` stands for any text and `?` for one character; case matters.
    static func matches(_ name: String, pattern: String) -> Bool {
        let name = Array(name), pattern = Array(pattern)
        // Classic two-pointer wildcard match, remembering the last `*` to backtrack to.
        var n = 0, p = 0, star: Int?, resume = 0
        while n < name.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == name[n] {
                n += 1
                p += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = n
                p += 1
            } else if let star {
                p = star + 1
                resume += 1
                n = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
