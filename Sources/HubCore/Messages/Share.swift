import Records

/// The share text of a finished workout is ready: what to post about it, a short and a long text.
///
/// Published by the share plugin once per finished workout; a front end shows it (the console prints the short
/// text).
public struct ShareTextReady: BusMessage, Equatable {
    public var workoutID: WorkoutID
    /// At most 280 characters: fits a post.
    public var short: String
    public var long: String
    /// Where both texts were saved, when the plugin has a folder to save them in.
    public var file: String?

    public init(workoutID: WorkoutID, short: String, long: String, file: String? = nil) {
        self.workoutID = workoutID
        self.short = short
        self.long = long
        self.file = file
    }
}
