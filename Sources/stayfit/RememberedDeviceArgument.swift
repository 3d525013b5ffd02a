import ArgumentParser
import Records

/// `[ADDRESS]` of `stayfit devices disconnect` and `forget`: a remembered sensor's Bluetooth address, or none for
/// the strap; a text that is no address is refused before anything is opened.
struct RememberedDeviceArgument: ParsableArguments {
    @Argument(
        help: ArgumentHelp("A remembered sensor's Bluetooth address (default: the strap).", valueName: "address"))
    var typed: String?

    /// The address in upper case, or nil for the strap.
    var address: String? { typed.flatMap(BluetoothAddress.normalized) }

    func validate() throws {
        guard let typed else { return }
        guard BluetoothAddress.normalized(typed) != nil else {
            throw ValidationError("\"\(typed)\" is not a Bluetooth address. \(BluetoothAddress.hint).")
        }
    }
}
