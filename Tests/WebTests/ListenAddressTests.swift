import Testing

@testable import Web

@Suite struct ListenAddressTests {
    @Test func readsHostAndPort() {
        #expect(ListenAddress(parsing: "0.0.0.0:8080") == ListenAddress(host: "0.0.0.0", port: 8080))
    }
}
