import ArgumentParser
import BluetoothSensors
import HubCore
import HubStore

// A heart-rate strap that belongs to a person: `stayfit devices pair ADDRESS --person Sam`, and `unpair`.

extension DevicesCommand.Pair {
    /// Makes the strap at `address` the person's, without BlueZ: the strap need not be worn while it is paired.
    func pairStrap(_ address: String, to name: String, in store: HubStore) async throws {
        try await PersonLines.refusingBadData {
            let (person, previous) = try await store.pairStrap(address, toPersonNamed: name)
            let was = previous.map { " It was \(PersonLines.name($0))'s." } ?? ""
            print(
                "\(address) is now \(PersonLines.name(person.name))'s strap.\(was) When the hub connects it, it says "
                    + "hello to \(PersonLines.name(person.name)) and the next workout is theirs.")
        }
    }
}

extension DevicesCommand {
    struct Unpair: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make the heart-rate strap at ADDRESS nobody's (undoes 'pair ADDRESS --person NAME').")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: ArgumentHelp("The strap's Bluetooth address, e.g. C0:FF:EE:00:00:01.", valueName: "address"))
        var address: String

        func validate() throws {
            guard BluetoothAddress.normalized(address) != nil else {
                throw ValidationError("\"\(address)\" is not a Bluetooth address. \(BluetoothAddress.hint).")
            }
        }

        func run() async throws {
            try await reportingErrors {
                let address = BluetoothAddress.normalized(address) ?? address
                if let owner = try await storeOptions.openStore().unpairStrap(address) {
                    print("\(address) is no longer \(PersonLines.name(owner))'s strap.")
                } else {
                    print(
                        "\(address) is nobody's strap; nothing to unpair. 'stayfit devices list' shows whose each is.")
                }
            }
        }
    }
}
