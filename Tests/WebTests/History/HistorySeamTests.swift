import Foundation
import HubCore
import HubStore
import HubTestKit
import Reports
import Testing

@testable import Web

/// The views of the hub's store the pages are given, asked for as a plugin asks (`context.store(_:)`).
@Suite struct HistorySeamTests {
    @Test func theHubsStoreIsAHistoryAndAFileExporter() async throws {
        let (context, directory) = try PluginContext.test()
        let id = try await HistoryFixture.storeRun(in: context.hubStore)
        let history = try context.store((any WorkoutHistory).self)
        // The conformance is WorkoutFiles', found at run time because the module is linked, as in `stayfit`.
        let exporter = try context.store((any WorkoutFileExporter).self)
        let outcome = try await WorkoutDownload.make(id: "\(id)", format: "tcx", history: history, exporter: exporter)
        guard case .file(let download) = outcome else {
            Issue.record("no file: \(outcome)")
            return
        }
        #expect(String(decoding: download.bytes, as: UTF8.self).hasSuffix("</TrainingCenterDatabase>\n"))
        withExtendedLifetime(directory) {}
    }

    @Test func aPageIsTheNewestAfterSkippingTheOnesBefore() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        var ids: [WorkoutID] = []
        for day in 1...5 {
            ids.append(
                try await HistoryFixture.storeRun(
                    in: store, start: LocalTime.date(year: 2026, month: 11, day: day, hour: 7),
                    kind: day.isMultiple(of: 2) ? .walk : .run))
        }
        let history: any WorkoutHistory = store
        let all = try await history.workouts(from: nil, to: nil, kind: nil, limit: 2, offset: 1)
        #expect(all.map(\.id) == [ids[3], ids[2]])
        let runs = try await history.workouts(from: nil, to: nil, kind: .run, limit: 10, offset: 0)
        #expect(runs.map(\.id) == [ids[4], ids[2], ids[0]])
        // From the 2nd up to (not including) the start of the 4th.
        let days = try await history.workouts(
            from: LocalTime.date(year: 2026, month: 11, day: 2), to: LocalTime.date(year: 2026, month: 11, day: 4),
            kind: nil, limit: 10, offset: 0)
        #expect(days.map(\.id) == [ids[2], ids[1]])
        #expect(try await history.workouts(from: nil, to: nil, kind: nil, limit: -1, offset: -5).isEmpty)
    }
}
