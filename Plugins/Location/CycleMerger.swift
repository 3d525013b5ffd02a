import Positioning

/// Collects gpsd's reports of one receiver cycle into one.
///
/// gpsd sends several TPV reports with the same time as the sentences of a cycle arrive: first what RMC gave
/// (2D, no altitude), then with GGA's altitude, then with the error estimates. Taking the first and dropping the
/// rest as repeats would lose the altitude, so a report waits until it is complete (3D with an altitude) or the
/// next cycle begins; the repeats after that are dropped by the filter as repeated times.
struct CycleMerger: Sendable {
    private var pending: GPSDPosition?

    /// Takes a report; returns those ready for the filter, oldest first.
    mutating func add(_ report: GPSDPosition) -> [GPSDPosition] {
        var ready: [GPSDPosition] = []
        guard report.time != nil, report.mode >= 2 else {
            if let pending { ready.append(pending) }
            pending = nil
            return ready + [report]
        }
        if let waiting = pending, waiting.time != report.time { ready.append(waiting) }
        pending = report
        if report.mode >= 3, report.altitudeMSL != nil || report.altitudeHAE != nil {
            ready.append(report)
            pending = nil
        }
        return ready
    }

    /// The report still waiting, at the end of a connection.
    mutating func flush() -> GPSDPosition? {
        defer { pending = nil }
        return pending
    }
}
