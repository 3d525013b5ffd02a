// Plugins import HubCore only; the record types its messages carry (Workout, Goal, Profile …) come along.
@_exported import HubStore
