import ArgumentParser
import Foundation
import HubCore
import HubStore
import Reports

/// `stayfit hr`: the all-day heart-rate log.
struct HeartRateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hr", abstract: "The all-day heart-rate log.", subcommands: [Plot.self])

    struct Plot: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Plot the heart-rate log over a range, in the terminal or as SVG.",
            discussion: """
                The range sets the resolution: per second up to 2 hours, per minute up to 3 days, per hour up to 93 \
                days, per day beyond; each point shows the lowest, average and highest reading of its stretch. \
                Without a range: the last 24 hours. Times are local: YYYY-MM-DD HH:MM, YYYY-MM-DD, HH:MM or now.
                """)
        @OptionGroup var storeOptions: StoreOptions
        @Option(help: ArgumentHelp("Start of the range.", valueName: "time")) var from: String?
        @Option(help: ArgumentHelp("End of the range (default: now).", valueName: "time")) var to: String?
        @Option(help: ArgumentHelp("Centre of a range of --span.", valueName: "time")) var around: String?
        @Option(help: ArgumentHelp("Length of the range around --around: 90s, 10m, 2h, 3d, 1w.", valueName: "span"))
        var span: String?
        @Option(help: ArgumentHelp("Also draw the plot as SVG into this file (-: standard output).", valueName: "file"))
        var svg: String?
        @OptionGroup var replace: ReplaceOption
        @Option(help: "Columns of the terminal plot, 20 to 400.") var width = 72
        @Flag(help: "Print the points as JSON instead of a plot.") var json = false

        struct Output: Encodable {
            var from: Date
            var to: Date
            var resolution: PlotResolution
            var points: [PlotSeries.Point]
        }

        func run() async throws {
            try await reportingErrors {
                try ReportArguments.checkOneStandardOutput(svg: svg, json: json)
                let say = ReportArguments.lines(besides: svg)
                let (start, end) = try range()
                guard (20...400).contains(width) else {
                    throw CLIError("--width: \(width) is out of range; use 20 to 400 columns", exitCode: 64)
                }
                let store = try storeOptions.openStore()
                let resolution = PlotResolution.forRange(seconds: end.timeIntervalSince(start))
                let series = try await PlotSeries.heartRateLog(
                    from: store, from: start, to: end, resolution: resolution)
                if json {
                    return print(
                        try JSON.string(Output(from: start, to: end, resolution: resolution, points: series.points)))
                }
                let title =
                    "Heart rate \(LocalTime.format(start, "%Y-%m-%d %H:%M:%S")) – \(LocalTime.format(end, "%Y-%m-%d %H:%M:%S"))"
                guard !series.points.isEmpty else {
                    say("\(title): no readings logged.")
                    say(
                        "The log fills while the hub runs with a strap and 'stayfit profile set --heart-rate-monitoring on'."
                    )
                    if svg != nil { say("No picture written.") }
                    return
                }
                if let svg {
                    let zones = try await ReportArguments.zones(store: store)
                    try ReportArguments.writeSVG(
                        HeartRateChart.svg(series, from: start, to: end, resolution: resolution, zones: zones), to: svg,
                        ifExists: replace.ifExists(at: svg))
                }
                say("\(title), per \(resolution.rawValue) (░ lowest to highest, █ average)")
                let plot = TerminalPlot(width: width, height: 14)
                for line in plot.lines(series, from: start.timeIntervalSince1970, to: end.timeIntervalSince1970) {
                    say(line)
                }
                say(series.heartRateSummary)
                if let svg { say(ReportArguments.pictureNote(svg)) }
            }
        }

        /// The range from --from/--to or --around/--span; usage errors (64) for the wrong mix or order.
        func range() throws -> (Date, Date) {
            let now = Date()
            if around != nil || span != nil {
                guard from == nil, to == nil else {
                    throw CLIError("give either --from/--to or --around with --span, not both", exitCode: 64)
                }
                guard let around, let span else {
                    throw CLIError("--around and --span go together, e.g. --around 07:30 --span 10m", exitCode: 64)
                }
                let centre = try ReportArguments.time(around, option: "--around", now: now)
                let length = try ReportArguments.span(span, option: "--span")
                return (centre.addingTimeInterval(-length / 2), centre.addingTimeInterval(length / 2))
            }
            let end = try to.map { try ReportArguments.time($0, option: "--to", now: now) } ?? now
            let start =
                try from.map { try ReportArguments.time($0, option: "--from", now: now) }
                ?? end.addingTimeInterval(-86_400)
            guard start < end else {
                throw CLIError(
                    "--from (\(LocalTime.format(start, "%Y-%m-%d %H:%M:%S"))) must be before --to "
                        + "(\(LocalTime.format(end, "%Y-%m-%d %H:%M:%S"))); swap them", exitCode: 64)
            }
            guard end.timeIntervalSince(start) <= 20 * 366 * 86_400 else {
                throw CLIError("the range is longer than 20 years; choose a shorter one", exitCode: 64)
            }
            return (start, end)
        }
    }
}
