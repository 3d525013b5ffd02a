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
    ],
    targets: [
        // MARK: - Core
        .target(
            name: "HubStore",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(
            name: "HubCore",
            dependencies: [
                "HubStore", "CSystemClock",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        .target(
            name: "HubTestKit",
            dependencies: [
                "HubCore", "HubStore", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        // python-dbusmock's BlueZ on a private dbus-daemon, for the tests and benchmarks that talk to BlueZ.
        .target(name: "BlueZTestKit", dependencies: ["DBus"]),

        // GPX and TCX files: streaming writers and readers for `stayfit workouts export/import` and the simulator.
        .target(name: "WorkoutFiles", dependencies: ["HubCore"]),

        // MARK: - System libraries and their safe Swift wrappers (the only importers of the C modules)
        // The kernel's clock status and boot time (<sys/timex.h>, CLOCK_BOOTTIME): headers only, imported by HubCore's clock.
        .systemLibrary(name: "CSystemClock"),
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        .target(name: "DBus", dependencies: ["CDBus"]),

        // MARK: - Plugins (one target each; a plugin imports HubCore, never another plugin)
        .target(
            name: "Simulator", dependencies: ["HubCore", "WorkoutFiles"], path: "Plugins/Simulator",
            exclude: ["README.md"]),
        .target(name: "Console", dependencies: ["HubCore"], path: "Plugins/Console", exclude: ["README.md"]),
        .target(
            name: "HeartRate", dependencies: ["HubCore", "DBus"], path: "Plugins/HeartRate", exclude: ["README.md"]),

        // MARK: - Executables
        .executableTarget(
            name: "stayfit",
            dependencies: [
                "HubCore", "HubStore", "Simulator", "Console", "HeartRate", "WorkoutFiles",
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
            name: "stayfit-bench",
            dependencies: ["HubCore"],
            path: "Benchmarks/BusBenchmark"
        ),
        .executableTarget(
            name: "stayfit-hr-notify-bench",
            dependencies: ["HeartRate", "HubCore", "HubStore", "BlueZTestKit", "HubTestKit", "DBus"],
            path: "Benchmarks/HeartRateNotifyBenchmark"
        ),
        .executableTarget(
            name: "stayfit-files-bench",
            dependencies: ["WorkoutFiles", "HubCore", "HubStore"],
            path: "Benchmarks/WorkoutFilesBenchmark"
        ),

        // MARK: - Tests
        .testTarget(name: "HubCoreTests", dependencies: ["HubCore", "HubTestKit"]),
        .testTarget(name: "HubStoreTests", dependencies: ["HubStore", "HubTestKit"]),
        .testTarget(name: "SimulatorTests", dependencies: ["Simulator", "HubTestKit"]),
        .testTarget(name: "ConsoleTests", dependencies: ["Console", "HubTestKit"]),
        .testTarget(name: "HeartRateTests", dependencies: ["HeartRate", "HubCore", "HubTestKit", "BlueZTestKit"]),
        .testTarget(name: "DBusTests", dependencies: ["DBus", "BlueZTestKit"]),
        .testTarget(
            name: "WorkoutFilesTests", dependencies: ["WorkoutFiles", "HubTestKit", "BlueZTestKit"],
            exclude: ["Schemas", "Checkers"]),
        .testTarget(name: "IntegrationTests", dependencies: ["stayfit", "HubCore", "HubStore", "BlueZTestKit"]),
    ],
    swiftLanguageModes: [.v6]
)
