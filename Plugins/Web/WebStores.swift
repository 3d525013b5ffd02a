import HubCore
import Reports

/// The store's narrow views the pages read and change, found once when the web app starts.
///
/// Each is the same store call the CLI makes, so a page and a command agree. A view the hub's storage does not offer
/// (a test's store, or GPX export in a binary without the workout-file writers) leaves its pages answering "not
/// available" rather than the app not starting.
struct WebStores: Sendable {
    let history: (any WorkoutHistory)?
    let exporter: (any WorkoutFileExporter)?
    let roster: (any PeopleRoster)?
    let diary: (any FoodDiary)?
    let programs: (any ProgramStore)?
    let profile: (any ProfileSource)?
    let profileBook: (any ProfileBook)?, goalBook: (any GoalBook)?
    let reminders: (any ReminderEditor)?
    let devices: (any DeviceBook)?
    let units: UnitSystem

    init(context: PluginContext) {
        history = try? context.store((any WorkoutHistory).self)
        exporter = try? context.store((any WorkoutFileExporter).self)
        roster = try? context.store((any PeopleRoster).self)
        diary = try? context.store((any FoodDiary).self)
        programs = try? context.store((any ProgramStore).self)
        profile = try? context.store((any ProfileSource).self)
        (profileBook, goalBook) = (try? context.store((any ProfileBook).self), try? context.store((any GoalBook).self))
        reminders = try? context.store((any ReminderEditor).self)
        devices = try? context.store((any DeviceBook).self)
        units = UnitSystem(context.units)
    }
}
