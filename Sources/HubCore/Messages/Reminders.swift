/// A reminder's time has come (e.g. "Time for your evening run"), or its alert a few minutes before.
public struct ReminderDue: BusMessage, Equatable {
    public var reminderID: Int64
    public var title: String
    /// 0 when the reminder itself is due; otherwise this is its alert, this many minutes before.
    public var minutesBefore: Int

    public init(reminderID: Int64, title: String, minutesBefore: Int = 0) {
        self.reminderID = reminderID
        self.title = title
        self.minutesBefore = minutesBefore
    }
}
