import HubCore

extension ProgramReader {
    static let targetKeys = [
        "pace", "speed", "power", "ftp", "ftp-from", "ftp-to", "zone", "max-effort", "cadence", "incline",
    ]
    /// The keys that say how hard, of which a target has one (`ftp-from` and `ftp-to` together are one).
    static let intensityKeys = ["pace", "speed", "power", "ftp", "ftp-from", "zone", "max-effort"]

    /// An interval's optional target: `target = { pace = "4:00 /km" }`, `{ ftp = 88, cadence = 90 }` …
    func target(in step: FieldTable) throws(ProgramError) -> Target? {
        guard let table = try step.table("target", example: "{ pace = \"4:00 /km\" }") else { return nil }
        try table.rejectUnknownKeys(known: Self.targetKeys, in: "a target")
        let given = Self.intensityKeys.filter { table.contains($0) || ($0 == "ftp-from" && table.contains("ftp-to")) }
        guard given.count <= 1 else {
            throw table.error(
                .invalidValue, given[1],
                problem: "the target has both \(given[0]) and \(given[1]), and an interval holds one intensity",
                fix: "Keep one of them; cadence and incline may go with any.")
        }
        var target = Target()
        switch given.first ?? "" {
        case "pace": target.intensity = .pace(secondsPerKilometer: try pace(in: table))
        case "speed":
            target.intensity = .speed(
                kilometersPerHour: try number("speed", in: table, range: 0.5...100, unit: "km/h", example: "10.5"))
        case "power":
            let watts = try table.int("power", example: "250") ?? 0
            guard (1...Program.Limits.mostWatts).contains(watts) else {
                throw table.error(
                    .invalidValue, "power", problem: "\(watts) W is not a power to hold",
                    fix: "Write watts from 1 to \(Program.Limits.mostWatts), e.g. power = 250.")
            }
            target.intensity = .power(watts: watts)
        case "ftp": target.intensity = .ftp(percent: try ftp("ftp", in: table))
        case "ftp-from":
            guard table.contains("ftp-from"), table.contains("ftp-to") else {
                let missing = table.contains("ftp-from") ? "ftp-to" : "ftp-from"
                throw table.error(
                    .missing, missing, problem: "a ramp needs where it starts and where it ends",
                    fix: "Give both, e.g. ftp-from = 50, ftp-to = 75 (percent of FTP).")
            }
            target.intensity = .ftpRamp(
                fromPercent: try ftp("ftp-from", in: table), toPercent: try ftp("ftp-to", in: table))
        case "zone":
            let zone = try table.int("zone", example: "2") ?? 0
            guard (1...5).contains(zone) else {
                throw table.error(
                    .invalidValue, "zone", problem: "there is no heart-rate zone \(zone)",
                    fix: "Write a zone from 1 (easy) to 5 (flat out), e.g. zone = 2.")
            }
            target.intensity = .heartRateZone(zone)
        case "max-effort":
            guard try table.bool("max-effort") == true else {
                throw table.error(
                    .invalidValue, "max-effort", problem: "max-effort = false says nothing",
                    fix: "Write max-effort = true for an all-out interval, or leave it out.")
            }
            target.intensity = .maxEffort
        default: break
        }
        if table.contains("cadence") {
            let cadence = try table.int("cadence", example: "90") ?? 0
            guard (1...250).contains(cadence) else {
                throw table.error(
                    .invalidValue, "cadence", problem: "a cadence of \(cadence) a minute is out of reach",
                    fix: "Write revolutions (or steps) a minute from 1 to 250, e.g. cadence = 90.")
            }
            target.cadencePerMinute = cadence
        }
        if table.contains("incline") {
            target.inclinePercent = try number("incline", in: table, range: -10...40, unit: "%", example: "6")
        }
        guard target != Target() else {
            throw step.error(
                .missing, "target", problem: "the target is empty",
                fix: "Give it a pace, speed, power, ftp, zone or cadence, e.g. target = { zone = 2 }, or leave it out.")
        }
        return target
    }

    private func pace(in table: FieldTable) throws(ProgramError) -> Int {
        let fix = "Write minutes and seconds a kilometre in quotes, e.g. pace = \"4:30 /km\"."
        guard let text = try table.string("pace", example: "\"4:30 /km\""), let seconds = ProgramText.pace(text)
        else {
            let shown = table.values["pace"].map(\.programLiteral) ?? ""
            throw table.error(.invalidValue, "pace", problem: "\(shown) is not a pace", fix: fix)
        }
        guard (60...3600).contains(seconds) else {
            throw table.error(
                .invalidValue, "pace", problem: "\(ProgramText.quoted(text)) is not a pace to keep",
                fix: "Write a pace from 1:00 to 60:00 a kilometre, e.g. pace = \"4:30 /km\".")
        }
        return seconds
    }

    /// A share of FTP in percent: at least ``Program/Limits/leastFTPPercent``, at most
    /// ``Program/Limits/mostFTPPercent``.
    private func ftp(_ key: String, in table: FieldTable) throws(ProgramError) -> Double {
        let percent = try table.number(key, example: "88") ?? 0
        guard percent >= Program.Limits.leastFTPPercent, percent <= Program.Limits.mostFTPPercent else {
            throw table.error(
                .invalidValue, key, problem: "\(ProgramText.number(percent)) % of FTP is not a power to hold",
                fix: "Write percent of FTP, from \(ProgramText.number(Program.Limits.leastFTPPercent)) to "
                    + "\(ProgramText.number(Program.Limits.mostFTPPercent)), "
                    + "e.g. \(key) = 88 for 88 % (not 0.88).")
        }
        return percent
    }

    private func number(
        _ key: String, in table: FieldTable, range: ClosedRange<Double>, unit: String, example: String
    ) throws(ProgramError) -> Double {
        let number = try table.number(key, example: example) ?? 0
        guard range.contains(number) else {
            throw table.error(
                .invalidValue, key, problem: "\(ProgramText.number(number)) \(unit) is out of range",
                fix: "Write from \(ProgramText.number(range.lowerBound)) to \(ProgramText.number(range.upperBound)) "
                    + "\(unit), e.g. \(key) = \(example).")
        }
        return number
    }
}
