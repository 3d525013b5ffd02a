/// A wheel's cumulative revolutions and the sensor's time of the last one, as CSC and Cycling Power report them.
public struct WheelRevolutionData: Sendable, Equatable {
    /// Revolutions since the sensor started; wraps from 4 294 967 295 to 0.
    public var cumulativeRevolutions: UInt32
    /// The sensor's clock at the last revolution, in ticks of 1/``ticksPerSecond`` s; wraps from 65 535 to 0.
    public var lastEventTime: UInt16
    /// 1 024 for CSC, 2 048 for Cycling Power (its wheel time is twice as fine, so it wraps every 32 s, not 64 s).
    public var ticksPerSecond: Int

    /// Wheel data in the given clock.
    public init(cumulativeRevolutions: UInt32, lastEventTime: UInt16, ticksPerSecond: Int) {
        self.cumulativeRevolutions = cumulativeRevolutions
        self.lastEventTime = lastEventTime
        self.ticksPerSecond = ticksPerSecond
    }
}

/// A crank's cumulative revolutions and the sensor's time of the last one (CSC and Cycling Power alike).
public struct CrankRevolutionData: Sendable, Equatable {
    /// Revolutions since the sensor started; wraps from 65 535 to 0 (about 9 hours at 120 rpm).
    public var cumulativeRevolutions: UInt16
    /// The sensor's clock at the last revolution, in 1/1024 s; wraps every 64 s.
    public var lastEventTime: UInt16

    /// The ticks of ``lastEventTime`` per second.
    public static let ticksPerSecond = 1024

    /// Crank data.
    public init(cumulativeRevolutions: UInt16, lastEventTime: UInt16) {
        self.cumulativeRevolutions = cumulativeRevolutions
        self.lastEventTime = lastEventTime
    }
}
