import Foundation

/// One of the people who train on the hub: a name, and the profile their calorie estimates use once it is given.
///
/// Each person has their own goals, reminders, workouts and all-day heart-rate log; the hub records for the
/// current person (`stayfit people use`).
public struct Person: Sendable, Equatable, Codable, Identifiable {
    /// The store's number for the person; the first one (the profile of a hub from before people) is 1.
    public var id: Int64
    /// Unique on the hub, whatever the case.
    public var name: String
    /// Birth date, gender, height, weight and FTP, with `name` as the profile's name; nil until they are given.
    public var profile: Profile?
    /// Whether the hub records for this person now.
    public var isCurrent: Bool

    public init(id: Int64, name: String, profile: Profile? = nil, isCurrent: Bool = false) {
        self.id = id
        self.name = name
        self.profile = profile
        self.isCurrent = isCurrent
    }
}

/// What removing a person deletes with them, counted before it goes.
public struct PersonBelongings: Sendable, Equatable, Codable {
    public var workouts: Int
    public var goals: Int
    public var reminders: Int
    /// Hours of the all-day heart-rate log with at least one reading.
    public var heartRateHours: Int
    /// Entries of the food log.
    public var foodEntries: Int
    /// Weighings of the weight log.
    public var weighings: Int
    /// Foods of their own (`stayfit food new`).
    public var ownFoods: Int

    public init(
        workouts: Int = 0, goals: Int = 0, reminders: Int = 0, heartRateHours: Int = 0, foodEntries: Int = 0,
        weighings: Int = 0, ownFoods: Int = 0
    ) {
        self.workouts = workouts
        self.goals = goals
        self.reminders = reminders
        self.heartRateHours = heartRateHours
        self.foodEntries = foodEntries
        self.weighings = weighings
        self.ownFoods = ownFoods
    }
}
