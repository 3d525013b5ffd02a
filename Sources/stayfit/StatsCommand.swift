import ArgumentParser
import Foundation
import HubCore
import HubStore
import Nutrition
import Reports

extension ReportPeriod.Kind: ExpressibleByArgument {}

/// `stayfit stats`: count, total, average and maximum over a period, against the period before.
struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Statistics of the workouts of a day, the last 7 days, a month, a year or all time.",
        discussion: """
            Count, total, average and maximum of moving time, distance, steps, energy, heart rate and speed, and the \
            period against the one before ("last 7 days vs the 7 before"). Week is the last 7 days up to --date; \
            month and year are calendar ones. Simulated workouts are left out unless --include-simulated.
            """)
    /// What the statistics are of.
    enum Subject: String, ExpressibleByArgument, CaseIterable {
        case workouts, food
    }

    @Argument(help: "workouts (the default), or food: what was eaten against the targets.") var subject: Subject =
        .workouts
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var personOption: PersonOption
    @OptionGroup var configOptions: ConfigOptions
    @Option(help: "day, week (the last 7 days), month, year or all.") var period: ReportPeriod.Kind = .week
    @Option(help: ArgumentHelp("The last day of the period: YYYY-MM-DD, today or yesterday.", valueName: "day"))
    var date: String = "today"
    @Flag(help: "Count workouts recorded from simulated sensors or on a sped-up clock.") var includeSimulated = false
    @Option(
        help: ArgumentHelp(
            "Only workouts of this kind: run, walk, ride, indoor-ride, treadmill, row, strength or other.",
            valueName: "kind"))
    var kind: String?

    func validate() throws {
        if let kind {
            do { _ = try WorkoutKind(parsing: kind) } catch { throw ValidationError("--kind: \(error).") }
        }
    }
    @Flag(help: "Print JSON instead of a table.") var json = false
    @Option(
        help: ArgumentHelp(
            "Also draw the period as SVG (bars per day of a week or month, per month of a year, per year of all; "
                + "for food, eaten beside target a day of a week or month, and the weight) into this file "
                + "(-: standard output).",
            valueName: "file"))
    var svg: String?
    @OptionGroup var replace: ReplaceOption

    func run() async throws {
        try await reportingErrors {
            try ReportArguments.checkOneStandardOutput(svg: svg, json: json)
            let say = ReportArguments.lines(besides: svg)
            let day = try ReportArguments.day(date, option: "--date")
            let settings = try configOptions.load().reports
            let store = try await personOption.openStore(storeOptions)
            if subject == .food { return try await food(ReportPeriod(period, endingOn: day), store: store, say: say) }
            let report = try await Self.report(
                period: ReportPeriod(period, endingOn: day), store: store, includeSimulated: includeSimulated,
                kind: try kind.map { try WorkoutKind(parsing: $0) })
            let units = UnitSystem(settings.units)
            if let svg {
                try ReportArguments.writeSVG(
                    PeriodBars.svg(report, units: units), to: svg, ifExists: replace.ifExists(at: svg))
            }
            if json { return print(try JSON.string(report)) }
            for line in StatsTable.lines(report, units: units) { say(line) }
            if let svg { say(ReportArguments.pictureNote(svg)) }
        }
    }

    /// `stats food`: a table of what was eaten, or JSON.
    private func food(_ period: ReportPeriod, store: HubStore, say: (String) -> Void) async throws {
        guard period.kind != .all else {
            throw CLIError("stats food covers a day, a week, a month or a year; give --period", exitCode: 64)
        }
        if svg != nil, period.kind != .week, period.kind != .month {
            throw CLIError(
                "stats food draws a week or a month: give --period week or --period month with --svg", exitCode: 64)
        }
        let report = try await FoodStats.report(period: period, store: store)
        if let svg {
            let picture = try await FoodStats.svg(report, period: period, store: store)
            try ReportArguments.writeSVG(picture, to: svg, ifExists: replace.ifExists(at: svg))
        }
        if json { return print(try JSON.string(report)) }
        let weighings = try await store.weights(since: Date().addingTimeInterval(-90 * 86_400))
        let weight = weighings.last.map { WeightTrend(weighings).sentence(latest: $0) }
        for line in FoodStats.lines(report, period: period, weight: weight) { say(line) }
        if let svg { say(ReportArguments.pictureNote(svg)) }
    }

    /// The period's report from the store (`PeriodReport.load`).
    static func report(period: ReportPeriod, store: HubStore, includeSimulated: Bool, kind: WorkoutKind? = nil)
        async throws -> PeriodReport
    {
        try await PeriodReport.load(period: period, from: store, includeSimulated: includeSimulated, kind: kind)
    }
}
