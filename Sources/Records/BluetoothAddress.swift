/// Bluetooth device addresses as people type them and BlueZ shows them.
public enum BluetoothAddress {
    /// `text` in upper case when it has the form AA:BB:CC:DD:EE:FF (six pairs of hex digits), else nil.
    public static func normalized(_ text: String) -> String? {
        let pairs = text.split(separator: ":", omittingEmptySubsequences: false)
        guard pairs.count == 6, pairs.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isHexDigit } })
        else { return nil }
        return text.uppercased()
    }

    /// How to write an address, for error messages.
    public static let hint =
        "Write it as six hex pairs separated by colons, e.g. \"C0:FF:EE:00:00:01\" (stayfit devices scan lists them)"
}
