/// Energy as a fitness machine reports it; each part nil when the machine says it is not available.
public struct FitnessMachineEnergy: Sendable, Equatable {
    /// Energy since the start of the workout, kilocalories.
    public var totalKilocalories: Int?
    /// Energy at the present rate for an hour, kilocalories.
    public var kilocaloriesPerHour: Int?
    /// Energy at the present rate for a minute, kilocalories.
    public var kilocaloriesPerMinute: Int?

    /// Energy from its parts.
    public init(totalKilocalories: Int? = nil, kilocaloriesPerHour: Int? = nil, kilocaloriesPerMinute: Int? = nil) {
        self.totalKilocalories = totalKilocalories
        self.kilocaloriesPerHour = kilocaloriesPerHour
        self.kilocaloriesPerMinute = kilocaloriesPerMinute
    }
}
