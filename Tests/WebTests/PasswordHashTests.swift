import Crypt
import Testing

/// yescrypt through libxcrypt: a hash checks its own password and no other.
@Suite struct PasswordHashTests {
    @Test func aHashMatchesItsPasswordAndNoOther() async throws {
        let hash = try await PasswordHash.make("correct horse battery")
        #expect(hash.hasPrefix("$y$"))
        #expect(!hash.contains("correct"))
        #expect(await PasswordHash.matches("correct horse battery", hash))
        #expect(!(await PasswordHash.matches("correct horse batterY", hash)))
        #expect(!(await PasswordHash.matches("", hash)))
    }

    @Test func theSamePasswordHashesDifferentlyEachTime() async throws {
        let first = try await PasswordHash.make("same password")
        let second = try await PasswordHash.make("same password")
        #expect(first != second)
        #expect(await PasswordHash.matches("same password", second))
    }

    @Test(arguments: ["", "*", "!", "$y$", "$y$j9T$cut", "plain text"])
    func whatIsNoHashMatchesNothing(hash: String) async {
        #expect(!(await PasswordHash.matches("", hash)))
        #expect(!(await PasswordHash.matches("plain text", hash)))
    }

    @Test func bytesAreComparedWhole() {
        #expect(PasswordHash.constantTimeEqual(Array("abc".utf8), Array("abc".utf8)))
        #expect(!PasswordHash.constantTimeEqual(Array("abc".utf8), Array("abd".utf8)))
        #expect(!PasswordHash.constantTimeEqual(Array("abc".utf8), Array("abcd".utf8)))
    }
}
