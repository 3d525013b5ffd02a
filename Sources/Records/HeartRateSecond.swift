import Foundation

/// One second of the all-day heart-rate log.
public struct HeartRateSecond: Sendable, Equatable {
    /// Unix time, whole seconds.
    public var second: Int64
    /// 1…255 bpm (0 is "no reading" in storage and is never stored).
    public var beatsPerMinute: UInt8
    /// Beat-to-beat intervals in the strap's unit of 1/1024 s, oldest first.
    public var rrIntervals1024: [UInt16]

    public init(second: Int64, beatsPerMinute: UInt8, rrIntervals1024: [UInt16] = []) {
        self.second = second
        self.beatsPerMinute = beatsPerMinute
        self.rrIntervals1024 = rrIntervals1024
    }
}

/// Heart rate over one stretch of a plot: the lowest, average and highest reading in it.
public struct HeartRatePoint: Sendable, Equatable {
    public var start: Date
    /// How long the stretch is.
    public var seconds: Int
    public var minimum: Int
    public var average: Double
    public var maximum: Int
    /// Seconds with a reading in the stretch.
    public var count: Int

    public init(start: Date, seconds: Int, minimum: Int, average: Double, maximum: Int, count: Int) {
        self.start = start
        self.seconds = seconds
        self.minimum = minimum
        self.average = average
        self.maximum = maximum
        self.count = count
    }
}
