import DBus
import HubCore

// The order rule for several people's straps: the one connected first keeps the hub until its workout ends.
extension HeartRatePlugin {
    /// While a workout is under way, says once which of the other people's straps in range wait, and says so of
    /// each one that comes in range or connects later in the workout; when it ends with one of them still in range,
    /// hands the hub over to it: returns why this link ends, and the next session connects that strap.
    ///
    /// The straps in range are looked for when the workout starts (or when the strap connects during one) and when
    /// it ends. In between the plugin only listens, on a connection of its own, to what BlueZ says of the wanted
    /// straps (one appearing, heard or connecting): it starts no discovery, so the workout pays no scanning for it.
    func watchWaitingStraps(
        link: BlueZHeartRateSession.Link, session: BlueZHeartRateSession, workouts: Inbox<WorkoutStateChanged>,
        busAddress: DBusAddress
    ) async throws -> String {
        let waiting = WaitingStraps()
        var listener: BlueZHeartRateSession?
        defer { listener?.connection.close() }
        return try await withThrowingTaskGroup(of: Void.self) { listening in
            defer { listening.cancelAll() }
            /// Says who waits, then listens until the workout ends (when `listener` is closed).
            func workoutStarted() async {
                // Opened before the first look, so that a strap heard meanwhile is heard by one or the other.
                let opened = try? await BlueZHeartRateSession.open(
                    address: busAddress, adapter: configuration.adapter, devices: session.wanted,
                    logger: context.logger)
                let signals = opened?.connection.signals()
                listener = opened
                let found = await sayWhoWaits(for: link, session: session, busAddress: busAddress)
                waiting.set(found)
                if let opened, let signals {
                    listening.addTask {
                        await listenForLateStraps(than: link, listener: opened, signals: signals, waiting: waiting)
                    }
                }
            }
            func workoutEnded() {
                listener?.connection.close()
                listener = nil
            }
            var said = greeting.workoutUnderWay
            if said { await workoutStarted() }
            for await change in workouts {
                switch change.state {
                case .running, .paused:
                    guard !said else { continue }
                    said = true
                    await workoutStarted()
                case .idle, .finished:
                    said = false
                    workoutEnded()
                    let waited = waiting.take()
                    guard !waited.isEmpty else { continue }
                    let inRange = await otherStrapsInRange(than: link, session: session, busAddress: busAddress)
                    guard let next = waited.first(where: inRange.contains) else { continue }
                    handOver.hand(to: next)
                    try? await session.disconnect(devicePath: link.devicePath)
                    return "the workout ended: the strap \(next) that waited takes over"
                }
            }
            try Task.checkCancellation()
            return "stopped hearing about workouts"
        }
    }

    /// Says of each wanted strap BlueZ tells of during the workout (one appearing, heard or connecting), and that
    /// does not wait yet, that it waits: "Kim's strap is connected; it waits until this workout ends." Ends when
    /// the listener's connection closes.
    private func listenForLateStraps(
        than link: BlueZHeartRateSession.Link, listener: BlueZHeartRateSession, signals: AsyncStream<DBusSignal>,
        waiting: WaitingStraps
    ) async {
        while let heard = await listener.firstOtherWantedStrapHeard(than: link.address, signals: signals) {
            guard waiting.add(heard) else { continue }
            let owner = await ownerName(of: heard)
            context.logger.info("a strap waits for the workout to end", metadata: ["address": "\(heard)"])
            context.bus.publish(
                Announcement(
                    "\(owner.map { "\($0)'s strap" } ?? "The strap \(heard)") is connected; it waits until this "
                        + "workout ends."))
        }
    }

    /// The name of the person whose strap `address` is, if anybody's.
    private func ownerName(of address: String) async -> String? {
        guard let owners = try? context.store((any StrapOwners).self),
            let name = try? await owners.strapOwner(address: address)
        else { return nil }
        return name
    }

    /// Says which other people's straps in range wait for the workout to end ("Sam's strap is connected; Kim's
    /// waits until this workout ends."); returns their addresses.
    private func sayWhoWaits(
        for link: BlueZHeartRateSession.Link, session: BlueZHeartRateSession, busAddress: DBusAddress
    ) async -> [String] {
        let waiting = await otherStrapsInRange(than: link, session: session, busAddress: busAddress)
        guard !waiting.isEmpty else { return [] }
        var whose: [String] = []
        for address in waiting {
            whose.append(await ownerName(of: address).map { "\($0)'s" } ?? "the strap \(address)")
        }
        let holder = await ownerName(of: link.address).map { "\($0)'s strap" } ?? "The strap \(link.address)"
        let verb = whose.count == 1 ? "waits" : "wait"
        context.logger.info("straps wait for the workout to end", metadata: ["waiting": "\(waiting)"])
        context.bus.publish(
            Announcement("\(holder) is connected; \(whose.joined(separator: " and ")) \(verb) until this workout ends.")
        )
        return waiting
    }

    /// How long the plugin listens for other people's straps when BlueZ has heard none lately.
    static let listenForWaitingStraps: Duration = .seconds(10)

    /// The wanted straps other than the link's that are in range: those BlueZ has connected or heard lately, else
    /// the first one heard advertising within ``listenForWaitingStraps`` (BlueZ forgets what it heard when
    /// discovery stops, so a strap worn quietly near the hub is found only by listening).
    ///
    /// Listens on a connection of its own: the session's signals are narrowed to its strap.
    func otherStrapsInRange(
        than link: BlueZHeartRateSession.Link, session: BlueZHeartRateSession, busAddress: DBusAddress
    ) async -> [String] {
        let known = (try? await session.otherWantedStrapsInRange(than: link.address)) ?? []
        guard known.isEmpty else { return known }
        guard
            let listener = try? await BlueZHeartRateSession.open(
                address: busAddress, adapter: configuration.adapter, devices: session.wanted, logger: context.logger)
        else { return [] }
        defer { listener.connection.close() }
        let signals = listener.connection.signals()
        do {
            try await listener.startDiscovery()
        } catch {
            context.logger.debug("cannot listen for other straps", metadata: ["error": "\(error)"])
            return []
        }
        let clock = context.clock, address = link.address
        let heard = await withTaskGroup(of: String?.self) { group in
            group.addTask { await listener.firstOtherWantedStrapHeard(than: address, signals: signals) }
            group.addTask {
                try? await clock.sleep(for: Self.listenForWaitingStraps)
                return nil
            }
            defer { group.cancelAll() }
            return await group.next() ?? nil
        }
        try? await listener.stopDiscovery()
        return heard.map { [$0] } ?? []
    }
}
