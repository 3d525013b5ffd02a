extension BuiltInPrograms {
    static let runWalkBeginner = """
        name = "Run-walk for beginners"
        kind = "run"
        instructions = "Run a minute, walk a minute and a half, six times. Run slowly enough to talk; when it feels easy, run longer."

        [[steps]]
        interval = "Brisk walk"
        role = "warm-up"
        time = "5:00"

        [[steps]]
        repeat = 6

        [[steps.steps]]
        interval = "Run"
        time = "1:00"
        target = { zone = 3 }

        [[steps.steps]]
        interval = "Walk"
        role = "recover"
        time = "1:30"
        target = { zone = 2 }

        [[steps]]
        interval = "Walk"
        role = "cool-down"
        time = "5:00"
        """

    static let run8x400 = """
        name = "8 x 400 m"
        kind = "run"
        instructions = "Run the 400s hard but even; jog the recoveries."

        [[steps]]
        interval = "Warm-up"
        role = "warm-up"
        time = "10:00"
        target = { zone = 2 }

        [[steps]]
        repeat = 8

        [[steps.steps]]
        interval = "400 m hard"
        distance = "400 m"
        target = { pace = "4:00 /km" }

        [[steps.steps]]
        interval = "Recover"
        role = "recover"
        time = "1:30"

        [[steps]]
        interval = "Cool-down"
        role = "cool-down"
        time = "10:00"
        target = { zone = 1 }
        """

    static let treadmillHills = """
        name = "6 x 2 min treadmill hills"
        kind = "treadmill"
        instructions = "Hills without the weather. Keep the speed on the climbs and let the incline do the work."

        [[steps]]
        interval = "Warm-up"
        role = "warm-up"
        time = "8:00"
        target = { speed = 8, incline = 1 }

        [[steps]]
        repeat = 6

        [[steps.steps]]
        interval = "Hill"
        time = "2:00"
        target = { speed = 9, incline = 6 }
        instructions = "Short steps, drive the arms."

        [[steps.steps]]
        interval = "Flat"
        role = "recover"
        time = "2:00"
        target = { speed = 7, incline = 1 }

        [[steps]]
        interval = "Cool-down"
        role = "cool-down"
        time = "5:00"
        target = { speed = 6, incline = 0 }
        """
}
