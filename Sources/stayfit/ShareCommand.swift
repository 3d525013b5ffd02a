import ArgumentParser
import Foundation
import HubCore
import Reports
import Share

/// `stayfit share`: text to post about a workout or a period, from the `[plugins.share]` templates in the units of
/// `[reports]`; the share plugin writes the same text after every workout.
struct ShareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share", abstract: "Text to post about a workout or a period: a short one and a longer one.",
        discussion: """
            The short text fits a post of 280 characters. Both come from the templates in [plugins.share] of the \
            configuration, in the units of [reports]. The location is never included unless --with-location is \
            given.
            """,
        subcommands: [Workout.self, Stats.self])

    /// Which texts to print, and how.
    struct TextOptions: ParsableArguments {
        @Flag(help: "Print only the short text.") var short = false
        @Flag(help: "Print only the long text.") var long = false
        @Flag(help: "Print JSON with both texts.") var json = false

        func validate() throws {
            if short && long {
                throw ValidationError("--short and --long exclude each other; leave both out for both.")
            }
        }

        func print(_ text: ShareText) throws {
            if json { return Swift.print(try JSON.string(text)) }
            if short { return Swift.print(text.short) }
            if long { return Swift.print(text.long) }
            Swift.print("Short (\(text.short.count) of \(Format.counted(ShareText.shortLimit, "character"))):")
            Swift.print(text.short)
            Swift.print("")
            Swift.print("Long (\(Format.counted(text.long.count, "character"))):")
            Swift.print(text.long)
        }
    }

    struct Workout: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Text about one workout.")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var configOptions: ConfigOptions
        @Argument(help: "The workout's id, from 'stayfit workouts list'.") var id: WorkoutID
        @Flag(help: "Say where the workout started (left out unless asked).") var withLocation = false
        @OptionGroup var text: TextOptions

        func run() async throws {
            try await reportingErrors {
                let (templates, units) = try configOptions.shareSettings()
                let store = try storeOptions.openStore()
                guard let workout = try await store.workout(id) else {
                    throw CLIError("there is no workout \(id); 'stayfit workouts list' shows the stored ones")
                }
                let samples = withLocation ? try await store.samples(of: id) : []
                try text.print(
                    ShareText(
                        workout: workout, samples: samples, templates: templates, units: units,
                        includeLocation: withLocation))
            }
        }
    }

    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Text about a period's statistics.")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var configOptions: ConfigOptions
        @Option(help: "day, week (the last 7 days), month, year or all.") var period: ReportPeriod.Kind = .week
        @Option(help: ArgumentHelp("The last day of the period: YYYY-MM-DD, today or yesterday.", valueName: "day"))
        var date: String = "today"
        @Flag(help: "Count workouts recorded from simulated sensors or on a sped-up clock.") var includeSimulated =
            false
        @OptionGroup var text: TextOptions

        func run() async throws {
            try await reportingErrors {
                let day = try ReportArguments.day(date, option: "--date")
                let (templates, units) = try configOptions.shareSettings()
                let report = try await StatsCommand.report(
                    period: ReportPeriod(period, endingOn: day), store: storeOptions.openStore(),
                    includeSimulated: includeSimulated)
                try text.print(ShareText(report: report, templates: templates, units: units))
            }
        }
    }
}

extension ConfigOptions {
    /// The templates of `[plugins.share]` (checked as the hub checks them) and the units of `[reports]`.
    fileprivate func shareSettings() throws -> (ShareTemplates, UnitSystem) {
        let configuration = try load()
        do {
            return (try SharePlugin.Configuration(of: configuration).templates, UnitSystem(configuration.reports.units))
        } catch {
            throw CLIError(error)
        }
    }
}
