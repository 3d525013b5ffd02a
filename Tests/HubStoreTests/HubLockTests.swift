import Foundation
import HubStore
import HubTestKit
import Testing

@Suite struct HubLockTests {
    @Test func aSecondLockOnTheSameDirectoryIsRefusedNamingTheHolder() throws {
        let directory = try TemporaryDirectory()
        let data = directory.url.appendingPathComponent("data")
        let first = try HubLock(directory: data, purpose: .hub)
        let error = try #require(throws: HubLockError.self) { try HubLock(directory: data, purpose: .hub) }
        #expect(error.directory == data.path)
        #expect(error.processID == getpid())
        #expect(error.purpose == .hub)
        #expect(error.description == "a hub (PID \(getpid())) is already running on the data directory \(data.path)")
        withExtendedLifetime(first) {}
    }

    @Test func theLockIsFreeAgainOnceItsHolderIsReleased() throws {
        let directory = try TemporaryDirectory()
        do {
            let first = try HubLock(directory: directory.url, purpose: .command)
            #expect(throws: HubLockError.self) { try HubLock(directory: directory.url, purpose: .hub) }
            withExtendedLifetime(first) {}
        }
        let second = try HubLock(directory: directory.url, purpose: .hub)
        #expect(second.path == directory.url.appendingPathComponent("hub.lock").path)
    }

    @Test func theLockFileNamesItsHolderAndOnlyItsOwnerMayReadIt() throws {
        let directory = try TemporaryDirectory()
        let lock = try HubLock(directory: directory.url, purpose: .command)
        #expect(try String(contentsOfFile: lock.path, encoding: .utf8) == "\(getpid()) command\n")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: lock.path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
    }

    @Test func aLockLeftByACommandIsDescribedAsSuch() throws {
        let directory = try TemporaryDirectory()
        let first = try HubLock(directory: directory.url, purpose: .command)
        let error = try #require(throws: HubLockError.self) { try HubLock(directory: directory.url, purpose: .hub) }
        #expect(
            error.description
                == "another stayfit command (PID \(getpid())) is using the data directory \(directory.url.path)")
        withExtendedLifetime(first) {}
    }

    @Test func aStaleRecordOfADeadHolderDoesNotHoldTheLock() throws {
        // What a `kill -9` leaves: the file with the dead hub's PID, but no flock (the kernel dropped it).
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("hub.lock").path
        try "999999 hub\n".write(toFile: path, atomically: true, encoding: .utf8)
        let lock = try HubLock(directory: directory.url, purpose: .hub)
        #expect(try String(contentsOfFile: lock.path, encoding: .utf8) == "\(getpid()) hub\n")
    }

    @Test func theDirectoryIsCreatedForTheLock() throws {
        let directory = try TemporaryDirectory()
        let data = directory.url.appendingPathComponent("a/b")
        let lock = try HubLock(directory: data, purpose: .hub)
        #expect(FileManager.default.fileExists(atPath: lock.path))
    }
}
