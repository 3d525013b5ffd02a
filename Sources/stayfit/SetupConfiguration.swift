import Foundation
import HubCore

/// The configuration `stayfit setup` writes: what it found and what the person chose, as a commented stayfit.toml.
///
/// Only the tables and keys that setup decides are written, each with a comment saying what it is; a plugin left
/// off is there commented out, with the reason, so that turning it on later is one uncommented line. Every other key
/// keeps its default, and the full commented sample names them all.
struct SetupConfiguration: Sendable {
    /// The strap: the adapter, and the strap chosen (nil: the first one found).
    var strap: (adapter: String, address: String?)?
    /// gpsd, when found.
    var gpsd: String?
    /// The audio device for music and the voice coach (nil: both off).
    var audioDevice: String?
    /// The buttons' devices (kernel names or paths), nil when off.
    var buttonDevices: [String]?
    /// The keys learned during setup, in the order pressed: each takes the next of the three default roles.
    var buttonKeys: [String] = []
    /// Why each plugin left off is off, for its comment.
    var why: [String: String] = [:]

    /// The configuration for what `scripts/install` finds: everything found turned on, with defaults.
    init(detected: SetupDetection) {
        if let adapter = detected.bluetoothAdapters.first {
            strap = (adapter, nil)
        } else {
            why["heart-rate"] = "no Bluetooth adapter was found (/sys/class/bluetooth has no hci*)"
        }
        gpsd = detected.gpsd
        if gpsd == nil { why["location"] = "gpsd was not found (no /run/gpsd.sock, nothing on 127.0.0.1:2947)" }
        if detected.hasSound {
            audioDevice = "auto"
        } else {
            why["music"] = "no sound card was found (/proc/asound/cards) and no sound server"
        }
        if !detected.gpioKeys.isEmpty {
            buttonDevices = detected.gpioKeys
        } else {
            why["buttons"] = "no gpio-key buttons were found (/dev/input/by-path/*gpio-keys*, *button@*)"
        }
    }

    /// The three roles a learned key takes, in order: the default mapping's.
    static let roles = [
        ("start-pause-resume", "stop", "play-pause-music"),
        ("next-track", "status-now", "previous-track"),
        ("lap", "louder", "quieter"),
    ]

    /// The file's text; `date` goes in its first line.
    func text(on date: String) -> String {
        var lines = [
            "# StayFit Hub's configuration, written by `stayfit setup`\(date.isEmpty ? "" : " on \(date)").",
            "# Check it with `stayfit config check FILE`; a running service takes it with `sudo systemctl reload stayfit`.",
            "# A [plugins.<id>] table that is present turns that plugin on; a commented one is off. Every key, with its",
            "# default and range, is in the commented sample: /usr/local/share/stayfit/stayfit.toml.sample (etc/stayfit.toml",
            "# in the source). Run `stayfit setup` again to choose again.",
            "",
            "[hub]",
            "# How much the hub logs: \"trace\", \"debug\", \"info\", \"notice\", \"warning\", \"error\" or \"critical\".",
            "log-level = \"info\"",
            "",
            "# The console: the hub's front end on the terminal, or in the journal under systemd.",
            "[plugins.console]",
            "",
        ]
        lines += plugin(
            "heart-rate", "The heart-rate strap, a Bluetooth LE chest strap read through BlueZ.",
            on: strap.map { strap in
                [
                    "# The Bluetooth adapter, as `bluetoothctl list` names it.",
                    "adapter = \(TOMLKeyEdit.basicString(strap.adapter))",
                    "# The strap: \"\" takes the first one found; `stayfit devices connect ADDRESS` chooses another.",
                    "device = \(TOMLKeyEdit.basicString(strap.address ?? ""))",
                ]
            }, off: ["adapter = \"hci0\""])
        lines += plugin(
            "location", "The GPS receiver, read through gpsd.",
            on: gpsd.map { _ in ["host = \"127.0.0.1\"", "port = 2947"] }, off: ["host = \"127.0.0.1\""])
        lines += plugin(
            "music", "Music, and the audio path the voice coach speaks on.",
            on: audioDevice.map { device in
                [
                    "# \"auto\", \"alsa/default\", \"pulse\", \"pipewire\", or a .wav file (a recording). `stayfit audio test` tries it.",
                    "audio-device = \(TOMLKeyEdit.basicString(device))",
                    "# An .m3u/.m3u8 file or a folder of music; \"\" for none.",
                    "playlist = \"\"",
                ]
            }, off: ["audio-device = \"auto\""])
        lines += plugin(
            "voice-coach", "The voice coach: says how the workout goes, on the music plugin's audio path.",
            on: audioDevice.map { _ in ["# The eSpeak NG voice (`espeak-ng --voices` lists them).", "voice = \"en\""] },
            off: ["voice = \"en\""], reason: why["music"])
        lines += plugin(
            "buttons", "The buttons: input devices such as the Raspberry Pi's gpio-key overlay, or a USB keyboard.",
            on: buttonDevices.map { devices in
                [
                    "# The input devices, by the kernel's name or by path (`stayfit buttons list` shows them).",
                    "devices = [\(devices.map(TOMLKeyEdit.basicString).joined(separator: ", "))]",
                ] + keysTable
            }, off: ["devices = [\"button@*\"]"])
        lines += plugin(
            "reminders", "Reminders set with `stayfit reminders`, said and printed at their time.", on: [], off: [])
        return lines.joined(separator: "\n")
    }

    /// `[plugins.buttons.keys]` for the keys pressed during setup; none keeps the default mapping.
    private var keysTable: [String] {
        guard !buttonKeys.isEmpty else {
            return [
                "# Without a [plugins.buttons.keys] table: KEY_PLAYPAUSE start/pause/resume (long: stop, double: music),",
                "# KEY_NEXTSONG next track (long: status now, double: previous), KEY_VOLUMEUP lap (long: louder, double: quieter).",
            ]
        }
        var table = [
            "",
            "# What each key does, for short, long and double presses (the buttons pressed during setup, in order).",
            "[plugins.buttons.keys]",
        ]
        for (key, role) in zip(buttonKeys, Self.roles) {
            table.append("\(key) = { short = \"\(role.0)\", long = \"\(role.1)\", double = \"\(role.2)\" }")
        }
        return table
    }

    /// A plugin's table, on (`on` its keys) or commented out (`off` an example key) with why.
    private func plugin(_ id: String, _ what: String, on: [String]?, off: [String], reason: String? = nil) -> [String] {
        if let on { return ["# \(what)", "[plugins.\(id)]"] + on + [""] }
        let because = reason ?? why[id] ?? "not chosen during setup"
        return [
            "# \(what)",
            "# Off: \(because).",
            "# Uncomment the lines below to turn it on.",
            "# [plugins.\(id)]",
        ] + off.map { "# " + $0 } + [""]
    }

}
