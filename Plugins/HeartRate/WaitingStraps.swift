import Synchronization

/// The other people's straps that wait for the workout under way to end, in the order they were found: added to by
/// the look when it starts and by the listener during it, taken when it ends.
final class WaitingStraps: Sendable {
    private let addresses = Mutex<[String]>([])

    /// Replaces the list (the straps found when the workout started).
    func set(_ found: [String]) { addresses.withLock { $0 = found } }

    /// Adds `address`; false when it waits already.
    func add(_ address: String) -> Bool {
        addresses.withLock { list in
            guard !list.contains(address) else { return false }
            list.append(address)
            return true
        }
    }

    /// The list, leaving it empty.
    func take() -> [String] {
        addresses.withLock { list in
            defer { list = [] }
            return list
        }
    }
}
