import ArgumentParser
import Foundation
import HubCore
import Nutrition

struct WeightCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weight",
        abstract: "Log your weight (stayfit weight 72.4) or, without a number, see its trend.",
        discussion: "A weighing also becomes your profile's weight, which the calorie estimates and the budget use.")
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var personOption: PersonOption
    // Every word not an option, so that "-5" is read as the weight it was meant to be (and refused as one) rather
    // than as an unknown option.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Kilograms, 20 to 400, e.g. 72.4.", valueName: "kg"))
    var kilograms: [String] = []

    func validate() throws {
        guard kilograms.count <= 1 else {
            throw ValidationError(
                "give one weight, e.g. stayfit weight 72.4 (got \""
                    + "\(Format.printable(kilograms.joined(separator: " "), limit: 40))\")")
        }
    }

    func run() async throws {
        try await reportingErrors {
            // Read and checked before the store is opened: nothing is written for a weight that is not one.
            let given = try kilograms.first.map {
                try WeightLog.checked(try PersonNumber.parse($0, as: "a weight", example: "72.4"))
            }
            let store = try await personOption.openStore(storeOptions)
            let now = Date()
            if let given {
                try await WeightLog.log(given, at: now, in: store)
                print("Logged \(Format.fixed(given, decimals: 1)) kg.")
            }
            let weighings = try await store.weights(since: now.addingTimeInterval(-90 * 86_400))
            guard let last = weighings.last else { return print("No weighings yet. Log one: stayfit weight 72.4") }
            print(WeightTrend(weighings).sentence(latest: last))
        }
    }
}
