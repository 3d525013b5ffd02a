extension BuiltInPrograms {
    static let row2kTest = """
        name = "2 k row test"
        kind = "row"
        instructions = "The rower's benchmark: 2000 metres as fast as you can. Go out controlled, build from halfway."

        [[steps]]
        interval = "Warm-up"
        role = "warm-up"
        time = "10:00"
        target = { zone = 2, cadence = 20 }

        [[steps]]
        repeat = 3

        [[steps.steps]]
        interval = "Build"
        time = "20 s"
        target = { zone = 4, cadence = 28 }

        [[steps.steps]]
        interval = "Easy"
        role = "recover"
        time = "1:40"

        [[steps]]
        interval = "Ready"
        role = "recover"
        time = "3:00"

        [[steps]]
        interval = "2000 m test"
        distance = "2000 m"
        target = { max-effort = true }

        [[steps]]
        interval = "Cool-down"
        role = "cool-down"
        time = "5:00"
        target = { zone = 1 }
        """
}
