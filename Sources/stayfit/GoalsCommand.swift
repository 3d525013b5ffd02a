import ArgumentParser
import HubCore

struct GoalsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goals", abstract: "Show, set or clear the goal of every workout.",
        subcommands: [Show.self, Set.self, Clear.self], defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the current goal.")
        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            try await reportingErrors {
                guard let goal = try await storeOptions.openStore().activeGoal() else {
                    return print("No goal set. Set one: stayfit goals set distance 5km")
                }
                print("Goal: \(GoalInput.describe(goal))")
            }
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set the goal: distance 5km, duration 45min, steps 8000 or kcal 400.",
            discussion: "A running hub uses the new goal within 2 seconds, for the workout under way too.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "distance, duration, steps or kcal.") var kind: GoalKindArgument
        @Argument(help: "The target, e.g. 5km, 800m, 45min, 1.5h, 8000, 400.") var value: String

        func run() async throws {
            try await reportingErrors {
                let goal: Goal
                do { goal = try GoalInput.parse(kind: kind.kind, value: value) } catch {
                    throw CLIError("\(error).", exitCode: 65)
                }
                try await storeOptions.openStore().setActiveGoal(goal)
                print("Goal set: \(GoalInput.describe(goal)).")
            }
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove the goal.")
        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            try await reportingErrors {
                try await storeOptions.openStore().setActiveGoal(nil)
                print("Goal cleared.")
            }
        }
    }
}

/// A goal kind as a command-line argument.
struct GoalKindArgument: ExpressibleByArgument {
    let kind: GoalKind

    init?(argument: String) {
        guard let kind = GoalKind(rawValue: argument.lowercased()) else { return nil }
        self.kind = kind
    }

    static var allValueStrings: [String] { GoalKind.allCases.map(\.rawValue) }
}
