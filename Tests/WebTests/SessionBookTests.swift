import Testing

@testable import Web

/// Who is logged in: a session idles out, and a password change ends it.
@Suite struct SessionBookTests {
    let start = ContinuousClock.now

    @Test func aSessionIsFoundByItsKeyWithItsToken() throws {
        let book = SessionBook(idleLimit: .seconds(600))
        let session = book.open(passwordHash: "$y$one", now: start)
        #expect(RandomToken.isWellFormed(session.key) && RandomToken.isWellFormed(session.csrfToken))
        #expect(session.key != session.csrfToken)
        let found = try #require(book.session(key: session.key, currentHash: "$y$one", now: start + .seconds(1)))
        #expect(found.csrfToken == session.csrfToken)
    }

    @Test func aSessionIdleLongerThanTheLimitIsRefusedAndForgotten() {
        let book = SessionBook(idleLimit: .seconds(600))
        let session = book.open(passwordHash: "$y$one", now: start)
        #expect(book.session(key: session.key, currentHash: "$y$one", now: start + .seconds(601)) == nil)
        // Gone for good: asking again at an earlier time finds nothing either.
        #expect(book.session(key: session.key, currentHash: "$y$one", now: start + .seconds(1)) == nil)
        #expect(book.count == 0)
    }

    @Test func eachUseStartsTheIdleTimeAgain() {
        let book = SessionBook(idleLimit: .seconds(600))
        let session = book.open(passwordHash: "$y$one", now: start)
        #expect(book.session(key: session.key, currentHash: "$y$one", now: start + .seconds(500)) != nil)
        #expect(book.session(key: session.key, currentHash: "$y$one", now: start + .seconds(1000)) != nil)
    }

    @Test func aSessionMadeBeforeThePasswordChangedIsRefused() {
        let book = SessionBook(idleLimit: .seconds(600))
        let old = book.open(passwordHash: "$y$one", now: start)
        let new = book.open(passwordHash: "$y$two", now: start)
        #expect(book.session(key: old.key, currentHash: "$y$two", now: start) == nil)
        #expect(book.session(key: new.key, currentHash: "$y$two", now: start) != nil)
        // Changing it back does not bring the old one back.
        #expect(book.session(key: old.key, currentHash: "$y$one", now: start) == nil)
    }

    @Test func withoutAPasswordNoSessionIsValid() {
        let book = SessionBook(idleLimit: .seconds(600))
        let session = book.open(passwordHash: "$y$one", now: start)
        #expect(book.session(key: session.key, currentHash: nil, now: start) == nil)
    }

    @Test(arguments: ["", "x", String(repeating: "A", count: 64), String(repeating: "0", count: 65)])
    func aKeyOfTheWrongShapeIsRefused(key: String) {
        let book = SessionBook(idleLimit: .seconds(600))
        _ = book.open(passwordHash: "$y$one", now: start)
        #expect(book.session(key: key, currentHash: "$y$one", now: start) == nil)
    }

    @Test func pastItsCapacityTheLongestIdleSessionMakesRoom() {
        let book = SessionBook(idleLimit: .seconds(600), capacity: 2)
        let first = book.open(passwordHash: "$y$one", now: start)
        let second = book.open(passwordHash: "$y$one", now: start + .seconds(1))
        let third = book.open(passwordHash: "$y$one", now: start + .seconds(2))
        #expect(book.count == 2)
        #expect(book.session(key: first.key, currentHash: "$y$one", now: start + .seconds(3)) == nil)
        #expect(book.session(key: second.key, currentHash: "$y$one", now: start + .seconds(3)) != nil)
        #expect(book.session(key: third.key, currentHash: "$y$one", now: start + .seconds(3)) != nil)
    }

    @Test func loggingOutForgetsTheSession() {
        let book = SessionBook(idleLimit: .seconds(600))
        let session = book.open(passwordHash: "$y$one", now: start)
        book.close(key: session.key)
        #expect(book.session(key: session.key, currentHash: "$y$one", now: start) == nil)
    }
}
