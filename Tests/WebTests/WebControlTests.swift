import HubCore
import Testing

@testable import Web

/// The remote's buttons publish what the hub's buttons publish for the same press.
@Suite struct WebControlTests {
    @Test func workoutButtonsSendTheWorkoutCommandsAndNothingElse() throws {
        for (control, action) in [
            (WebControl.startPauseResume, WorkoutCommand.Action.toggle), (.lap, .lap), (.stop, .stop),
        ] {
            let messages = control.messages
            #expect(messages.count == 1)
            #expect(messages.first as? WorkoutCommand == WorkoutCommand(action))
        }
    }

    @Test func musicButtonsSendTheCommandAndItsConfirmation() {
        for (control, action, said) in [
            (WebControl.nextTrack, MusicCommand.Action.next, "Next track."), (.louder, .volumeUp, "Louder."),
            (.quieter, .volumeDown, "Quieter."),
        ] {
            let messages = control.messages
            #expect(messages.count == 2)
            #expect(messages.first as? MusicCommand == MusicCommand(action))
            #expect(messages.last as? Announcement == Announcement(said))
        }
    }

    @Test func statusNowAsksForTheSentence() {
        #expect(WebControl.statusNow.messages.first as? StatusRequested == StatusRequested(source: "web"))
    }

    @Test func theActionsAreTheButtonsNames() {
        #expect(
            WebControl.allCases.map(\.rawValue) == [
                "start-pause-resume", "lap", "stop", "next-track", "louder", "quieter", "status-now",
            ])
        #expect(WebControl(rawValue: "shutdown") == nil)
    }
}
