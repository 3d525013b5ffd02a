// swift-tools-version: 6.1
import PackageDescription

// StayFit Hub: a small core runtime (HubCore) that loads protocol-conformant plugins (Plugins/*),
// wired through a typed message bus, with one SQLite store (HubStore) and one executable (`stayfit`).
let package = Package(
    name: "StayFitHub",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "stayfit", targets: ["stayfit"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // Spelled as swift-service-lifecycle and swift-async-algorithms spell it, so it stays one package.
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
        // The web app's HTTP server. No traits: the hub reads its own configuration, and Foundation's essentials do.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        // Hummingbird's own: NIOPosix for the web app's single event-loop thread, HTTPTypes for its header names.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        // Hummingbird's own too: NIOHTTPTypes for the live stream's body parts, written straight to the connection.
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        // And for HTTPS: NIOSSL's certificate and key loading, and a context made once to check that they match.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.2"),
    ],
    targets: [
        // MARK: - Core
        // The records the store holds and the messages carry (Workout, Profile, Reminder …), and the narrow views of
        // the store that the engine and the plugins are given (WorkoutLog, ReminderBook …): plain Swift, no GRDB.
        .target(name: "Records"),
        .target(
            name: "HubStore",
            dependencies: [
                "Records", "Threading", .product(name: "GRDB", package: "GRDB.swift"),
                // sqlite3_wal_hook, for ImmediateWriter.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "HubCore",
            dependencies: [
                // Not HubStore: the core sees the store only through the Records module's narrow views.
                "Records", "CSystemClock", "Threading",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "TOMLKit", package: "TOMLKit"),
                // SIGHUP: reload the configuration.
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                // The inboxes' buffers.
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        // Guided workouts: programs (strength and interval) as plain TOML files, Zwift .zwo import and export, and the
        // built-in programs; a pure model on Records, no HubCore, so that a store, a plugin and the CLI can share it.
        .target(
            name: "Programs", dependencies: ["HubCore", "Records", .product(name: "TOMLKit", package: "TOMLKit")],
            exclude: ["README.md"]),
        // Food and the day's energy budget: the food table and its search, Mifflin–St Jeor, weight goals, and the checks
        // of what is logged (shared by the command line and the web); pure, on Records and the core's words.
        .target(name: "Nutrition", dependencies: ["Records", "HubCore"]),
        // Reports and pictures: statistics, splits, zones and plots; pure Swift, no database.
        .target(name: "Reports", dependencies: ["HubCore"]),
        .target(
            name: "HubTestKit",
            dependencies: [
                "HubCore", "HubStore", "BlueZTestKit", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        // python-dbusmock's BlueZ on a private dbus-daemon, for the tests and benchmarks that talk to BlueZ.
        .target(name: "BlueZTestKit", dependencies: ["DBus", "CSpawn"]),
        // Pictures rendered by rsvg-convert with their labels' ink measured, for the report tests.
        .target(name: "PictureTestKit", dependencies: ["BlueZTestKit"]),
        // Generated GPS tracks (NMEA) and a real gpsd fed by gpsfake, for the location tests and benchmark.
        .target(name: "GPSTestKit", dependencies: ["BlueZTestKit", "HubTestKit"]),
        // Test tones and their measurement in WAV files, and a private PulseAudio server to play to and record from.
        .target(name: "AudioTestKit", dependencies: ["Music", "MPV", "BlueZTestKit"]),

        // GPX and TCX files: streaming writers and readers for `stayfit workouts export/import` and the simulator.
        .target(name: "WorkoutFiles", dependencies: ["HubCore", "HubStore"]),
        .target(name: "Positioning", dependencies: ["HubCore", "HubStore", "WorkoutFiles"]),
        // Each sensor kind's words in "status now" (StatusPart), for the plugins that publish them: the sensor's own
        // plugin and the simulator say them alike, and the core and the status plugin spell none.
        .target(name: "StatusParts", dependencies: ["HubCore"]),
        // Decoders for the Bluetooth SIG's fitness sensors (cycling speed and cadence, cycling power, running speed and
        // cadence, fitness machines) and the calculators that turn their counters into speed, cadence and distance:
        // pure Swift on bytes, no BlueZ, no D-Bus, no HubCore, so that every byte layout is tested without a radio.
        .target(name: "GATTSensors"),
        // What every Bluetooth LE sensor plugin does with BlueZ (object lookups, connect and wait for the services,
        // AcquireNotify and its socket reader, StartNotify, reads, writes, backoff, fresh or lost data): the
        // heart-rate and fitness-sensors plugins share it, so a fix to the BlueZ path reaches every sensor.
        .target(
            name: "BluetoothSensors",
            dependencies: ["HubCore", "DBus", .product(name: "Logging", package: "swift-log")]),

        // MARK: - System libraries and their safe Swift wrappers (the only importers of the C modules)
        // The kernel's clock status and boot time (<sys/timex.h>, CLOCK_BOOTTIME): headers only, imported by HubCore's clock.
        .systemLibrary(name: "CSystemClock"),
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        .target(name: "DBus", dependencies: ["CDBus"]),
        // Linux input and GPIO ioctls (<linux/input.h>, <linux/gpio.h>): headers only, imported by the buttons plugin.
        .systemLibrary(name: "CLinuxInput"),
        // posix_spawn's closefrom and pipe2 (GNU extensions the Glibc module leaves out): the test kits' child processes.
        .systemLibrary(name: "CSpawn"),
        // libmpv's header only, no link: MPV dlopens libmpv.so.2 when a plugin plays, so a hub without audio never
        // maps it (about 44 MB resident with ffmpeg).
        .systemLibrary(name: "CMPV"),
        .target(name: "MPV", dependencies: ["CMPV", "SharedLibrary"]),
        // Headers only: EspeakNG loads libespeak-ng with dlopen once the voice coach is configured (it drags in PulseAudio,
        // ALSA, X11 and codecs that a hub without the coach must not map).
        .systemLibrary(name: "CEspeakNG", providers: [.apt(["libespeak-ng-dev"])]),
        .target(name: "EspeakNG", dependencies: ["CEspeakNG", "SharedLibrary", "Threading"]),
        // dlopen for those two.
        .target(name: "SharedLibrary"),
        // libxcrypt (<crypt.h>): yescrypt password hashes, the scheme /etc/shadow uses, for the web app's password.
        .systemLibrary(name: "CCrypt", providers: [.apt(["libcrypt-dev"])]),
        .target(name: "Crypt", dependencies: ["CCrypt", "Threading"]),
        // A thread of its own for blocking work (the store writer, eSpeak NG, a reload, a socket's handshake): no
        // dependency, so that the wrappers use the same one as the core.
        .target(name: "Threading"),

        // MARK: - Plugins (one target each; a plugin imports HubCore, never another plugin)
        .target(
            name: "Simulator", dependencies: ["HubCore", "WorkoutFiles", "Positioning", "StatusParts"],
            path: "Plugins/Simulator",
            exclude: ["README.md"]),
        .target(name: "Console", dependencies: ["HubCore"], path: "Plugins/Console", exclude: ["README.md"]),
        .target(
            name: "HeartRate", dependencies: ["HubCore", "DBus", "BluetoothSensors", "StatusParts"],
            path: "Plugins/HeartRate", exclude: ["README.md"]),
        .target(
            name: "FitnessSensors",
            dependencies: ["HubCore", "DBus", "BluetoothSensors", "GATTSensors", "StatusParts"],
            path: "Plugins/FitnessSensors", exclude: ["README.md"]),
        .target(name: "Reminders", dependencies: ["HubCore"], path: "Plugins/Reminders", exclude: ["README.md"]),
        .target(
            name: "Buttons", dependencies: ["HubCore", "CLinuxInput"], path: "Plugins/Buttons", exclude: ["README.md"]),
        .target(name: "Music", dependencies: ["HubCore", "MPV"], path: "Plugins/Music", exclude: ["README.md"]),
        .target(
            name: "VoiceCoach", dependencies: ["HubCore", "EspeakNG"], path: "Plugins/VoiceCoach",
            exclude: ["README.md"]),
        .target(
            name: "Location", dependencies: ["HubCore", "Positioning", "StatusParts", "Threading"],
            path: "Plugins/Location",
            exclude: ["README.md"]),
        .target(name: "HeartRateLog", dependencies: ["HubCore"], path: "Plugins/HeartRateLog", exclude: ["README.md"]),
        .target(name: "Status", dependencies: ["HubCore"], path: "Plugins/Status", exclude: ["README.md"]),
        .target(name: "Share", dependencies: ["HubCore", "Reports"], path: "Plugins/Share", exclude: ["README.md"]),
        .target(name: "Goals", dependencies: ["HubCore"], path: "Plugins/Goals", exclude: ["README.md"]),
        .target(
            name: "GuidedWorkouts", dependencies: ["HubCore", "Programs"], path: "Plugins/GuidedWorkouts",
            exclude: ["README.md"]),
        .target(
            name: "CaloriesLeft", dependencies: ["HubCore", "Nutrition"], path: "Plugins/CaloriesLeft",
            exclude: ["README.md"]),
        .target(name: "People", dependencies: ["HubCore"], path: "Plugins/People", exclude: ["README.md"]),
        // The hub's own web app: the live dashboard and the phone's remote, history, programs, people and food, behind
        // a password; pages rendered on the hub from the store's narrow views (Records/Access).
        .target(
            name: "Web",
            dependencies: [
                "HubCore", "Reports", "Records", "Programs", "Nutrition", "Crypt",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                // HTTPS with a configured certificate: swift-nio-ssl (BoringSSL), built with the hub.
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Plugins/Web", exclude: ["README.md"]),

        // MARK: - Executables
        .executableTarget(
            name: "stayfit",
            dependencies: [
                "HubCore", "HubStore", "Simulator", "Console", "HeartRate", "Reminders", "Buttons", "Music", "MPV",
                "VoiceCoach", "Reports", "Location", "Positioning", "WorkoutFiles", "HeartRateLog", "Status", "Share",
                "Goals", "FitnessSensors", "BluetoothSensors", "Programs", "GuidedWorkouts", "Nutrition",
                "CaloriesLeft", "People", "Web", "Crypt",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "stayfit-hr-bench",
            dependencies: ["HubCore", "HubStore", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Benchmarks/HeartRateLogBenchmark"
        ),
        .executableTarget(
            name: "stayfit-reports-bench", dependencies: ["HubCore", "HubStore"], path: "Benchmarks/ReportsBenchmark"),
        .executableTarget(
            name: "stayfit-bench",
            dependencies: ["HubCore"],
            path: "Benchmarks/BusBenchmark"
        ),
        .executableTarget(
            name: "stayfit-location-bench",
            dependencies: ["Location", "Positioning", "HubCore", "GPSTestKit"],
            path: "Benchmarks/LocationBenchmark"
        ),
        .executableTarget(
            name: "stayfit-hr-notify-bench",
            dependencies: ["HeartRate", "HeartRateLog", "HubCore", "HubStore", "BlueZTestKit", "HubTestKit", "DBus"],
            path: "Benchmarks/HeartRateNotifyBenchmark"
        ),
        .executableTarget(
            name: "stayfit-audio-bench",
            dependencies: ["Music", "MPV", "HubCore", "HubTestKit"],
            path: "Benchmarks/AudioBenchmark"
        ),

        .executableTarget(
            name: "stayfit-buttons-bench",
            dependencies: ["Buttons", "HubCore", "HubTestKit"],
            path: "Benchmarks/ButtonsBenchmark"
        ),
        .executableTarget(
            name: "stayfit-speech-bench",
            dependencies: ["VoiceCoach", "EspeakNG", "HubCore", "HubTestKit"],
            path: "Benchmarks/SpeechBenchmark"
        ),
        .executableTarget(
            name: "stayfit-files-bench",
            dependencies: ["WorkoutFiles", "HubCore", "HubStore"],
            path: "Benchmarks/WorkoutFilesBenchmark"
        ),

        // MARK: - Tests
        .testTarget(name: "HubCoreTests", dependencies: ["HubCore", "HubTestKit", "BlueZTestKit"]),
        .testTarget(name: "HubStoreTests", dependencies: ["HubStore", "HubTestKit"]),
        .testTarget(name: "SimulatorTests", dependencies: ["Simulator", "HubTestKit"]),
        .testTarget(name: "ConsoleTests", dependencies: ["Console", "HubTestKit", "BlueZTestKit"]),
        // People too: a person's strap connecting makes the people plugin say hello.
        .testTarget(
            name: "HeartRateTests", dependencies: ["HeartRate", "HubCore", "HubTestKit", "BlueZTestKit", "People"]),
        .testTarget(
            name: "FitnessSensorsTests",
            dependencies: ["FitnessSensors", "BluetoothSensors", "HubCore", "HubTestKit", "BlueZTestKit"]),
        .testTarget(name: "DBusTests", dependencies: ["DBus", "BlueZTestKit"]),
        .testTarget(name: "RemindersTests", dependencies: ["Reminders", "HubTestKit"]),
        .testTarget(name: "GoalsTests", dependencies: ["Goals", "HubCore", "HubTestKit", "BlueZTestKit"]),
        // Besides the plugin's own tests, a program through the whole hub: the workout engine, a mock trainer behind the
        // fitness-sensors plugin (BlueZ mock), the console's commands and the store's programs.
        .testTarget(
            name: "GuidedWorkoutsTests",
            dependencies: [
                "GuidedWorkouts", "HubCore", "HubTestKit", "Programs", "FitnessSensors", "Console", "HubStore",
                "BlueZTestKit", "DBus",
            ]),
        .testTarget(name: "ButtonsTests", dependencies: ["Buttons", "CLinuxInput", "HubCore", "HubTestKit"]),
        .testTarget(name: "MPVTests", dependencies: ["MPV", "BlueZTestKit"]),
        .testTarget(name: "SharedLibraryTests", dependencies: ["SharedLibrary"]),
        .testTarget(
            name: "MusicTests",
            dependencies: [
                "Music", "MPV", "HubCore", "HubTestKit", "AudioTestKit", "BlueZTestKit", "VoiceCoach", "EspeakNG",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "stayfit", "HubCore", "HubStore", "HubTestKit", "BlueZTestKit", "GPSTestKit", "Music", "AudioTestKit",
                "PictureTestKit",
            ],
            // The web app's browser and attacker checks, run with the tests' venv.
            exclude: ["WebApp"]),
        .testTarget(name: "EspeakNGTests", dependencies: ["EspeakNG"]),
        .testTarget(name: "VoiceCoachTests", dependencies: ["VoiceCoach", "EspeakNG", "HubCore", "HubTestKit"]),
        .testTarget(name: "ReportsTests", dependencies: ["Reports", "HubTestKit", "PictureTestKit"]),
        .testTarget(name: "ShareTests", dependencies: ["Share", "Reports", "HubTestKit", "BlueZTestKit"]),
        .testTarget(
            name: "LocationTests",
            dependencies: ["Location", "Positioning", "HubCore", "HubTestKit", "GPSTestKit", "WorkoutFiles"],
            exclude: ["Recordings"]),
        .testTarget(
            name: "HeartRateLogTests", dependencies: ["HeartRateLog", "HubCore", "HubTestKit", "BlueZTestKit"]),
        .testTarget(name: "StatusTests", dependencies: ["Status", "StatusParts", "HubCore", "HubTestKit"]),
        .testTarget(name: "StatusPartsTests", dependencies: ["StatusParts", "HubCore"]),
        .testTarget(name: "GATTSensorsTests", dependencies: ["GATTSensors"]),
        // BlueZTestKit for its child processes: Python reads the .zwo export.
        .testTarget(name: "ProgramsTests", dependencies: ["Programs", "Records", "BlueZTestKit"]),
        .testTarget(name: "NutritionTests", dependencies: ["Nutrition", "Records"]),
        .testTarget(name: "CaloriesLeftTests", dependencies: ["CaloriesLeft", "HubCore", "HubTestKit"]),
        .testTarget(name: "PeopleTests", dependencies: ["People", "HubCore", "HubTestKit", "HubStore"]),
        // HubStore and WorkoutFiles: the pages are read from a real temporary store, and the downloads written by
        // the store's exporter.
        .testTarget(
            name: "WebTests",
            dependencies: [
                "Web", "Crypt", "HubCore", "HubTestKit", "HubStore", "WorkoutFiles", "PictureTestKit", "BlueZTestKit",
                "GPSTestKit", "Nutrition",
                // The sensors page against the plugins that answer its commands, on the BlueZ mock.
                "HeartRate", "FitnessSensors", "DBus",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                // The live page's connection on a channel the test runs by hand.
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ]),
        .testTarget(
            name: "WorkoutFilesTests", dependencies: ["WorkoutFiles", "HubTestKit", "BlueZTestKit"],
            exclude: ["Schemas", "Checkers"]),
    ],
    swiftLanguageModes: [.v6]
)
