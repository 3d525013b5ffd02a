import HubCore

/// What the live page's buttons ask for, `POST /control/{action}`: each publishes exactly what the hub's buttons
/// publish for the same press, so the hub reacts as it does to a button (the engine says "Workout paused.").
enum WebControl: String, CaseIterable, Sendable {
    case startPauseResume = "start-pause-resume"
    case lap
    case stop
    case nextTrack = "next-track"
    case louder
    case quieter
    case statusNow = "status-now"

    /// The messages, as `ButtonAction.messages` makes them for the button of the same name: workout commands
    /// confirmed by the engine, music commands with the confirmation the buttons give (the player may be off).
    var messages: [any BusMessage] {
        switch self {
        case .startPauseResume: [WorkoutCommand(.toggle)]
        case .lap: [WorkoutCommand(.lap)]
        case .stop: [WorkoutCommand(.stop)]
        case .nextTrack: [MusicCommand(.next), Announcement("Next track.")]
        case .louder: [MusicCommand(.volumeUp), Announcement("Louder.")]
        case .quieter: [MusicCommand(.volumeDown), Announcement("Quieter.")]
        case .statusNow: [StatusRequested(source: "web")]
        }
    }

    /// On the page's button.
    var label: String {
        switch self {
        case .startPauseResume: "Start / pause"
        case .lap: "Lap"
        case .stop: "Stop"
        case .nextTrack: "Next track"
        case .louder: "Louder"
        case .quieter: "Quieter"
        case .statusNow: "Status now"
        }
    }
}
