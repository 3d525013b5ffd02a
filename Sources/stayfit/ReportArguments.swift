import ArgumentParser
import Foundation
import HubCore
import HubStore
import Reports

/// Reading the days, times and spans that report commands take, and writing their pictures.
enum ReportArguments {
    /// A local day: `YYYY-MM-DD`, `today` or `yesterday`; a usage error (64) naming `option` otherwise.
    static func day(_ text: String, option: String, today: LocalDay = LocalDay(Date())) throws -> LocalDay {
        switch text.lowercased() {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        default:
            guard let day = LocalDay(text) else {
                throw CLIError(
                    "\(option): \"\(quoted(text))\" is not a day; write it as YYYY-MM-DD (e.g. \(today)), today or yesterday",
                    exitCode: 64)
            }
            return day
        }
    }

    /// A local time: `now`, a day (its midnight), `YYYY-MM-DD HH:MM[:SS]` (or with `T`), or `HH:MM[:SS]` today.
    static func time(_ text: String, option: String, now: Date = Date()) throws -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "now" { return now }
        let parts = trimmed.split(whereSeparator: { $0 == " " || $0 == "T" }).map(String.init)
        let day: LocalDay?
        let clock: String?
        switch parts.count {
        case 1 where parts[0].contains(":"): (day, clock) = (LocalDay(now), parts[0])
        case 1: (day, clock) = (try? Self.day(parts[0], option: option, today: LocalDay(now)), nil)
        case 2: (day, clock) = (try? Self.day(parts[0], option: option, today: LocalDay(now)), parts[1])
        default: (day, clock) = (nil, nil)
        }
        guard let day else { throw badTime(text, option: option) }
        guard let clock else { return day.start }
        let fields = clock.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard (2...3).contains(fields.count), fields.allSatisfy({ $0 != nil }), let hour = fields[0],
            let minute = fields[1], (0...23).contains(hour), (0...59).contains(minute),
            (0...59).contains(fields.count == 3 ? fields[2] ?? -1 : 0)
        else { throw badTime(text, option: option) }
        return LocalTime.date(
            year: day.year, month: day.month, day: day.day, hour: hour, minute: minute,
            second: fields.count == 3 ? fields[2] ?? 0 : 0)
    }

    /// A span of time: `90s`, `10m` or `10min`, `2h`, `3d`, `1w`; from 1 second to 20 years.
    static func span(_ text: String, option: String) throws -> TimeInterval {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, TimeInterval)] = [
            ("min", 60), ("s", 1), ("m", 60), ("h", 3600), ("d", 86_400), ("w", 604_800),
        ]
        for (suffix, seconds) in units where trimmed.hasSuffix(suffix) {
            if let number = Double(trimmed.dropLast(suffix.count)), number.isFinite, number > 0 {
                let span = number * seconds
                if span >= 1, span <= 20 * 366 * 86_400 { return span }
            }
            break
        }
        throw CLIError(
            "\(option): \"\(quoted(text))\" is not a span of time; write a number and a unit, such as 90s, 10m, 2h, 3d "
                + "or 1w (from 1 second to 20 years)", exitCode: 64)
    }

    /// Writes a picture to `path` (`-`: standard output) through `SafeFileWriter`: whole or not at all, an existing
    /// file replaced only as `ifExists` says, never a device or a folder.
    static func writeSVG(_ text: String, to path: String, ifExists: SafeFileWriter.IfExists) throws {
        try SafeFileWriter.write(text, to: path, ifExists: ifExists)
    }

    /// Prints a command's own lines: on standard error when its picture goes to standard output (`--svg -`), so
    /// that standard output holds the picture alone.
    static func lines(besides svg: String?) -> (String) -> Void {
        svg.map(SafeFileWriter.namesStandardOutput) == true ? { printError($0) } : { print($0) }
    }

    /// Where the picture went, for the closing note.
    static func pictureNote(_ svg: String) -> String {
        "Picture written to \(SafeFileWriter.namesStandardOutput(svg) ? "standard output" : svg)."
    }

    /// Refuses `--svg -` with `--json`: both would fill standard output.
    static func checkOneStandardOutput(svg: String?, json: Bool) throws {
        if json, svg.map(SafeFileWriter.namesStandardOutput) == true {
            throw CLIError("--svg - and --json both write to standard output; give --svg a file name", exitCode: 64)
        }
    }

    /// The heart-rate zones for the stored profile's age (35 years without a profile).
    static func zones(store: HubStore) async throws -> HeartRateZones {
        HeartRateZones(ageYears: try await store.profile()?.ageYears(on: Date()))
    }

    private static func badTime(_ text: String, option: String) -> CLIError {
        CLIError(
            "\(option): \"\(quoted(text))\" is not a time; write YYYY-MM-DD HH:MM (local time), YYYY-MM-DD for its "
                + "midnight, HH:MM for today, or now", exitCode: 64)
    }

    /// A value as a message quotes it: at most 60 characters, control characters escaped.
    static func quoted(_ text: String) -> String {
        let cut = text.count > 60 ? String(text.prefix(60)) + "…" : text
        return cut.unicodeScalars.map {
            $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0)
        }
        .joined()
    }
}
