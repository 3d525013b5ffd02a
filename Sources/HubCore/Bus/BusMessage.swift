/// A value carried on the bus. Events are past tense (`HeartRateMeasured`), commands end in `Command`.
///
/// ```swift
/// public struct LapCompleted: BusMessage { public var number: Int }
/// bus.publish(LapCompleted(number: 3))
/// ```
public protocol BusMessage: Sendable {}
