import Foundation
import HubStore

/// Files and directories the integration tests make for themselves.
struct Scratch: ~Copyable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("stayfit-it-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func write(_ name: String, _ text: String) throws -> String {
        let path = path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func store(_ name: String = "data") throws -> HubStore { try HubStore(directory: url.appendingPathComponent(name)) }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// A recording due north along a meridian: every second 0.00003° of latitude (3.3 m/s), so the distance is known by hand.
enum StraightRun {
    static let stepDegrees = 0.00003
    /// One step along a meridian on the mean-radius sphere: 6 371 008.8 m × 0.00003 × π / 180
    static let stepMeters = 6_371_008.8 * stepDegrees * Double.pi / 180  // ≈ 3.336 m

    static func csv(seconds: Int) -> String {
        var text = "seconds,heart_rate,latitude,longitude,steps\n"
        for second in 0..<seconds {
            let latitude = 48.0 + Double(second) * stepDegrees
            text += "\(second),\(120 + second % 20),\(String(format: "%.6f", latitude)),11.500000,\(second * 3)\n"
        }
        return text
    }
}

extension StayfitProcess {
    /// `stayfit profile set` with a complete sample profile on `data`; returns the command's result.
    static func setSampleProfile(data: String) async throws -> (status: Int32, output: String, error: String) {
        try await run([
            "profile", "set", "--data-dir", data, "--name", "Alex", "--birth-date", "1990-04-21", "--gender", "female",
            "--height", "168", "--weight", "61",
        ])
    }
}
