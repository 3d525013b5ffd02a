extension BuiltInPrograms {
    static let sweetSpot3x12 = """
        name = "3 x 12 min sweet spot"
        kind = "indoor-ride"
        instructions = "Just under threshold: hard enough to build it, easy enough to come back for more."

        [[steps]]
        interval = "Warm-up"
        role = "warm-up"
        time = "10:00"
        target = { ftp-from = 50, ftp-to = 75 }

        [[steps]]
        repeat = 3

        [[steps.steps]]
        interval = "Sweet spot"
        time = "12:00"
        target = { ftp = 90, cadence = 90 }

        [[steps.steps]]
        interval = "Easy"
        role = "recover"
        time = "5:00"
        target = { ftp = 55 }

        [[steps]]
        interval = "Cool-down"
        role = "cool-down"
        time = "8:00"
        target = { ftp-from = 65, ftp-to = 40 }
        """

    static let threshold2x20 = """
        name = "2 x 20 min threshold"
        kind = "indoor-ride"
        instructions = "The classic: two long blocks at threshold. Steady power, no surges."

        [[steps]]
        interval = "Warm-up"
        role = "warm-up"
        time = "12:00"
        target = { ftp-from = 50, ftp-to = 80 }
        messages = [{ at = "10:00", text = "Two minutes to the first block" }]

        [[steps]]
        repeat = 2

        [[steps.steps]]
        interval = "Threshold"
        time = "20:00"
        target = { ftp = 97, cadence = 90 }

        [[steps.steps]]
        interval = "Easy"
        role = "recover"
        time = "5:00"
        target = { ftp = 50 }

        [[steps]]
        interval = "Cool-down"
        role = "cool-down"
        time = "5:00"
        target = { ftp-from = 60, ftp-to = 40 }
        """

    static let vo2max4x4 = """
        name = "4 x 4 min VO2max"
        kind = "indoor-ride"
        instructions = "Four hard minutes, four times. The last minute of each should be the hardest you can hold."

        [[steps]]
        interval = "Warm-up"
        role = "warm-up"
        time = "10:00"
        target = { ftp-from = 50, ftp-to = 75 }

        [[steps]]
        repeat = 4

        [[steps.steps]]
        interval = "VO2max"
        time = "4:00"
        target = { ftp = 115, cadence = 95 }
        messages = [{ at = "3:00", text = "One minute: hold on" }]

        [[steps.steps]]
        interval = "Easy"
        role = "recover"
        time = "3:00"
        target = { ftp = 50 }

        [[steps]]
        interval = "Cool-down"
        role = "cool-down"
        time = "8:00"
        target = { ftp-from = 60, ftp-to = 40 }
        """
}
