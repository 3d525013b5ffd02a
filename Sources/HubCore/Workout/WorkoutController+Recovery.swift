import Foundation
import Logging
import Records

/// A workout a crash interrupted: resumed when the hub is back soon enough, closed at its last second otherwise.
extension WorkoutController {
    /// Finds a workout left running or paused by a crash: resumes it when the hub is back within the
    /// configured time, closes it at its last stored second otherwise, and tells the person which.
    ///
    /// How long the hub was away is measured without trusting the wall clock where possible: within the same
    /// boot, from the machine's boot time saved with the last second (real time, counted on this hub's clock: a
    /// minute a second at `--speed 60`); after a reboot, from the wall clock only when the kernel says it is
    /// synchronised. When it cannot be known, the workout is closed, never resumed on a guess. A workout recorded
    /// on a sped-up clock labels its seconds in the future, so after a reboot it is closed.
    ///
    /// - Returns: true when a resumed workout (running or paused) needs the second-ticker.
    mutating func recoverInterruptedWorkout() async -> Bool {
        do {
            guard let workout = try await store.unfinishedWorkout() else { return false }
            let samples = try await store.samples(of: workout.id)
            let pauses = try await store.pauses(of: workout.id)
            let lastSeen = max(
                samples.last?.recordedAt ?? workout.startedAt, pauses.last?.startedAt ?? workout.startedAt)
            let away = timeAway(since: workout.lastSeenBoot, lastSeen: lastSeen)
            if let away, away <= settings.resumeWithin {
                return try await resume(workout, samples: samples, lastSeen: lastSeen, away: away)
            }
            let totals = WorkoutMetrics(restoring: samples).totals
            try await store.finishWorkout(workout.id, at: lastSeen, totals: totals, recovery: .closed)
            logger.notice(
                "closed an interrupted workout",
                metadata: ["workout": "\(workout.id)", "away": "\(away.map { "\($0)" } ?? "unknown")"])
            bus.publish(WorkoutRecovered(workout: workout, outcome: .closed, gap: away ?? .zero))
            let why =
                away == nil && !workout.isSimulated ? " The clock was not set yet, so the time since is unknown." : ""
            bus.publish(
                Announcement(
                    "Closed the interrupted workout of \(Format.dateTime(workout.startedAt)): "
                        + "\(Format.clock(seconds: totals.movingSeconds)), \(Format.distance(meters: totals.distanceMeters)) saved."
                        + why,
                    priority: .important))
        } catch {
            logger.error("cannot check for an interrupted workout", metadata: ["error": "\(error)"])
        }
        return false
    }

    /// The time since the interrupted workout's last saved second, or nil when it cannot be trusted.
    private func timeAway(since saved: BootTime?, lastSeen: Date) -> Duration? {
        if let saved, let current = clock.bootTime, saved.bootID == current.bootID {
            return .seconds(max(0, current.secondsSinceBoot - saved.secondsSinceBoot) * clock.speed)
        }
        guard clock.isWallClockSynchronised else { return nil }
        let gap = clock.now.timeIntervalSince(lastSeen)
        // A last second stored in the future was labelled by a wrong clock: its distance to now means nothing.
        return gap < -5 ? nil : .seconds(max(0, gap))
    }

    private mutating func resume(_ workout: Workout, samples: [WorkoutSample], lastSeen: Date, away: Duration)
        async throws -> Bool
    {
        let elapsedBefore = Duration.seconds(max(0, lastSeen.timeIntervalSince(workout.startedAt))) + away
        // A simulation's seconds may run ahead of the wall clock: the workout carries on from where it stood.
        let resumedAt = lastSeen.addingTimeInterval(away.seconds)
        labelShift = workout.isSimulated ? max(0, resumedAt.timeIntervalSince(clock.now)) : 0
        session = WorkoutSession(
            resuming: workout, samples: samples, laps: try await store.laps(of: workout.id), at: clock.instant,
            elapsedBefore: elapsedBefore)
        if workout.status == .running, away > .zero {
            writer.send(.pause(workout.id, from: lastSeen, to: lastSeen.addingTimeInterval(away.seconds)))
        }
        writer.send(.resumed(workout.id))
        change(to: workout.status == .paused ? .paused : .running)
        logger.notice("resumed an interrupted workout", metadata: ["workout": "\(workout.id)", "away": "\(away)"])
        bus.publish(WorkoutRecovered(workout: workout, outcome: .resumed, gap: away))
        bus.publish(
            Announcement(
                "Resumed the workout interrupted \(Format.clock(away)) ago "
                    + "(\(Format.clock(seconds: session?.metrics.movingSeconds ?? 0)) recorded).",
                priority: .important))
        // A paused workout needs the ticker too: its progress (and the console's status) goes on while paused.
        return true
    }
}
