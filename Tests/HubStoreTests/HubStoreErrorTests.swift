import Foundation
import GRDB
import HubTestKit
import Testing

@testable import HubStore

/// What each SQLite failure tells the person: what happened and what to do — never "database is locked"
/// for a full disk.
@Suite struct HubStoreErrorTests {
    let path = "/var/lib/stayfit/stayfit.sqlite"

    func message(_ code: ResultCode, _ sqliteMessage: String) -> HubStoreError {
        HubStoreError.wrap(DatabaseError(resultCode: code, message: sqliteMessage), path: path)
    }

    @Test func aFullDiskSaysSoAndToFreeSpace() {
        let error = message(.SQLITE_FULL, "database or disk is full")
        #expect(error.isDiskFull)
        #expect(
            error.description
                == "cannot save to \(path): the disk holding it is full (database or disk is full). Free some space "
                + "(df -h shows what is left), then try again; nothing already stored is lost.")
    }

    @Test func aReadOnlyDatabaseSaysToCheckOwnerPermissionsAndMount() {
        let error = message(.SQLITE_READONLY, "attempt to write a readonly database")
        #expect(!error.isDiskFull)
        #expect(
            error.description.hasPrefix(
                "cannot save to \(path): the database is read-only (attempt to write a readonly database). "))
        #expect(error.description.contains("owns the file"))
        #expect(error.description.contains("mounted read-only"))
    }

    @Test func anIOErrorOfTheSharedMemoryFileSaysTheDiskIsProbablyFull() {
        let error = message(.SQLITE_IOERR_SHMSIZE, "disk I/O error")
        #expect(
            error.description.hasPrefix(
                "reading or writing \(path) failed (disk I/O error: the -shm file could not be made or grown, usually "
                    + "because the disk is full). The disk may be full, removed or failing"))
        #expect(error.description.contains("df -h"))
    }

    @Test func aPlainIOErrorPointsAtTheDisk() {
        let error = message(.SQLITE_IOERR, "disk I/O error")
        #expect(
            error.description.hasPrefix(
                "reading or writing \(path) failed (disk I/O error). The disk may be full, removed or failing"))
    }

    @Test func aBusyDatabaseSaysWhoToLookForAndToTryAgain() {
        let error = message(.SQLITE_BUSY, "database is locked")
        #expect(
            error.description.hasPrefix(
                "the database \(path) is locked: another process kept it busy for more than 5 seconds"))
        #expect(error.description.contains("Try again in a moment"))
        let recovering = message(.SQLITE_BUSY_RECOVERY, "database is locked")
        #expect(recovering.description.contains("another process is recovering it after a crash"))
    }

    @Test func writingToARealReadOnlyDatabaseIsMappedToReadOnly() throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("stayfit.sqlite").path
        try DatabaseQueue(path: file).write { try $0.execute(sql: "CREATE TABLE goals (target REAL)") }
        var configuration = Configuration()
        configuration.readonly = true
        let readOnly = try DatabaseQueue(path: file, configuration: configuration)
        let thrown = try #require(throws: DatabaseError.self) {
            try readOnly.writeWithoutTransaction { try $0.execute(sql: "INSERT INTO goals VALUES (1)") }
        }
        let error = HubStoreError.wrap(thrown, path: file)
        #expect(error.description.hasPrefix("cannot save to \(file): the database is read-only ("))
    }
}
