// Plugins import HubCore only; the record types its messages carry (Workout, Goal, Profile …) and the narrow views of
// the store a plugin may ask its context for (ReminderBook, DeviceMemory …) come along. The store itself does not.
@_exported import Records
