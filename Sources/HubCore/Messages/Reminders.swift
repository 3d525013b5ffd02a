/// A reminder's time has come (e.g. "Time for your evening run").
public struct ReminderDue: BusMessage, Equatable {
    public var reminderID: Int64
    public var title: String

    public init(reminderID: Int64, title: String) {
        self.reminderID = reminderID
        self.title = title
    }
}
