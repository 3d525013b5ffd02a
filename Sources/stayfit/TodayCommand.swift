import ArgumentParser
import Foundation
import HubCore
import HubStore
import Nutrition
import Records

struct TodayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today",
        abstract: "What you may still eat today: your target, what you ate and what your workouts burned.",
        discussion: """
            The target is your basal rate (Mifflin–St Jeor, from your profile) times how active your day is without \
            workouts, plus the kcal of today's recorded workouts, less what your weight goal takes (7,700 kcal a \
            kilogram, an approximation). It never goes under 1,200 kcal (1,500 for men): under that it is hard to \
            eat what a body needs, and such a diet belongs with a doctor. Set the activity and the goal once with \
            --activity and --goal; they are kept. Protein, carbohydrate and fat are shown against default targets \
            for people who train: protein 1.6 g a kilogram of body weight, fat 30 % of the energy, carbohydrate the \
            rest.
            """)
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var personOption: PersonOption
    @Option(
        help: ArgumentHelp(
            "Your day without workouts: sedentary, light, moderate, active or very-active (kept).", valueName: "level"))
    var activity: String?
    @Option(
        help: ArgumentHelp(
            "Your weight goal: maintain, lose 0.25|0.5|0.75|1 or gain 0.25|0.5 (kg a week; kept).", valueName: "goal"))
    var goal: String?
    @Option(help: ArgumentHelp("Another day: yyyy-MM-dd, today or yesterday.", valueName: "date")) var date: String?

    func validate() throws {
        if let activity, ActivityLevel(rawValue: activity) == nil {
            throw ValidationError(
                "--activity must be one of \(ActivityLevel.allCases.map(\.rawValue).joined(separator: ", ")) (got \"\(activity)\")."
            )
        }
        if let goal {
            do { _ = try WeightGoal(parsing: goal) } catch { throw ValidationError("--goal: \(error)") }
        }
    }

    func run() async throws {
        try await reportingErrors {
            let store = try await personOption.openStore(storeOptions)
            if activity != nil || goal != nil {
                guard try await store.setEnergyBudget(activity: activity, goal: goal) else {
                    throw CLIError(
                        "there is no one to keep an activity level or a goal for yet: add yourself with stayfit people "
                            + "add NAME, or stayfit profile set", exitCode: 65)
                }
            }
            let day = try date.map { try Self.day(parsing: $0) } ?? CalendarDay(local: Date())
            let entries = try await store.foodEntries(from: "\(day)", through: "\(day)")
            let eaten = entries.reduce(0) { $0 + $1.kilocalories }
            let (start, end) = day.localBounds
            let burned = try await store.workoutKilocalories(from: start, until: end)
            let settings = try await store.energyBudgetSettings()

            print("\(day == CalendarDay(local: Date()) ? "Today" : "\(day)")")
            let meals = Meal.allCases.map { meal in
                "\(meal.rawValue) \(entries.filter { $0.meal == meal.rawValue }.reduce(0) { $0 + $1.kilocalories })"
            }
            print("  Eaten    \(Self.kcal(eaten))  (\(meals.joined(separator: ", ")))")
            print("  Burned   \(Self.kcal(burned))  in workouts")
            let profile = try await store.profile()
            let energy = EnergyDay(
                profile: profile, at: start, eaten: eaten, burned: burned, activity: settings.activity,
                goal: settings.goal)
            guard let profile, let target = energy.target else {
                // With a profile, only a day before the person was a year old gives no basal rate.
                let why =
                    profile.map { "\(day) is before your first birthday (born \($0.birthDate))" }
                    ?? "it needs your birth date, gender, height and weight (stayfit profile set)"
                print("  Target   unknown: \(why)")
                return
            }
            let working = target.working(level: energy.activity, goal: energy.goal)
            print("  Target   \(Self.kcal(target.kilocalories))  \(working)")
            print("  Left     \(Self.kcal(target.kilocalories - eaten))")
            let grams = MacronutrientTargets(
                kilocalories: target.kilocalories, weightKilograms: profile.weightKilograms)
            for line in Self.macronutrientLines(entries, targets: grams) { print(line) }
            print(target.left(afterEating: eaten))
        }
    }

    /// "  Protein        42 g of  98 g", and the same for carbohydrate and fat: what the day's entries gave against
    /// the default targets (1.6 g of protein a kilogram, 30 % of the energy from fat, carbohydrate the rest).
    static func macronutrientLines(_ entries: [FoodEntry], targets: MacronutrientTargets) -> [String] {
        let eaten = { (grams: KeyPath<FoodEntry, Double?>) in
            Int(entries.compactMap { $0[keyPath: grams] }.reduce(0, +).rounded())
        }
        let rows = [
            ("Protein", eaten(\.proteinGrams), targets.proteinGrams),
            ("Carbohydrate", eaten(\.carbohydrateGrams), targets.carbohydrateGrams),
            ("Fat", eaten(\.fatGrams), targets.fatGrams),
        ]
        return rows.map { name, eaten, target in
            let padded = name + String(repeating: " ", count: max(0, 13 - name.count))
            return "  \(padded)\(right("\(eaten) g", 6)) of \(right("\(target) g", 5))"
        }
    }

    private static func right(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// "1,360 kcal", right-aligned in 10.
    static func kcal(_ value: Int) -> String {
        let text = "\(value) kcal"
        return String(repeating: " ", count: max(0, 10 - text.count)) + text
    }

    /// `yyyy-MM-dd`, `today` or `yesterday` (local days, as `stayfit stats --date` takes them).
    static func day(parsing text: String, now: Date = Date()) throws -> CalendarDay {
        let today = CalendarDay(local: now)
        switch text.lowercased() {
        case "today": return today
        // A second before today's local midnight: yesterday, also across a clock change.
        case "yesterday": return CalendarDay(local: today.localBounds.start.addingTimeInterval(-1))
        default:
            guard let day = CalendarDay(text) else {
                throw CLIError(
                    "\"\(Format.printable(text, limit: 30))\" is not a date: give yyyy-MM-dd (e.g. \(today)), today or "
                        + "yesterday", exitCode: 64)
            }
            return day
        }
    }
}
