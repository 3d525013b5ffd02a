import ArgumentParser
import Foundation
import HubCore
import Location

/// `stayfit gps`: what gpsd reports now, and what to do when it reports nothing.
struct GPSCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gps", abstract: "Show what the GPS receiver reports now, through gpsd.",
        discussion: """
            Connects to gpsd (the address of [plugins.location], else 127.0.0.1:2947) and shows the receiver, \
            the fix, the satellites, the position and its accuracy. Exits with 69 when gpsd is not reachable and \
            with 1 when it reads no receiver.
            """)

    @OptionGroup var configOptions: ConfigOptions
    @Option(help: ArgumentHelp("gpsd's address, an IP address (default: [plugins.location] host).", valueName: "ip"))
    var host: String?
    @Option(help: ArgumentHelp("gpsd's port (default: [plugins.location] port, else 2947).", valueName: "port"))
    var port: Int?
    @Option(help: ArgumentHelp("How long to wait for a fix, 1 to 60.", valueName: "seconds")) var seconds = 3

    func validate() throws {
        guard (1...60).contains(seconds) else {
            throw ValidationError("--seconds must be from 1 to 60 (got \(seconds)).")
        }
        if let host, !LocationPlugin.Configuration.isValidHost(host) {
            throw ValidationError("--host must be an IP address such as 127.0.0.1 or ::1 (got \"\(host)\").")
        }
        if let port, !(1...65535).contains(port) {
            throw ValidationError("--port must be from 1 to 65535 (got \(port)).")
        }
    }

    func run() async throws {
        try await reportingErrors {
            let table = try configOptions.load().pluginTables[LocationPlugin.id]
            let configured = try table.map { try LocationPlugin.Configuration($0) } ?? LocationPlugin.Configuration()
            let host = host ?? configured.host
            let port = port ?? configured.port
            let reading: GPSProbe.Reading
            do {
                reading = try await GPSProbe.look(host: host, port: port, for: .seconds(seconds))
            } catch let error as GPSProbe.Unreachable {
                throw CLIError(Self.unreachableAdvice(error), exitCode: 69)
            }
            guard !reading.receivers.isEmpty || reading.position != nil else {
                throw CLIError(Self.noReceiverAdvice(release: reading.release), exitCode: 1)
            }
            print(Self.describe(reading))
        }
    }

    static func unreachableAdvice(_ error: GPSProbe.Unreachable) -> String {
        """
        \(error.description).
        Start gpsd and point it at the receiver. On a Raspberry Pi (Debian / Raspberry Pi OS):
          sudo apt install gpsd
          in /etc/default/gpsd set DEVICES="/dev/ttyACM0" (USB receiver) or DEVICES="/dev/serial0" (UART HAT)
          for a UART receiver turn the serial console off: sudo raspi-config → Interface Options → Serial Port
            → login shell: No, hardware: Yes; then reboot
          sudo systemctl enable --now gpsd.socket gpsd
        If gpsd runs elsewhere, set host and port in [plugins.location] or pass --host and --port.
        """
    }

    static func noReceiverAdvice(release: String?) -> String {
        """
        gpsd\(release.map { " \($0)" } ?? "") is running but reads no GPS receiver.
        Plug the receiver in and check that it shows up (ls /dev/ttyACM* /dev/ttyUSB* /dev/serial0), then name it
        in /etc/default/gpsd: DEVICES="/dev/ttyACM0" (USB) or DEVICES="/dev/serial0" (UART on a Raspberry Pi, with
        the serial console off in raspi-config), and restart gpsd: sudo systemctl restart gpsd
        """
    }

    static func describe(_ reading: GPSProbe.Reading) -> String {
        var lines: [String] = []
        let receivers = reading.receivers.map { $0.path + ($0.driver.map { " (\($0))" } ?? "") }
        lines.append("Receiver    " + (receivers.isEmpty ? "unknown" : receivers.joined(separator: ", ")))
        let mode = reading.position?.mode ?? 0
        let fix = mode >= 3 ? "3D fix" : mode == 2 ? "2D fix" : "no fix yet"
        lines.append("Fix         " + fix)
        if let sky = reading.sky {
            lines.append(
                "Satellites  \(sky.satellitesUsed.map(String.init) ?? "?") used of \(sky.satellitesSeen.map(String.init) ?? "?") seen"
                    + (sky.hdop.map { String(format: ", HDOP %.1f", $0) } ?? ""))
        } else {
            lines.append("Satellites  not reported yet")
        }
        if mode >= 2, let position = reading.position, let latitude = position.latitude,
            let longitude = position.longitude
        {
            lines.append(String(format: "Position    %.6f, %.6f", latitude, longitude))
            if let altitude = position.altitudeMSL ?? position.altitudeHAE {
                lines.append(String(format: "Altitude    %.0f m", altitude))
            }
            if let error = position.horizontalErrorMeters {
                lines.append(String(format: "Accuracy    ±%.0f m", error))
            }
            if let speed = position.speed { lines.append(String(format: "Speed       %.1f km/h", speed * 3.6)) }
        } else {
            lines.append("Position    none yet: the receiver needs open sky; a cold start takes a minute or more")
        }
        return lines.joined(separator: "\n")
    }
}
