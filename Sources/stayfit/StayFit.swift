import ArgumentParser
import Foundation

/// `stayfit`: the hub and its command-line tools.
@main
struct StayFit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stayfit",
        abstract:
            "StayFit Hub: a fitness hub for a headless Linux box with a heart-rate strap, GPS, buttons and a speaker.",
        subcommands: [
            RunCommand.self, DemoCommand.self, ConfigCommand.self, WorkoutsCommand.self, ProfileCommand.self,
            PeopleCommand.self, GoalsCommand.self, StatsCommand.self, HeartRateCommand.self, ShareCommand.self,
            DevicesCommand.self, GPSCommand.self, ProgramsCommand.self, TodayCommand.self, FoodCommand.self,
            WeightCommand.self,
            ButtonsCommand.self, AudioCommand.self, RemindersCommand.self, ResetCommand.self, SetupCommand.self,
            WebCommand.self,
        ])

    /// Usage errors that the argument parser reports (an unknown option, a missing argument) begin as every other
    /// error does, `error: …`, not `Error: …`.
    static var _errorPrefix: String { "error: " }

    /// Every command starts here.
    ///
    /// SIGPIPE is ignored first: its default ends the process the moment it writes to a pipe whose reader has
    /// gone (`stayfit run | head -1`), which for the hub means in the middle of a workout, left marked running. A
    /// write then fails with EPIPE instead, which the console takes as its screen going away.
    ///
    /// Every command that ends without an error of its own ends with ``StandardOutput/finish()``: what it printed
    /// is written out, and a failed write (`> /dev/full`) is an error (status 1), not a silent success.
    static func main() async {
        signal(SIGPIPE, SIG_IGN)
        await main(nil)
        StandardOutput.finish()
    }
}
