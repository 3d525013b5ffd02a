import ArgumentParser
import Foundation
import HubCore
import Positioning
import WorkoutFiles

extension WorkoutsCommand {
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Store a GPX or TCX file recorded elsewhere as a workout.",
            discussion: """
                A file that carries its recorder's distance (TCX DistanceMeters, a GPX distance or speed \
                extension) keeps it; otherwise the hub computes the distance from the positions. A TCX keeps its \
                calories. A point out of time order is left out and counted; a file with a problem is refused \
                with its line, and nothing is stored.
                """)

        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "The .gpx or .tcx file, from a watch, phone or bike computer.") var file: String

        func validate() throws {
            if file.allSatisfy(\.isWhitespace) { throw ValidationError("give the path of a .gpx or .tcx file.") }
        }

        func run() async throws {
            try await reportingErrors {
                let store = try storeOptions.openStore()
                var person = Calories.Person.unknown
                if let profile = try await store.profile(), let age = profile.ageYears(on: Date()) {
                    person = Calories.Person(
                        weightKilograms: profile.weightKilograms, ageYears: Double(age), gender: profile.gender)
                }
                let activity: RecordedActivity
                do {
                    activity = try ActivityFileReader.read(path: file)
                } catch let error as WorkoutFileError {
                    throw CLIError("\(error). Nothing was imported.", exitCode: 65)
                }
                // The same activity imported twice would count twice in history. The reader ensures a first point.
                let startedAt = activity.points.first?.time ?? .distantPast
                if let twin = try await store.workouts(startedSince: startedAt.addingTimeInterval(-1)).first(
                    where: { abs($0.startedAt.timeIntervalSince(startedAt)) < 1 })
                {
                    throw CLIError(
                        "\(file): a workout starting at \(Format.dateTime(startedAt)) is already stored "
                            + "(workout \(twin.id)); delete it first ('stayfit workouts delete \(twin.id)') to import "
                            + "this file again. Nothing was imported.")
                }
                // Each second is stored as it is made: a long activity's seconds are never all held at once. Where
                // the hub computes the distance, the positions go through the recorded-track filter first (stops
                // held still, jumps left out); a recorder's own distance keeps its own positions.
                let (id, imported) = try await WorkoutImporter.storeAsImported(activity, person: person, in: store)
                let (pointCount, repeatedTimes) = (activity.points.count, activity.repeatedTimes)
                if activity.outOfOrderTimes > 0 {
                    printError(
                        "warning: \(file): \(Format.counted(activity.outOfOrderTimes, "point")) out of time order "
                            + "left out (a recorder's slip); the rest was imported.")
                }
                let totals = imported.totals
                var notes: [String] = [Format.counted(pointCount, "point")]
                if repeatedTimes > 0 { notes.append("\(repeatedTimes) repeated times left out") }
                if activity.outOfOrderTimes > 0 {
                    notes.append("\(activity.outOfOrderTimes) out of time order left out")
                }
                notes.append(activity.distanceSource.description)
                if !imported.pauses.isEmpty { notes.append(Format.counted(imported.pauses.count, "pause")) }
                if imported.laps.count > 1 { notes.append(Format.counted(imported.laps.count, "lap")) }
                print(
                    "Imported \(file) as workout \(id): \(Format.clock(seconds: totals.movingSeconds)), "
                        + "\(Format.distance(meters: totals.distanceMeters)), "
                        + "\(Format.energy(kilocalories: totals.kilocalories))"
                        + (totals.averageHeartRate.map { ", avg HR \(Int($0.rounded()))" } ?? "")
                        + " (\(notes.joined(separator: ", "))).")
            }
        }
    }
}
