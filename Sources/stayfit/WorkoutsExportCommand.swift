import ArgumentParser
import Foundation
import HubCore
import HubStore
import WorkoutFiles

extension WorkoutsCommand {
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write workouts as GPX or TCX files for Strava, Garmin Connect or intervals.icu.",
            discussion: """
                GPX keeps the path with heart rate and cadence; TCX also keeps laps, calories and distance, and \
                is the one for indoor workouts (GPX needs a position for every point).
                  stayfit workouts export 3 --format gpx -o run.gpx
                  stayfit workouts export --all --since 2026-01-01 --format tcx --dir exports
                """)

        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "The workout's id, from 'stayfit workouts list' (or --all).") var id: WorkoutID?
        @Option(help: ArgumentHelp("The file format: gpx or tcx.", valueName: "gpx|tcx")) var format: String
        @Option(
            name: [.short, .customLong("output")], help: "The file to write (default, or -: standard output).")
        var output: String?
        @OptionGroup var replace: ReplaceOption
        @Flag(help: "Export every workout, one file each, into --dir.") var all = false
        @Option(help: ArgumentHelp("With --all: only workouts started on or after this day.", valueName: "YYYY-MM-DD"))
        var since: String?
        @Option(help: ArgumentHelp("With --all: the directory for the files (made if missing).", valueName: "dir"))
        var dir: String?
        @Option(
            help: ArgumentHelp(
                "The sport written into the file (default: the one an imported file stated, else running).",
                valueName: "running|biking|other"))
        var sport: String?

        func validate() throws {
            guard WorkoutFileFormat(rawValue: format.lowercased()) != nil else {
                throw ValidationError("--format must be gpx or tcx (got \"\(Format.printable(format))\").")
            }
            if let sport, ActivitySport(rawValue: sport.lowercased()) == nil {
                throw ValidationError("--sport must be running, biking or other (got \"\(Format.printable(sport))\").")
            }
            if all {
                guard id == nil else { throw ValidationError("give a workout id or --all, not both.") }
                guard output == nil else {
                    throw ValidationError("-o names one file; with --all, give a directory with --dir.")
                }
                guard let dir, !dir.allSatisfy(\.isWhitespace) else {
                    throw ValidationError("--all needs --dir DIR, the directory to write one file per workout into.")
                }
                if let since, Self.day(since) == nil {
                    throw ValidationError(
                        "--since \"\(Format.printable(since))\" is not a day; write it as YYYY-MM-DD, e.g. 2026-01-31.")
                }
            } else {
                guard id != nil else {
                    throw ValidationError("give the id of the workout to export ('stayfit workouts list'), or --all.")
                }
                guard since == nil, dir == nil else { throw ValidationError("--since and --dir go with --all.") }
                if let output, output.allSatisfy(\.isWhitespace) {
                    throw ValidationError("-o needs a file name; leave it out to write to standard output.")
                }
            }
        }

        func run() async throws {
            try await reportingErrors {
                let store = try storeOptions.openStore()
                let format = WorkoutFileFormat(rawValue: format.lowercased()) ?? .gpx
                let sport = sport.flatMap { ActivitySport(rawValue: $0.lowercased()) }
                if all { return try await exportAll(from: store, format: format, sport: sport) }
                guard let id, let workout = try await store.workout(id) else {
                    throw CLIError("there is no workout \(id ?? 0); 'stayfit workouts list' shows the stored ones")
                }
                if let refusal = try await Self.refusal(of: workout, format: format, store: store) {
                    throw CLIError(refusal, exitCode: 65)
                }
                let writer = try ChunkedFileWriter(path: output, ifExists: output.map(replace.ifExists) ?? .refuse)
                let points = try await WorkoutExporter.export(
                    workout, from: store, format: format, sport: sport, to: writer)
                try writer.finish()
                let toStandardOutput = output.map(SafeFileWriter.namesStandardOutput) ?? true
                let message =
                    "Wrote workout \(id) to \(toStandardOutput ? "standard output" : output ?? ""): \(Format.counted(points, "point")), "
                    + "\(format.rawValue.uppercased())."
                // With the document on standard output, the note goes to standard error.
                if toStandardOutput { printError(message) } else { print(message) }
            }
        }

        private func exportAll(from store: HubStore, format: WorkoutFileFormat, sport: ActivitySport?) async throws {
            let directory = URL(fileURLWithPath: dir ?? ".")
            try Self.checkFolder(dir ?? ".")
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw CLIError("cannot create the directory \(directory.path): \(error.localizedDescription)")
            }
            let start = since.flatMap(Self.day) ?? .distantPast
            let workouts = try await store.workouts(startedSince: start)
            var written = 0
            var kept = 0
            for workout in workouts {
                if let refusal = try await Self.refusal(of: workout, format: format, store: store) {
                    print("Skipped: \(refusal)")
                    continue
                }
                let path = directory.appendingPathComponent(Self.fileName(of: workout, format: format)).path
                let writer: ChunkedFileWriter
                do {
                    // No question per file: a folder exported into before keeps its files, as rsync would.
                    writer = try ChunkedFileWriter(path: path, ifExists: replace.force ? .replace : .refuse)
                } catch let error as FileWriteError where error.isExistingFile {
                    print("Kept \(path): it exists (workout \(workout.id)).")
                    kept += 1
                    continue
                }
                let points = try await WorkoutExporter.export(
                    workout, from: store, format: format, sport: sport, to: writer)
                try writer.finish()
                print("Wrote workout \(workout.id) to \(path): \(Format.counted(points, "point")).")
                written += 1
            }
            let range = since.map { " started since \($0)" } ?? ""
            print(
                written == 0 && kept == 0
                    ? "No workouts\(range) to export."
                    : "Exported \(written) workout\(written == 1 ? "" : "s")\(range) to \(directory.path)"
                        + (kept == 0
                            ? "." : "; kept \(kept) file\(kept == 1 ? "" : "s") already there (--force replaces them).")
            )
        }

        /// Refuses a `--dir` that cannot be a folder: `-` (standard output holds one document, not a folder of them)
        /// and anything already there that is not a folder (or a link to one), such as `/dev/null` or a file.
        static func checkFolder(_ path: String) throws {
            guard path != SafeFileWriter.standardOutput else {
                throw CLIError(
                    "--dir -: standard output cannot take a folder of files; give --dir a folder, or export one "
                        + "workout with -o - instead", exitCode: 64)
            }
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else { return }
            let kind =
                switch status.st_mode & S_IFMT {
                case S_IFREG: "a file"
                case S_IFCHR, S_IFBLK: "a device"
                case S_IFIFO: "a named pipe (FIFO)"
                case S_IFSOCK: "a socket"
                default: "not a folder"
                }
            throw CLIError(
                "--dir \(Format.printable(path, limit: 200)) is \(kind), not a folder: give a folder (one that does not "
                    + "exist yet is created)", exitCode: 64)
        }

        /// Why `workout` cannot be exported as `format`, or nil when it can.
        static func refusal(of workout: Workout, format: WorkoutFileFormat, store: HubStore) async throws -> String? {
            if workout.status != .finished {
                return "workout \(workout.id) is still being recorded; export it once it has finished"
            }
            if format == .gpx, try await !store.hasPositions(workout.id) {
                return "workout \(workout.id) has no positions (an indoor workout), and GPX needs a position for "
                    + "every point; export it as TCX (--format tcx), which keeps its time and heart rate"
            }
            return nil
        }

        /// A name that stays the same for a workout however often it is exported: its start (UTC) and id.
        static func fileName(of workout: Workout, format: WorkoutFileFormat) -> String {
            var seconds = time_t(workout.startedAt.timeIntervalSince1970.rounded(.down))
            var parts = tm()
            gmtime_r(&seconds, &parts)
            let stamp = String(
                format: "%04d-%02d-%02d-%02d%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min))
            return "stayfit-\(stamp)-workout-\(workout.id).\(format.fileExtension)"
        }

        /// The start of a YYYY-MM-DD day in local time, or nil when `text` is no such day.
        static func day(_ text: String) -> Date? {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
                let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
                parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
            else { return nil }
            let components = DateComponents(year: year, month: month, day: day)
            guard components.isValidDate(in: Calendar.current) else { return nil }
            return Calendar.current.date(from: components)
        }
    }
}
