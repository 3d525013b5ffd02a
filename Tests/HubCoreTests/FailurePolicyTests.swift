import HubCore
import HubTestKit
import Testing

@Suite struct FailurePolicyTests {
    @Test(arguments: [(0, 1), (1, 2), (2, 4), (3, 8), (4, 16), (5, 30), (6, 30), (30, 30), (31, 30), (1_000, 30)])
    func standardPolicyDoublesTheDelayFromOneSecondUpToThirty(attempt: Int, seconds: Int) {
        #expect(FailurePolicy.standard.restartDelay(attempt: attempt) == .seconds(seconds))
    }

    @Test func restartDelayStartsAtTheInitialDelay() {
        let policy = FailurePolicy.restart(
            initialDelay: .milliseconds(250), maxDelay: .seconds(1), resetAfter: .seconds(5))
        #expect(
            (0..<5).map { policy.restartDelay(attempt: $0) } == [
                .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(1), .seconds(1),
            ])
    }

    @Test(arguments: [FailurePolicy.ignore, .shutdown])
    func policiesThatDoNotRestartHaveNoDelay(_ policy: FailurePolicy) {
        #expect(policy.restartDelay(attempt: 0) == nil)
        #expect(policy.restartDelay(attempt: 3) == nil)
    }

    @Test func standardPolicyResetsAfterAMinute() {
        #expect(
            FailurePolicy.standard
                == .restart(initialDelay: .seconds(1), maxDelay: .seconds(30), resetAfter: .seconds(60)))
    }
}
