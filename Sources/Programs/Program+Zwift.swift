import Foundation
import HubCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

extension Program {
    /// Reads a Zwift workout (a `.zwo` file) as a program.
    ///
    /// The steps Zwift writes become intervals of the same time (whole seconds), their power a share of FTP
    /// (Zwift's 0.75 is 75 %):
    /// - `SteadyState` (`Power`): an interval "Steady" at that power;
    /// - `Warmup` and `Cooldown` (`PowerLow` → `PowerHigh`): a warm-up or cool-down ramping between the two (a
    ///   constant power when they are equal);
    /// - `Ramp`: a work interval "Ramp", likewise;
    /// - `IntervalsT` (`Repeat`, `OnDuration`, `OffDuration`, `OnPower`, `OffPower`): a repeat of "Work" and
    ///   "Recover";
    /// - `FreeRide`: an interval "Free ride" without a power target; `MaxEffort`: "Max effort", all out.
    ///
    /// `Cadence` is each interval's cadence target (`CadenceResting` the recovery's, in `IntervalsT`), and each
    /// `textevent`'s message is kept with its time offset on its interval (on the work interval of an
    /// `IntervalsT`, from the start of the block). `name` and `description` are the program's name and
    /// instructions; `sportType` bike is a ride and run a run (its powers, as Zwift reads them, shares of the
    /// threshold pace). Other elements (author, tags) are left out.
    ///
    /// A DOCTYPE or ENTITY declaration is refused before the XML parser sees the text: a workout has none, and
    /// entities that expand into entities can fill memory from a few lines (the "billion laughs").
    ///
    /// - Parameters:
    ///   - text: the file's text, at most ``Limits/largestFile`` bytes.
    ///   - file: the file as the user named it, for messages.
    /// - Throws: `ProgramError` naming the line, the step (element) and the attribute.
    public init(zwift text: String, file: String = "workout.zwo") throws(ProgramError) {
        let size = text.utf8.count
        guard size <= Limits.largestFile else {
            throw ProgramError(
                kind: .unreadable, file: file, line: nil, step: nil, key: nil,
                problem: "the file has \(Format.counted(size, "byte")), more than a Zwift workout may have (1 MiB)",
                fix: "Check that this is a .zwo file; a long workout is a few kilobytes.")
        }
        if let declaration = Self.firstDeclaration(in: text) {
            throw ProgramError(
                kind: .forbiddenDeclaration, file: file, line: declaration.line, step: nil, key: nil,
                problem: "the file declares <!\(declaration.name)>, which no Zwift workout has",
                fix: "Remove the declaration: entities are not read, since they can expand to fill memory.")
        }
        let reader = ZwiftReader(file: file)
        self = try reader.read(Data(text.utf8))
    }

    /// The line and name of the first `<!DOCTYPE` or `<!ENTITY` in `text`, in any case, or nil.
    private static func firstDeclaration(in text: String) -> (line: Int, name: String)? {
        let bytes = Array(text.utf8)
        var line = 1
        for index in bytes.indices {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "!")
            else { continue }
            for name in ["DOCTYPE", "ENTITY"] {
                let end = index + 2 + name.utf8.count
                guard end <= bytes.count else { continue }
                let word = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                if word.uppercased() == name { return (line, name) }
            }
        }
        return nil
    }
}
