import HubCore
import Testing

@testable import Buttons

@Suite struct PressClassifierTests {
    let timing = PressClassifier.Timing(long: .milliseconds(800), doubleWindow: .milliseconds(350))

    private func at(_ milliseconds: Int) -> HubInstant { HubInstant(sinceOrigin: .milliseconds(milliseconds)) }

    @Test func aQuickPressAndReleaseIsShortAtTheRelease() {
        var classifier = PressClassifier(timing: timing, doubleKeys: [])
        #expect(classifier.handle(device: "d", code: 164, value: 1, at: at(0)).isEmpty)
        let presses = classifier.handle(device: "d", code: 164, value: 0, at: at(120))
        #expect(presses == [PressClassifier.Press(device: "d", code: 164, kind: .short, at: at(0))])
        #expect(classifier.nextDeadline == nil)
    }

    @Test func aHeldKeyIsLongOnceTheLongTimeHasPassedWithoutWaitingForTheRelease() {
        var classifier = PressClassifier(timing: timing, doubleKeys: [])
        _ = classifier.handle(device: "d", code: 28, value: 1, at: at(1000))
        #expect(classifier.nextDeadline == at(1800))
        #expect(classifier.expire(at: at(1799)).isEmpty)
        #expect(classifier.expire(at: at(1800)) == [.init(device: "d", code: 28, kind: .long, at: at(1000))])
        // Its release, however late, adds nothing.
        #expect(classifier.handle(device: "d", code: 28, value: 0, at: at(5000)).isEmpty)
    }

    @Test func aLongHoldWhoseTimerWasLateIsStillLongAtTheRelease() {
        var classifier = PressClassifier(timing: timing, doubleKeys: [])
        _ = classifier.handle(device: "d", code: 28, value: 1, at: at(0))
        #expect(classifier.handle(device: "d", code: 28, value: 0, at: at(900)).map(\.kind) == [.long])
    }

    @Test func keyRepeatIsIgnored() {
        var classifier = PressClassifier(timing: timing, doubleKeys: [])
        _ = classifier.handle(device: "d", code: 28, value: 1, at: at(0))
        for time in stride(from: 100, to: 700, by: 33) {
            #expect(classifier.handle(device: "d", code: 28, value: 2, at: at(time)).isEmpty)
        }
        #expect(classifier.handle(device: "d", code: 28, value: 0, at: at(700)).map(\.kind) == [.short])
    }

    @Test func twoPressesWithinTheWindowAreOneDoubleOnAKeyThatHasADoubleAction() {
        var classifier = PressClassifier(timing: timing, doubleKeys: [164])
        _ = classifier.handle(device: "d", code: 164, value: 1, at: at(0))
        #expect(classifier.handle(device: "d", code: 164, value: 0, at: at(100)).isEmpty)
        #expect(classifier.nextDeadline == at(450))
        let second = classifier.handle(device: "d", code: 164, value: 1, at: at(300))
        #expect(second == [.init(device: "d", code: 164, kind: .double, at: at(300))])
        #expect(classifier.handle(device: "d", code: 164, value: 0, at: at(400)).isEmpty)
        #expect(classifier.expire(at: at(10_000)).isEmpty)
    }

    @Test func aShortPressOnAKeyWithADoubleActionWaitsForTheWindowToClose() {
        var classifier = PressClassifier(timing: timing, doubleKeys: [164])
        _ = classifier.handle(device: "d", code: 164, value: 1, at: at(0))
        _ = classifier.handle(device: "d", code: 164, value: 0, at: at(100))
        #expect(classifier.expire(at: at(449)).isEmpty)
        #expect(classifier.expire(at: at(450)) == [.init(device: "d", code: 164, kind: .short, at: at(0))])
        // A press after the window is a new first press, not a double.
        #expect(classifier.handle(device: "d", code: 164, value: 1, at: at(600)).isEmpty)
        #expect(classifier.handle(device: "d", code: 164, value: 0, at: at(650)).isEmpty)
        #expect(classifier.expire(at: at(1000)).map(\.kind) == [.short])
    }

    @Test func aSecondPressArrivingAfterALateWindowReportsTheFirstAsShort() {
        var classifier = PressClassifier(timing: timing, doubleKeys: [164])
        _ = classifier.handle(device: "d", code: 164, value: 1, at: at(0))
        _ = classifier.handle(device: "d", code: 164, value: 0, at: at(100))
        // No timer ran (a busy machine); the next edge comes after the window.
        let presses = classifier.handle(device: "d", code: 164, value: 1, at: at(2000))
        #expect(presses == [.init(device: "d", code: 164, kind: .short, at: at(0))])
    }

    @Test func aReleaseWithoutAPressAndASecondDownAreIgnored() {
        var classifier = PressClassifier(timing: timing, doubleKeys: [])
        #expect(classifier.handle(device: "d", code: 1, value: 0, at: at(0)).isEmpty)
        _ = classifier.handle(device: "d", code: 1, value: 1, at: at(10))
        #expect(classifier.handle(device: "d", code: 1, value: 1, at: at(20)).isEmpty)
        #expect(
            classifier.handle(device: "d", code: 1, value: 0, at: at(30)) == [
                .init(device: "d", code: 1, kind: .short, at: at(10))
            ])
    }

    @Test func theSameKeyOnTwoDevicesCountsSeparately() {
        var classifier = PressClassifier(timing: timing, doubleKeys: [])
        _ = classifier.handle(device: "keyboard", code: 28, value: 1, at: at(0))
        _ = classifier.handle(device: "remote", code: 28, value: 1, at: at(500))
        #expect(classifier.handle(device: "remote", code: 28, value: 0, at: at(600)).map(\.device) == ["remote"])
        #expect(classifier.expire(at: at(800)).map(\.device) == ["keyboard"])
    }

    @Test func aDeviceThatWentAwayLeavesNoHeldKeyBehind() {
        var classifier = PressClassifier(timing: timing, doubleKeys: [])
        _ = classifier.handle(device: "d", code: 28, value: 1, at: at(0))
        classifier.forget(device: "d")
        #expect(classifier.nextDeadline == nil)
        #expect(classifier.expire(at: at(5000)).isEmpty)
    }
}
