// The records the store reads and writes (Workout, Profile, Reminder …) come with it: whoever opens a HubStore (the
// CLI, the tests, the benchmarks) reads them without a second import.
@_exported import Records
