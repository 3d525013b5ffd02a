/// Whether a machine is to stop (end the session) or pause (keep it for a resume).
public enum StopOrPause: UInt8, Sendable, Equatable {
    case stop = 1
    case pause = 2
}
