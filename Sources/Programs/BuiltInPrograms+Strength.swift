extension BuiltInPrograms {
    static let strength5x5 = """
        name = "5 x 5 strength"
        kind = "strength"
        instructions = "Three big lifts, five sets of five. Pick weights you could lift 7 times, and add 2.5 kg when all 25 reps go up clean."

        [[steps]]
        exercise = "Squat"
        sets = 5
        reps = 5
        rest = "3:00"
        instructions = "Hips back and down until the thighs are level; knees over the toes."

        [[steps]]
        interval = "Change over"
        role = "recover"
        time = "2:00"

        [[steps]]
        exercise = "Bench press"
        sets = 5
        reps = 5
        rest = "3:00"
        instructions = "Bar to the lower chest, elbows at 45 degrees, feet flat."

        [[steps]]
        interval = "Change over"
        role = "recover"
        time = "2:00"

        [[steps]]
        exercise = "Barbell row"
        sets = 5
        reps = 5
        rest = "3:00"
        instructions = "Back flat, pull the bar to the belly button."
        """

    /// Written out from ``circuit``: 12 timed exercises with a change of 10 seconds between them.
    static let sevenMinuteCircuit =
        """
        name = "7-minute circuit"
        kind = "strength"
        instructions = "Twelve exercises, 30 seconds each, 10 seconds to change. Go hard; a wall and a chair is all it takes."

        """
        + circuit.enumerated().map { index, exercise in
            let change =
                index + 1 < circuit.count
                ? "\n[[steps]]\ninterval = \"Change\"\nrole = \"recover\"\ntime = \"10 s\"\n" : ""
            return "\n[[steps]]\nexercise = \"\(exercise)\"\ntime = \"30 s\"\n\(change)"
        }.joined()

    /// The exercises of the 7-minute circuit, in order (Klika and Jordan, 2013).
    private static let circuit = [
        "Jumping jacks", "Wall sit", "Push-ups", "Crunches", "Step-ups onto a chair", "Squats",
        "Triceps dips on a chair",
        "Plank", "High knees", "Lunges", "Push-ups with rotation", "Side plank",
    ]

    static let bodyWeightBasics = """
        name = "Body-weight basics"
        kind = "strength"
        instructions = "Strength anywhere, no weights. Stop each set one or two repetitions before you must."

        [[steps]]
        exercise = "Push-ups"
        sets = 3
        reps = 10
        rest = "1:00"
        instructions = "On the knees if 10 are too many; body in one line."

        [[steps]]
        exercise = "Squats"
        sets = 3
        reps = 15
        rest = "1:00"

        [[steps]]
        exercise = "Lunges"
        sets = 3
        reps = 10
        rest = "1:00"
        instructions = "10 on each leg."

        [[steps]]
        exercise = "Plank"
        sets = 3
        time = "45 s"
        rest = "1:00"
        """
}
