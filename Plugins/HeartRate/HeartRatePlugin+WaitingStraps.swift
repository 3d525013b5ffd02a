import HubCore

// The order rule for several people's straps: the one connected first keeps the hub until its workout ends.
extension HeartRatePlugin {
    /// While a workout is under way, says once which of the other people's straps in range wait; when it ends with
    /// one of them still in range, hands the hub over to it: returns why this link ends, and the next session
    /// connects that strap.
    ///
    /// The straps in range are looked at when the workout starts (or when the strap connects during one), not
    /// watched all along: a strap is worn before the workout it is for.
    func watchWaitingStraps(
        link: BlueZHeartRateSession.Link, session: BlueZHeartRateSession, workouts: Inbox<WorkoutStateChanged>
    ) async throws -> String {
        var waiting: [String] = []
        var said = greeting.workoutUnderWay
        if said { waiting = await sayWhoWaits(for: link, session: session) }
        for await change in workouts {
            // Before the next strap connects, so that its hello sees the workout over.
            greeting.workoutChanged(to: change.state)
            switch change.state {
            case .running, .paused:
                guard !said else { continue }
                said = true
                waiting = await sayWhoWaits(for: link, session: session)
            case .idle, .finished:
                said = false
                let inRange = (try? await session.otherWantedStrapsInRange(than: link.address)) ?? []
                let next = waiting.first(where: inRange.contains)
                waiting = []
                guard let next else { continue }
                handOver.hand(to: next)
                try? await session.disconnect(devicePath: link.devicePath)
                return "the workout ended: the strap \(next) that waited takes over"
            }
        }
        try Task.checkCancellation()
        return "stopped hearing about workouts"
    }

    /// Says which other people's straps in range wait for the workout to end ("Sam's strap is connected; Kim's
    /// waits until this workout ends."); returns their addresses.
    private func sayWhoWaits(for link: BlueZHeartRateSession.Link, session: BlueZHeartRateSession) async -> [String] {
        let waiting = (try? await session.otherWantedStrapsInRange(than: link.address)) ?? []
        guard !waiting.isEmpty else { return [] }
        let owners = try? context.store((any StrapOwners).self)
        func owner(of address: String) async -> String? {
            guard let owners, let name = try? await owners.strapOwner(address: address) else { return nil }
            return name
        }
        var whose: [String] = []
        for address in waiting { whose.append(await owner(of: address).map { "\($0)'s" } ?? "the strap \(address)") }
        let holder = await owner(of: link.address).map { "\($0)'s strap" } ?? "The strap \(link.address)"
        let verb = whose.count == 1 ? "waits" : "wait"
        context.logger.info("straps wait for the workout to end", metadata: ["waiting": "\(waiting)"])
        context.bus.publish(
            Announcement("\(holder) is connected; \(whose.joined(separator: " and ")) \(verb) until this workout ends.")
        )
        return waiting
    }
}
