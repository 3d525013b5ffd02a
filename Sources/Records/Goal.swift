import Foundation

/// A target for each workout: reach a distance, a duration, a step count or an energy total.
public struct Goal: Sendable, Equatable, Codable {
    public var kind: GoalKind
    /// In the kind's unit: metres, seconds, steps or kcal.
    public var target: Double

    public init(kind: GoalKind, target: Double) {
        self.kind = kind
        self.target = target
    }
}

/// What a goal measures.
public enum GoalKind: String, Sendable, Codable, CaseIterable {
    case distance, duration, steps, kcal
}
