import Testing

@testable import HubCore

/// What a reload changes: only plugins whose table's values changed restart; where a table sits in the file, and its
/// comments, do not count.
@Suite struct ReloadPlanTests {
    let order: [PluginID] = ["simulator", "console", "heart-rate"]

    private func snapshot(_ text: String) throws -> ConfigurationSnapshot {
        let configuration = try HubConfiguration(text: text, file: "stayfit.toml")
        return ConfigurationSnapshot(configuration, enabled: configuration.pluginTables)
    }

    @Test func onlyTheChangedTableRestartsAndAddedAndRemovedOnesStartAndStop() throws {
        let old = try snapshot("[plugins.simulator]\nworkout = \"manual\"\n[plugins.console]\nmode = \"lines\"\n")
        let new = try snapshot(
            "[plugins.console]\nmode = \"auto\"\n[plugins.heart-rate]\ndevice = \"C0:FF:EE:00:00:01\"\n")
        let plan = ReloadPlan(from: old, to: new, order: order)
        #expect(plan == ReloadPlan(restart: ["console"], start: ["heart-rate"], stop: ["simulator"]))
    }

    @Test func movedTablesAndNewCommentsChangeNothing() throws {
        let old = try snapshot("[plugins.simulator]\nworkout = \"manual\"\n[plugins.console]\nmode = \"lines\"\n")
        let new = try snapshot(
            "# reordered\n[plugins.console]\nmode = \"lines\"  # same\n\n[plugins.simulator]\nworkout = \"manual\"\n")
        let plan = ReloadPlan(from: old, to: new, order: order)
        #expect(plan.changedPlugins.isEmpty)
        #expect(plan.settingsForNextStart.isEmpty)
    }

    @Test func settingsOutsideThePluginsAreReportedForTheNextStart() throws {
        let old = try snapshot("[plugins.console]\n")
        let new = try snapshot(
            "[hub]\nlog-level = \"debug\"\n[workout]\nresume-within-minutes = 5\n[plugins.console]\n")
        let plan = ReloadPlan(from: old, to: new, order: order)
        #expect(plan.changedPlugins.isEmpty)
        #expect(plan.settingsForNextStart == ["[hub] log-level", "[workout]"])
    }

    @Test func anExplicitDefaultIsAChangeOfTheTable() throws {
        // The plugin is restarted though it behaves the same: the hub compares what is written, not what it means.
        let old = try snapshot("[plugins.console]\n")
        let new = try snapshot("[plugins.console]\nmode = \"auto\"\n")
        #expect(ReloadPlan(from: old, to: new, order: order).restart == ["console"])
    }
}
