import Foundation
import HubCore
import HubStore
import Nutrition
import Records
import Reports

/// `stayfit stats food`: what was eaten over a period against the targets, per meal, the macronutrients and the
/// weight's trend.
enum FoodStats {
    static func report(period: ReportPeriod, store: HubStore, now: Date = Date()) async throws -> FoodReport {
        let days = period.days.filter { $0.start <= now }
        let labels = days.map(\.description)
        guard let first = labels.first, let last = labels.last else {
            return FoodReport(days: [], entries: [], targets: [:], byMonth: false)
        }
        let entries = try await store.foodEntries(from: first, through: last)
        let profile = try await store.profile()
        let settings = try await store.energyBudgetSettings()
        // The workouts' energy of every day in one read, as `stats` adds it up (real workouts, the person's own).
        let burnedByDay = try await store.workoutTotalsByDay(
            from: days[0].start, to: days[days.count - 1].adding(days: 1).start, includeSimulated: false
        ).reduce(into: [String: Int]()) { $0[$1.day] = Int($1.kilocalories.rounded()) }
        var targets: [String: Int] = [:]
        for day in days {
            let burned = burnedByDay[day.description] ?? 0
            let energy = EnergyDay(
                profile: profile, at: day.start, eaten: 0, burned: burned, activity: settings.activity,
                goal: settings.goal)
            if let target = energy.target { targets[day.description] = target.kilocalories }
        }
        var report = FoodReport(days: labels, entries: entries, targets: targets, byMonth: period.kind == .year)
        // The grams are averaged over the logged days, so their targets are too.
        let logged = Set(entries.map(\.day))
        let loggedTargets = targets.filter { logged.contains($0.key) }.map(\.value)
        if let weight = profile?.weightKilograms, weight > 0, !loggedTargets.isEmpty {
            let average = Double(loggedTargets.reduce(0, +)) / Double(loggedTargets.count)
            report.macronutrientTargets = MacronutrientTargets(
                kilocalories: Int(average.rounded()), weightKilograms: weight)
        }
        return report
    }

    /// The picture of a week or a month: each day's eaten kcal beside its target, and the period's weighings.
    static func svg(_ report: FoodReport, period: ReportPeriod, store: HubStore) async throws -> String {
        let rows = Dictionary(report.rows.map { ($0.label, $0) }, uniquingKeysWith: { first, _ in first })
        let days = period.days.map { day in
            let row = rows[day.description]
            return FoodBars.Day(
                day: day, eatenKilocalories: row.flatMap { $0.daysLogged > 0 ? $0.eaten : nil },
                targetKilocalories: row?.target)
        }
        let inPeriod = Set(period.days.map(\.description))
        let weighings = try await store.weights(since: period.interval?.start ?? Date()).compactMap { entry in
            inPeriod.contains(entry.day)
                ? LocalDay(entry.day).map { FoodBars.Weighing(day: $0, kilograms: entry.kilograms) } : nil
        }
        return FoodBars.svg(title: period.title, days: days, weighings: weighings)
    }

    /// The table, and the sentences under it.
    static func lines(_ report: FoodReport, period: ReportPeriod, weight: String?) -> [String] {
        var lines = ["Food, \(period.title)"]
        guard report.daysLogged > 0 else {
            lines.append("Nothing logged. Log a food: stayfit food add banana")
            if let weight { lines.append("Weight: \(weight)") }
            return lines
        }
        let first = period.kind == .year ? "Month" : "Day"
        lines.append(
            pad(first, 12) + pad("Eaten", 8, right: true) + pad("Target", 8, right: true) + pad("Left", 8, right: true))
        for row in report.rows {
            guard row.daysLogged > 0 else {
                lines.append(pad(row.label, 12) + pad("–", 8, right: true))
                continue
            }
            let target = row.target.map { "\($0)" } ?? "–"
            let left = row.target.map { "\($0 - row.eaten)" } ?? "–"
            lines.append(
                pad(row.label, 12) + pad("\(row.eaten)", 8, right: true) + pad(target, 8, right: true)
                    + pad(left, 8, right: true))
        }
        if period.kind == .year { lines.append("(a month's figures are the average of its logged days)") }
        let meals = Meal.allCases.map { "\($0.rawValue) \(report.meals[$0.rawValue] ?? 0)" }
        let days = report.daysLogged == 1 ? "1 logged day" : "\(report.daysLogged) logged days"
        lines.append("A day, on average over \(days): \(meals.joined(separator: ", ")) kcal")
        if let shares = report.macronutrientShares {
            lines.append(
                "Protein \(grams(report.proteinGrams)), carbohydrate \(grams(report.carbohydrateGrams)), fat "
                    + "\(grams(report.fatGrams)) a day (\(shares.protein) %, \(shares.carbohydrate) % and \(shares.fat) % of the energy)"
            )
        }
        if let targets = report.macronutrientTargets {
            lines.append(
                "Targets a day: protein \(targets.proteinGrams) g, carbohydrate \(targets.carbohydrateGrams) g, fat "
                    + "\(targets.fatGrams) g (1.6 g of protein a kilogram, 30 % of the energy from fat, the rest "
                    + "carbohydrate)")
        }
        if let weight { lines.append("Weight: \(weight)") }
        return lines
    }

    private static func grams(_ value: Double) -> String { "\(Int(value.rounded())) g" }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let space = String(repeating: " ", count: max(0, width - text.count))
        return right ? space + text : text + space
    }
}
