import Testing

@testable import Web

/// Wrong passwords: a few free, then a wait that doubles, which a right password does not skip.
@Suite struct LoginLimiterTests {
    let start = ContinuousClock.now

    @Test func fiveWrongPasswordsAreFreeAndTheSixthWaitsASecond() {
        let limiter = LoginLimiter()
        for _ in 1...5 {
            #expect(limiter.wait(for: "10.0.0.2", now: start) == nil)
            #expect(limiter.failed("10.0.0.2", now: start) == nil)
        }
        #expect(limiter.failed("10.0.0.2", now: start) == .seconds(1))
        #expect(limiter.wait(for: "10.0.0.2", now: start + .milliseconds(500)) == .milliseconds(500))
        #expect(limiter.wait(for: "10.0.0.2", now: start + .seconds(1)) == nil)
    }

    @Test func eachFurtherWrongPasswordDoublesTheWaitUpToTheLongest() {
        let limiter = LoginLimiter(longestWait: .seconds(60))
        var now = start
        for _ in 1...5 { limiter.failed("a", now: now) }
        var waits: [Duration] = []
        for _ in 1...9 {
            now = now + (limiter.wait(for: "a", now: now) ?? .zero)
            waits.append(limiter.failed("a", now: now) ?? .zero)
        }
        #expect(waits.map(\.components.seconds) == [1, 2, 4, 8, 16, 32, 60, 60, 60])
    }

    @Test func aHundredWrongPasswordsLeaveTheLongestWaitForTheNextTry() {
        let limiter = LoginLimiter()
        for _ in 1...100 { limiter.failed("a", now: start) }
        #expect(limiter.wait(for: "a", now: start) == limiter.longestWait)
        #expect(limiter.wait(for: "a", now: start + limiter.longestWait - .seconds(1)) != nil)
    }

    @Test func otherAddressesAreNotHeldUp() {
        let limiter = LoginLimiter()
        for _ in 1...10 { limiter.failed("a", now: start) }
        #expect(limiter.wait(for: "a", now: start) != nil)
        #expect(limiter.wait(for: "b", now: start) == nil)
    }

    @Test func aRightPasswordClearsTheCount() {
        let limiter = LoginLimiter()
        for _ in 1...4 { limiter.failed("a", now: start) }
        limiter.succeeded("a")
        for _ in 1...5 { #expect(limiter.failed("a", now: start) == nil) }
    }

    @Test func pastItsCapacityTheOldestAddressIsForgotten() {
        let limiter = LoginLimiter(capacity: 2)
        for _ in 1...6 { limiter.failed("old", now: start) }
        limiter.failed("b", now: start + .seconds(1))
        limiter.failed("c", now: start + .seconds(2))
        #expect(limiter.wait(for: "old", now: start) == nil)
    }
}
