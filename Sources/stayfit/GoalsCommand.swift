import ArgumentParser
import Goals
import HubCore

struct GoalsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goals",
        abstract: "Show, set or clear the goal of every workout; enable or disable its auto-stop.",
        subcommands: [Show.self, Set.self, Clear.self, Enable.self, Disable.self], defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the current goal and its auto-stop.")
        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            try await reportingErrors {
                let store = try storeOptions.openStore()
                guard let goal = try await store.activeGoal() else {
                    return print("No goal set. Set one: stayfit goals set distance 5km")
                }
                print("Goal: \(GoalInput.describe(goal))")
                if try await store.goalAutoStop() {
                    print("Auto-stop: on (the workout stops and is saved when the goal is reached)")
                } else {
                    print("Auto-stop: off (progress is shown; turn it on with: stayfit goals enable)")
                }
            }
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set the goal: distance 5km, duration 45min, steps 8000 or kcal 400.",
            discussion: "A running hub uses the new goal within 2 seconds, for the workout under way too.")
        @OptionGroup var storeOptions: StoreOptions
        // Optional, so that a missing one gets the original app's "Empty Fields" rather than a usage error.
        @Argument(help: "distance, duration, steps or kcal.") var kind: GoalKindArgument?
        @Argument(help: "The target, e.g. 5km, 800m, 45min, 1.5h, 8000, 400.") var value: String?

        func run() async throws {
            try await reportingErrors {
                guard let kind, let value else { throw CLIError(GoalInputError.emptyFieldsMessage + ".", exitCode: 65) }
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

    struct Enable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Stop and save the workout by itself when it reaches the goal.",
            discussion: "Needs a goal (stayfit goals set …). A running hub uses it within 2 seconds.")
        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            try await reportingErrors {
                let store = try storeOptions.openStore()
                guard try await store.setGoalAutoStop(true), let goal = try await store.activeGoal() else {
                    throw CLIError(GoalInput.selectGoalTypeMessage + ".", exitCode: 65)
                }
                print("Auto-stop on: the workout stops and is saved at \(GoalInput.describe(goal)).")
            }
        }
    }

    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Only show progress towards the goal; never stop the workout.")
        @OptionGroup var storeOptions: StoreOptions

        func run() async throws {
            try await reportingErrors {
                try await storeOptions.openStore().setGoalAutoStop(false)
                print("Auto-stop off: progress towards the goal is shown, the workout goes on.")
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
