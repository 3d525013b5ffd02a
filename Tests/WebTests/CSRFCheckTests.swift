import HTTPTypes
import Hummingbird
import Testing

@testable import Web

/// A state-changing request carries its session's token, in a header or a form field, or is refused.
@Suite struct CSRFCheckTests {
    static let token = String(repeating: "ab", count: 32)

    static func request(headers: HTTPFields = [:], body: String = "") -> Request {
        Request(
            head: HTTPRequest(
                method: .post, scheme: "http", authority: "hub", path: "/control/lap", headerFields: headers),
            body: RequestBody(buffer: ByteBuffer(string: body)))
    }

    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    @Test func theRightTokenInTheHeaderPasses() async throws {
        var request = Self.request(headers: [.csrfToken: Self.token])
        #expect(try await CSRFCheck.passes(&request, token: Self.token))
    }

    @Test func theRightTokenInTheFormPassesAndTheFormIsLeftForTheRoute() async throws {
        var request = Self.request(headers: Self.form, body: "csrf=\(Self.token)&password=a%20b")
        #expect(try await CSRFCheck.passes(&request, token: Self.token))
        #expect(try await FormFields.read(&request)["password"] == "a b")
    }

    @Test(arguments: ["", String(repeating: "ab", count: 31) + "ac", String(repeating: "ab", count: 33), "ab"])
    func aWrongTokenIsRefused(sent: String) async throws {
        var inHeader = Self.request(headers: [.csrfToken: sent])
        #expect(try await !CSRFCheck.passes(&inHeader, token: Self.token))
        var inForm = Self.request(headers: Self.form, body: "csrf=\(sent)")
        #expect(try await !CSRFCheck.passes(&inForm, token: Self.token))
    }

    @Test func noTokenIsRefused() async throws {
        var bare = Self.request()
        #expect(try await !CSRFCheck.passes(&bare, token: Self.token))
        var formWithout = Self.request(headers: Self.form, body: "password=x")
        #expect(try await !CSRFCheck.passes(&formWithout, token: Self.token))
        // A token in a body that is not a form is not looked for: a script sends the header.
        var json = Self.request(headers: [.contentType: "application/json"], body: "csrf=\(Self.token)")
        #expect(try await !CSRFCheck.passes(&json, token: Self.token))
    }

    @Test func aFormLargerThanAFormMayBeIsRefusedAs413() async {
        var request = Self.request(
            headers: Self.form, body: "csrf=\(Self.token)&x=" + String(repeating: "a", count: WebLimits.formBytes))
        await #expect {
            try await CSRFCheck.passes(&request, token: Self.token)
        } throws: { error in
            (error as? HTTPError)?.status == .contentTooLarge
        }
    }

    @Test func tokensAreComparedWhole() {
        #expect(ConstantTime.equal("abc", "abc"))
        #expect(!ConstantTime.equal("abc", "abd"))
        #expect(!ConstantTime.equal("abc", "ab"))
        #expect(!ConstantTime.equal("", "a"))
    }

    @Test func randomTokensAre256BitsOfHexAndNeverRepeat() {
        let tokens = (0..<200).map { _ in RandomToken.make() }
        #expect(tokens.allSatisfy(RandomToken.isWellFormed))
        #expect(Set(tokens).count == tokens.count)
    }
}
