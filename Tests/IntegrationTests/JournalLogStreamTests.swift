import Foundation
import Testing

@testable import stayfit

/// The journal's stream socket, where the hub logs under systemd while the console owns its terminal: a listening
/// socket in a scratch folder stands in for journald's.
@Suite struct JournalLogStreamTests {
    @Test func theStreamStartsWithJournaldsHeaderAndCarriesEachLineWithItsPriority() throws {
        let scratch = try Scratch()
        let path = scratch.path("stdout")
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0 && listen(listener, 1) == 0)

        var stream = try #require(LogStream.journal(path: path, identifier: "stayfit"))
        stream.write("<6>ready plugins=console\n")
        close(stream.descriptor)
        let connection = accept(listener, nil, nil)
        try #require(connection >= 0)
        defer { close(connection) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        #expect(String(decoding: received, as: UTF8.self) == "stayfit\n\n6\n1\n0\n0\n0\n<6>ready plugins=console\n")
    }

    @Test func withoutAJournalThereIsNoStream() throws {
        let scratch = try Scratch()
        #expect(LogStream.journal(path: scratch.path("nothing")) == nil)
    }

    @Test(arguments: [
        (["INVOCATION_ID": "0f3c"], true), (["JOURNAL_STREAM": "8:123"], true), (["INVOCATION_ID": ""], false),
        ([:], false),
    ])
    func systemdIsKnownByTheVariablesItSets(environment: [String: String], expected: Bool) {
        #expect(LogSetup.isUnderSystemd(environment: environment) == expected)
    }
}
