import ArgumentParser
import Foundation
import HubCore
import Nutrition
import Records

struct FoodCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "food",
        abstract: "Log what you eat, find foods, and keep your own: the food log of the day's energy budget.",
        discussion: "See what is left to eat today with: stayfit today",
        subcommands: [Add.self, Search.self, List.self, Remove.self, New.self, Favourite.self],
        defaultSubcommand: List.self)

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Log a food: stayfit food add \"porridge with milk\" --grams 250, or stayfit food add 350 kcal.",
            discussion: """
                The food is found as stayfit food search finds it (your own foods, your favourites and the ones \
                you eat most first); say how much with --grams or --portion ("2 slices"), else one of its first \
                portion (or 100 g) is logged. The meal is the one of the time of day unless --meal says.
                """)
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var personOption: PersonOption
        @Argument(help: "The food's name (a few letters do), or a number and kcal: 350 kcal.") var words: [String] = []
        // Unconditional: "--grams -5" is a helping to refuse as one, not an option missing its value.
        @Option(parsing: .unconditional, help: "How much, in grams (more than 0, at most 5000).") var grams: String?
        @Option(help: ArgumentHelp("How much, in the food's portions: \"2 slices\", \"1 cup\".", valueName: "portion"))
        var portion: String?
        @Option(help: "breakfast, lunch, dinner or snack (default: by the time of day).") var meal: String?

        func validate() throws {
            if grams != nil, portion != nil {
                throw ValidationError("give --grams or --portion, not both")
            }
        }

        func run() async throws {
            try await reportingErrors {
                let now = Date()
                let grams = try grams.map { try PersonNumber.parse($0, as: "a helping", example: "250") }
                let store = try await personOption.openStore(storeOptions)
                let request = FoodLogRequest(
                    text: words.joined(separator: " "), grams: grams, portion: portion, meal: meal)
                let entry: FoodEntry
                do {
                    entry = try request.entry(in: try await FoodCatalog(store: store, now: now), at: now)
                } catch let error as NutritionError where error.isUsage { throw CLIError("\(error)", exitCode: 64) }
                let stored = try await store.logFood(entry)
                // A plain number is its own name: "Logged 350 kcal for dinner.", not "…: 350 kcal" again.
                let what =
                    stored.grams.map {
                        "\(stored.food) (\(Format.grams($0))) for \(stored.meal): \(stored.kilocalories) kcal"
                    } ?? "\(stored.food) for \(stored.meal)"
                print("Logged \(what). Entry \(stored.id).")
            }
        }
    }

    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find foods by a few letters of their name: stayfit food search porr milk.")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var personOption: PersonOption
        @Argument(help: "Words, or their first letters; a typo is forgiven.") var words: [String]
        @Option(help: "How many to show (1 to 100).") var limit = 10

        func validate() throws {
            guard (1...100).contains(limit) else {
                throw ValidationError("--limit must be from 1 to 100 (got \(limit)).")
            }
        }

        func run() async throws {
            try await reportingErrors {
                let catalog = try await FoodCatalog(store: try await personOption.openStore(storeOptions))
                let found = catalog.search(words.joined(separator: " "), limit: limit)
                guard !found.isEmpty else {
                    return print("No food matches. Add your own: stayfit food new NAME --kcal N (per 100 g)")
                }
                for food in found {
                    let mark = catalog.favourites.contains(food.name.lowercased()) ? " ★" : ""
                    let per = "\(Format.wholeNumber(food.kilocaloriesPer100Grams.rounded())) kcal per 100 g"
                    let portions = FoodCatalog.portions(of: food)
                    print("\(food.name)\(mark): \(per)\(portions.isEmpty ? "" : "; \(portions)")")
                }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "What you ate on a day (today unless --date).")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var personOption: PersonOption
        @Option(help: ArgumentHelp("The day: yyyy-MM-dd, today or yesterday.", valueName: "date")) var date: String?

        func run() async throws {
            try await reportingErrors {
                let day = try date.map { try TodayCommand.day(parsing: $0) } ?? CalendarDay(local: Date())
                let store = try await personOption.openStore(storeOptions)
                let entries = try await store.foodEntries(from: "\(day)", through: "\(day)")
                guard !entries.isEmpty else {
                    return print("Nothing logged on \(day). Log a food: stayfit food add banana")
                }
                for meal in Meal.allCases {
                    let eaten = entries.filter { $0.meal == meal.rawValue }
                    guard !eaten.isEmpty else { continue }
                    print("\(meal.rawValue.capitalized): \(eaten.reduce(0) { $0 + $1.kilocalories }) kcal")
                    for entry in eaten {
                        let amount = entry.grams.map { ", \(Format.grams($0))" } ?? ""
                        print("  \(entry.id)  \(entry.food)\(amount): \(entry.kilocalories) kcal")
                    }
                }
                print("Total: \(entries.reduce(0) { $0 + $1.kilocalories }) kcal")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove an entry of the food log, by its number.")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var personOption: PersonOption
        @Argument(help: "The entry's number, as stayfit food list shows it.") var id: Int64

        func run() async throws {
            try await reportingErrors {
                guard let removed = try await personOption.openStore(storeOptions).removeFoodEntry(id: id) else {
                    throw CLIError(
                        "there is no entry \(id) in your food log; see the numbers with: stayfit food list",
                        exitCode: 65)
                }
                let kcal = removed.grams == nil ? "" : " (\(removed.kilocalories) kcal)"
                print("Removed \(removed.food)\(kcal) from \(removed.day).")
            }
        }
    }

    struct New: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Add a food of your own: stayfit food new \"my protein bar\" --kcal 380 --protein 30 --portion \"1 bar=45\"."
        )
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var personOption: PersonOption
        @Argument(help: "Its name.") var name: String
        @Option(help: "kcal per 100 g (0 to 900).") var kcal: Double
        @Option(help: "Protein, g per 100 g.") var protein: Double = 0
        @Option(help: "Carbohydrate, g per 100 g.") var carbs: Double = 0
        @Option(help: "Fat, g per 100 g.") var fat: Double = 0
        @Option(help: ArgumentHelp("A portion and its grams: \"1 bar=45\" (repeatable).", valueName: "portion"))
        var portion: [String] = []
        @Flag(help: "Put it in place of a food of yours of the same name (any case).") var replace = false

        func run() async throws {
            try await reportingErrors {
                var portions: [Food.Portion] = []
                for text in portion {
                    let parts = text.split(separator: "=").map { $0.trimmingCharacters(in: .whitespaces) }
                    guard parts.count == 2, !parts[0].isEmpty, !parts[0].contains(";"), let grams = Double(parts[1]),
                        grams.isFinite, grams > 0, grams <= Amount.largestGrams
                    else {
                        throw CLIError(
                            "--portion \"\(Format.printable(text, limit: 40))\" is not a portion: write it as \"1 bar=45\" (grams from 0 to 5000)",
                            exitCode: 65)
                    }
                    portions.append(.init(label: parts[0], grams: grams))
                }
                let food: Food
                do {
                    food = try Food(
                        name: name, kilocaloriesPer100Grams: kcal, proteinPer100Grams: protein,
                        carbohydratePer100Grams: carbs, fatPer100Grams: fat, portions: portions)
                } catch { throw CLIError("\(error)", exitCode: 65) }
                if FoodLogRequest.looksLikeKilocalories(food.name) {
                    throw CLIError(
                        "a food called \(food.name) could never be logged: stayfit food add \(food.name) logs that plain "
                            + "number; give it a name of words, e.g. \"my snack\"",
                        exitCode: 65)
                }
                let store = try await personOption.openStore(storeOptions)
                // Saving replaces a food of the same name, its portions and macronutrients with it: only when asked.
                let key = food.name.lowercased()
                let existing = try await store.ownFoods().first { $0.name.lowercased() == key }
                if let existing, !replace {
                    let energy = Format.wholeNumber(existing.kilocaloriesPer100Grams.rounded())
                    throw CLIError(
                        "you already have a food called \(existing.name) (\(energy) kcal per 100 g); give another "
                            + "name, or add --replace to put this one in its place",
                        exitCode: 65)
                }
                try await store.saveOwnFood(
                    OwnFood(
                        name: food.name, kilocaloriesPer100Grams: food.kilocaloriesPer100Grams,
                        proteinPer100Grams: food.proteinPer100Grams,
                        carbohydratePer100Grams: food.carbohydratePer100Grams,
                        fatPer100Grams: food.fatPer100Grams,
                        portions: food.portions.map { "\($0.label)=\($0.grams)" }.joined(separator: ";")))
                print(
                    "\(existing == nil ? "Added" : "Replaced") \(food.name): \(Format.wholeNumber(food.kilocaloriesPer100Grams.rounded())) kcal per 100 g. Log it with: stayfit food add \"\(food.name)\""
                )
            }
        }
    }

    struct Favourite: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a food a favourite (it comes first in searches), or no longer one with --remove.")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var personOption: PersonOption
        @Argument(help: "The food's name (a few letters do).") var words: [String]
        @Flag(help: "No longer a favourite.") var remove = false

        func run() async throws {
            try await reportingErrors {
                let store = try await personOption.openStore(storeOptions)
                let text = words.joined(separator: " ")
                guard let food = try await FoodCatalog(store: store).food(named: text) else {
                    throw CLIError(
                        "no food called \(Format.printable(text, limit: 60)); look with: stayfit food search WORDS",
                        exitCode: 65)
                }
                try await store.setFavouriteFood(food.name, !remove)
                print(remove ? "\(food.name) is no longer a favourite." : "\(food.name) is a favourite.")
            }
        }
    }
}
