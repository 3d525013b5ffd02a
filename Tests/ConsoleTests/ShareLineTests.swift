import HubCore
import Testing

@testable import Console

@Suite struct ShareLineTests {
    @Test func theShortTextAndTheFileAreEachALine() {
        let share = ShareTextReady(workoutID: 1, short: "5.00 km in 30:00.", long: "…", file: "/srv/share/a.txt")
        #expect(ShareLine.lines(for: share) == ["Share: 5.00 km in 30:00.", "Share texts saved in /srv/share/a.txt."])
    }

    @Test func aShortTextTheTemplatesLeftEmptyIsNotPrintedAsABareShare() {
        #expect(ShareLine.lines(for: ShareTextReady(workoutID: 1, short: "  ", long: "")).isEmpty)
        #expect(
            ShareLine.lines(for: ShareTextReady(workoutID: 1, short: "", long: "", file: "/srv/share/a.txt"))
                == ["Share texts saved in /srv/share/a.txt."])
    }
}
