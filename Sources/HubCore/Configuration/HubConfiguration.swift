import Foundation
import Logging
import TOMLKit

/// The whole `stayfit.toml`: hub settings, workout settings and one table per enabled plugin.
///
/// Strict: an unknown key, a wrong type or an out-of-range value is a `ConfigurationError` with file, line
/// and key. Plugin tables are checked when the registry builds the plugins.
public struct HubConfiguration {
    public var source: ConfigSource
    /// `[hub] log-level`.
    public var logLevel: Logger.Level
    /// `[workout]`.
    public var workout: WorkoutSettings
    /// `[reports]`: the units of reports, pictures and share text.
    public var reports: ReportSettings = ReportSettings()
    /// The `[plugins.<id>]` tables: present means enabled.
    public private(set) var pluginTables: [PluginID: ConfigTable]

    /// The largest configuration file read: the sample with every comment is a few kilobytes.
    public static let largestFile = TextFile.mebibyte

    /// Reads and parses the file at `path`.
    ///
    /// `/dev/null` is an empty file; anything but a regular file (a directory, a FIFO, a device such as
    /// `/dev/zero`), a file over `largestFile` or one with a NUL byte is an `.unreadable` error.
    ///
    /// - Parameter movedSettings: the settings plugins took over from elsewhere in the file
    ///   (`PluginRegistry.movedSettings`): one found at its old place is an error that says where it went.
    public static func load(path: String, movedSettings: [MovedSetting] = []) throws -> HubConfiguration {
        let text: String
        do {
            text = try TextFile.read(path, limit: largestFile)
        } catch {
            throw ConfigurationError(
                kind: .unreadable, file: path, line: error.line, key: nil, problem: "the configuration file \(error)",
                fix: Self.fix(for: error))
        }
        return try HubConfiguration(text: text, file: path, movedSettings: movedSettings)
    }

    /// Parses `text`, naming it `file` in errors; `movedSettings` as for ``load(path:movedSettings:)``.
    ///
    /// - Throws: `ConfigurationError`; `.tooDeep` for tables or lists nested deeper than the parser can safely
    ///   follow, and `.syntax` for a table header without a name, which the parser cannot take: both checked before
    ///   the parser sees the text.
    public init(text: String, file: String, movedSettings: [MovedSetting] = []) throws {
        // The TOML parser reads a C string: it would stop at a NUL and ignore the rest of the file without a word.
        if let line = TextFile.lineOfFirstNUL(in: text.utf8) {
            throw ConfigurationError(
                kind: .unreadable, file: file, line: line, key: nil,
                problem: "the configuration file \(TextFile.Failure.nulByte(line: line))",
                fix: Self.fix(for: .nulByte(line: line)))
        }
        switch ConfigNesting.firstProblem(in: text) {
        case .tooDeep(let line):
            throw ConfigurationError(
                kind: .tooDeep, file: file, line: line, key: nil,
                problem:
                    "tables, keys and lists nested more than \(Format.counted(ConfigNesting.deepest, "level")) deep",
                fix: "Nest less: the hub's own settings go 6 levels deep at most.")
        case .headerWithoutName(let line):
            throw ConfigurationError(
                kind: .syntax, file: file, line: line, key: nil,
                problem: "not valid TOML (a table header in [ ] begins with its name, a bare or quoted key)",
                fix: "Fix the syntax; the sample etc/stayfit.toml shows every key.")
        case .listValueMissing(let line):
            throw ConfigurationError(
                kind: .syntax, file: file, line: line, key: nil,
                problem: "not valid TOML (a list holds values separated by commas: no '}' where a value or ']' is "
                    + "due, and no Unicode line separator outside a string)",
                fix: "Fix the syntax; the sample etc/stayfit.toml shows every key.")
        case .controlCharacter(let line, let escape):
            throw ConfigurationError(
                kind: .invalidValue, file: file, line: line, key: nil,
                problem: "the escape \(escape) in a string makes a control character, which no setting takes",
                fix: "Remove it: a string may hold tabs (\\t) and line breaks (\\n), nothing else below a space.")
        case nil:
            break
        }
        let source = ConfigSource(file: file, text: text)
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigurationError(
                kind: .syntax, file: file, line: error.source.begin.line, key: nil,
                problem: "not valid TOML (column \(error.source.begin.column): \(error.description))",
                fix: "Fix the syntax; the sample etc/stayfit.toml shows every key.")
        }
        let root = ConfigTable(values: ConfigValue.dictionary(from: table), keyPath: [], source: source)
        let hub = try root.table("hub") ?? .empty(keyPath: ["hub"], file: file)
        let logLevel = try hub.choice("log-level", default: Logger.Level.info)
        try hub.rejectUnknownKeys()
        let workoutTable = try root.table("workout") ?? .empty(keyPath: ["workout"], file: file)
        let workout = try WorkoutSettings(workoutTable)
        try workoutTable.rejectUnknownKeys()
        // Before any table is read: a moved setting is named as moved, not as an unknown key of its old table.
        if let moved = MovedSetting.firstFound(movedSettings, in: root) { throw moved }
        let reportsTable = try root.table("reports") ?? .empty(keyPath: ["reports"], file: file)
        let reports = try ReportSettings(reportsTable)
        try reportsTable.rejectUnknownKeys()
        var plugins: [PluginID: ConfigTable] = [:]
        if let pluginsTable = try root.table("plugins") {
            for key in pluginsTable.keys {
                guard let pluginTable = try pluginsTable.table(key) else { continue }
                plugins[PluginID(key)] = pluginTable
            }
        }
        try root.rejectUnknownKeys()
        self.source = source
        self.logLevel = logLevel
        self.workout = workout
        self.pluginTables = plugins
        self.reports = reports
    }

    private static func fix(for failure: TextFile.Failure) -> String {
        switch failure {
        case .nulByte: "Remove it: the file may be damaged (cat -v shows a NUL byte as ^@)."
        case .notARegularFile: "Give the path of a regular file, or start from the sample etc/stayfit.toml."
        default: "Check the path, or start from the sample etc/stayfit.toml."
        }
    }

    /// Enables a plugin with its defaults unless the file already configures it (e.g. `--simulate`).
    public mutating func enable(_ id: PluginID) {
        if pluginTables[id] == nil {
            pluginTables[id] = .empty(keyPath: ["plugins", id.rawValue], file: source.file)
        }
    }
}

