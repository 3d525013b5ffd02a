import HubCore

/// What a button press does: one of the things a person needs during a workout without a screen.
public enum ButtonAction: String, Sendable, CaseIterable {
    case startPauseResume = "start-pause-resume"
    case stop
    case lap
    case nextTrack = "next-track"
    case previousTrack = "previous-track"
    case louder
    case quieter
    case playPauseMusic = "play-pause-music"
    case statusNow = "status-now"
    /// Steps through the kinds of workout; the hub says each ("Next workout: Indoor ride.") before the start.
    case nextKind = "next-kind"
    /// Steps through the programs; the programs plugin says each ("Program: 8 x 400 m.").
    case nextProgram = "next-program"
    /// Steps through the people; the people plugin says each ("Hello Sam."), and the next workout is theirs.
    case nextPerson = "next-person"
    /// The calories plugin says what was eaten today, what is left and the weight.
    case today
    /// Ends the program's set under way (or any step early), as console `done` does.
    case done
    /// Moves the program on to its next step.
    case skip
    /// Every power target of the program 5 % lower, or higher.
    case easier
    case harder

    /// In plain words, as `stayfit buttons test` shows it.
    public var description: String {
        switch self {
        case .startPauseResume: "start / pause / resume"
        case .stop: "stop and save the workout"
        case .lap: "lap"
        case .nextTrack: "next track"
        case .previousTrack: "previous track"
        case .louder: "louder"
        case .quieter: "quieter"
        case .playPauseMusic: "music play / pause"
        case .statusNow: "status now"
        case .nextKind: "next kind of workout"
        case .nextProgram: "next program (says its name)"
        case .nextPerson: "next person (says hello; the next workout is theirs)"
        case .today: "today's food, what is left and the weight, said"
        case .done: "set done (the program's next step)"
        case .skip: "skip the program's step"
        case .easier: "program targets 5 % easier"
        case .harder: "program targets 5 % harder"
        }
    }

    /// The messages that carry it out, and the announcement that confirms it where no other part of the hub does.
    ///
    /// The workout engine confirms workout commands itself, with what actually happened ("Workout paused.",
    /// "Lap 2: 3:00, 519 m.", or "No workout is under way." for a lap while idle) and the kind chosen ("Next
    /// workout: Indoor ride."); the status reporter answers
    /// "status now" with its sentence. Music commands are confirmed here: the music player may be off or missing,
    /// and the person still hears that the press was taken.
    /// - Parameter pressedAt: when the press began, for workout commands (a lap counts from the press, not from
    ///   when a double-press window closed); nil means "now".
    func messages(pressedAt: HubInstant?) -> [any BusMessage] {
        switch self {
        case .startPauseResume: [WorkoutCommand(.toggle, at: pressedAt)]
        case .stop: [WorkoutCommand(.stop, at: pressedAt)]
        case .lap: [WorkoutCommand(.lap, at: pressedAt)]
        case .nextTrack: [MusicCommand(.next), Announcement("Next track.")]
        case .previousTrack: [MusicCommand(.previous), Announcement("Previous track.")]
        case .louder: [MusicCommand(.volumeUp), Announcement("Louder.")]
        case .quieter: [MusicCommand(.volumeDown), Announcement("Quieter.")]
        case .playPauseMusic: [MusicCommand(.playPause), Announcement("Music play or pause.")]
        case .statusNow: [StatusRequested(source: "buttons")]
        case .nextKind: [ChooseWorkoutKind(.next)]
        case .nextProgram: [ChooseProgram(.next)]
        case .nextPerson: [ChoosePerson(.next)]
        case .today: [TodayRequested(source: "buttons")]
        // The programs plugin confirms with the next step, or says that no program is under way.
        case .done: [ProgramCommand(.done(repetitions: nil))]
        case .skip: [ProgramCommand(.skip)]
        case .easier: [ProgramCommand(.easier)]
        case .harder: [ProgramCommand(.harder)]
        }
    }
}
