import Foundation
import HubCore
import Testing

@testable import Web

/// Every sensors page as a browser parses it (the checker of `WellFormedPagesTests`), with no inline style or
/// script, whatever a device calls itself or a person types.
@Suite struct WellFormedSensorsPagesTests {
    @Test func everyPageNestsAndHasNoStyleOrScript() async throws {
        var hostile = BluetoothDevice.kickr
        hostile.name = "<b>KICKR</b>\u{1B}"
        let fixture = try await SensorsFixture(remembering: [SensorsFixture.strap, SensorsFixture.trainer])
        let store = fixture.store
        let radio = FakeSensorRadio(straps: [.polar, .tickr], sensors: [hostile, .speed])
        var pages: [WebPage] = [
            try await SensorsPage.render(book: store, csrfToken: "t"),
            try await SensorsPage.render(book: store, csrfToken: "t", notice: "Forgot C0:FF:EE:00:00:09."),
            try await SensorsPage.scan(radio: radio, book: store, csrfToken: "t"),
            try await SensorsPage.scan(radio: FakeSensorRadio(), book: store, csrfToken: "t"),
            try await SensorActions.confirmation(address: "C0:FF:EE:00:00:05", book: store, csrfToken: "t"),
            try await SensorActions.confirmation(address: "<i>", book: store, csrfToken: "t"),
        ]
        let refused: [FormOutcome] = [
            try await SensorActions.pair(
                ["address": "<i>\u{1B}"], radio: radio, book: store, bus: MessageBus(), csrfToken: "t"),
            try await SensorActions.pair(
                ["address": "C0:FF:EE:00:00:42"], radio: radio, book: store, bus: MessageBus(), csrfToken: "t"),
            try await SensorActions.forget(
                ["address": "C0:FF:EE:00:00:42"], radio: radio, book: store, bus: MessageBus(), csrfToken: "t"),
        ]
        for outcome in refused {
            guard case .invalid(let page) = outcome else {
                Issue.record("\(outcome)")
                continue
            }
            pages.append(page)
        }
        for page in pages {
            #expect(WellFormedPagesTests.nestingProblem(page.body) == nil, "\(page.title): \(page.body)")
            #expect(!page.body.contains("style=") && !page.body.contains("<script"), "\(page.title)")
            #expect(!page.body.contains("<b>") && !page.body.contains("<i>"), "\(page.title)")
        }
        #expect(pages.count == 9)
    }
}