/// The `[workout]` table.
public struct WorkoutSettings: Sendable, Equatable {
    /// A workout interrupted by a crash is resumed when the hub is back within this time, else closed.
    public var resumeWithin: Duration
    /// A heart-rate reading older than this is not used: the workout records a gap instead. The same timeout
    /// applies to speed, cadence, power and machine readings.
    public var heartRateTimeout: Duration
    /// The kind of a workout started without one (a button, `start` on the console).
    public var defaultKind: WorkoutKind
    /// Per kind, the sources of speed and distance in order: a second takes the first that is fresh. Every known
    /// kind has an entry (``defaultSpeedSources`` unless `[workout.speed-sources]` says otherwise).
    public var speedSources: [WorkoutKind: [MotionSource]]
    /// The kinds whose workouts pause themselves when the movement stops (`auto-pause`); none by default.
    public var autoPauseKinds: Set<WorkoutKind>
    /// How long the movement must have stopped before the workout pauses itself.
    public var autoPauseAfter: Duration

    public init(
        resumeWithin: Duration = .seconds(600), heartRateTimeout: Duration = .seconds(5),
        defaultKind: WorkoutKind = .default, speedSources: [WorkoutKind: [MotionSource]] = [:],
        autoPauseKinds: Set<WorkoutKind> = [], autoPauseAfter: Duration = .seconds(5)
    ) {
        self.resumeWithin = resumeWithin
        self.heartRateTimeout = heartRateTimeout
        self.defaultKind = defaultKind
        self.speedSources = Self.defaultSpeedSources.merging(speedSources) { _, new in new }
        self.autoPauseKinds = autoPauseKinds
        self.autoPauseAfter = autoPauseAfter
    }

    init(_ table: ConfigTable) throws {
        resumeWithin = .seconds(try table.int("resume-within-minutes", default: 10, in: 0...1440) * 60)
        heartRateTimeout = .seconds(try table.int("heart-rate-timeout-seconds", default: 5, in: 1...60))
        defaultKind = try table.workoutKind("default-kind") ?? .default
        speedSources = Self.defaultSpeedSources
        if let sources = try table.table("speed-sources") {
            for key in sources.keys {
                let kind: WorkoutKind
                do {
                    kind = try WorkoutKind(parsing: key)
                } catch {
                    throw sources.invalid(
                        key, problem: "\(error)", fix: "Write one of them, e.g. indoor-ride = [\"wheel\"].")
                }
                speedSources[kind] = try sources.strings(key, default: []).map { name in
                    let source = MotionSource(rawValue: name.lowercased())
                    guard MotionSource.known.contains(source) else {
                        let names = MotionSource.known.map { "\"\($0)\"" }.joined(separator: ", ")
                        throw sources.invalid(
                            key, problem: "\"\(name)\" is not a source of speed; the sources are \(names)",
                            fix: "Write them in the order you want them used, e.g. \(key) = [\"wheel\", \"machine\"].")
                    }
                    return source
                }
            }
            try sources.rejectUnknownKeys()
        }
        autoPauseKinds = []
        for name in try table.strings("auto-pause", default: []) {
            let kind: WorkoutKind
            do {
                kind = try WorkoutKind(parsing: name)
            } catch {
                throw table.invalid(
                    "auto-pause", problem: "\(error)", fix: "Write kinds, e.g. auto-pause = [\"ride\", \"run\"].")
            }
            guard kind.movement != .inPlace else {
                throw table.invalid(
                    "auto-pause", problem: "a \(kind) workout has no movement that could stop",
                    fix: "Remove \"\(name)\": only kinds that cover distance pause themselves.")
            }
            autoPauseKinds.insert(kind)
        }
        autoPauseAfter = .seconds(try table.int("auto-pause-after-seconds", default: 5, in: 1...120))
    }

    /// Where each kind takes speed and distance from, first choice first: GPS outdoors (then a foot pod on foot, a
    /// wheel sensor on a bike, for a tunnel or a lost fix); a wheel sensor, then the trainer, on an indoor ride; the
    /// treadmill, then a foot pod; the rower. Strength has none; other kinds take GPS.
    public static let defaultSpeedSources: [WorkoutKind: [MotionSource]] = [
        .run: [.gps, .footPod], .walk: [.gps, .footPod], .ride: [.gps, .wheel], .indoorRide: [.wheel, .machine],
        .treadmill: [.machine, .footPod], .row: [.machine], .strength: [], .other: [.gps],
    ]

    /// The sources of speed and distance for `kind`, in order; GPS for a kind the hub does not know.
    public func speedSources(for kind: WorkoutKind) -> [MotionSource] { speedSources[kind] ?? [.gps] }

    /// Below this speed, metres a second, a kind's movement has stopped (for auto-pause): 0.5 on foot (1.8 km/h, a
    /// very slow walk is 3 km/h) and on a rower, 1.0 on a bike (3.6 km/h, slower than anyone rides upright).
    public static func autoPauseSpeed(for kind: WorkoutKind) -> Double {
        kind.movement == .wheels ? 1.0 : 0.5
    }
}
