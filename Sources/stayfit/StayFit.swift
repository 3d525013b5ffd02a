import ArgumentParser

/// `stayfit`: the hub and its command-line tools.
@main
struct StayFit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stayfit",
        abstract:
            "StayFit Hub: a fitness hub for a headless Linux box with a heart-rate strap, GPS, buttons and a speaker.",
        subcommands: [
            RunCommand.self, DemoCommand.self, ConfigCommand.self, WorkoutsCommand.self, ProfileCommand.self,
            GoalsCommand.self, StatsCommand.self, HeartRateCommand.self, ShareCommand.self, DevicesCommand.self,
            GPSCommand.self,
            ButtonsCommand.self, AudioCommand.self, RemindersCommand.self, ResetCommand.self,
        ])
}
