/// A flat JSON object of strings, whole numbers and booleans, written by hand: the live page's event data.
///
/// The events are made inside the bus's `publish`, a second's worth every second (``LiveRelay``), and Foundation's
/// `JSONEncoder` was most of what the web app cost the hub's timer thread (`Benchmarks/web-live`). The text is the
/// encoder's with `.sortedKeys` and `.withoutEscapingSlashes` (the tests compare them): keys in order, an absent
/// value left out as a synthesised `Encodable` leaves out a nil, strings escaped as RFC 8259 §7 asks.
struct JSONFields {
    private var fields: [(key: String, value: String)] = []

    init() {}

    mutating func add(_ key: String, _ value: String?) {
        if let value { fields.append((key, Self.quoted(value))) }
    }

    mutating func add(_ key: String, _ value: Int?) {
        if let value { fields.append((key, String(value))) }
    }

    mutating func add(_ key: String, _ value: Bool) { fields.append((key, value ? "true" : "false")) }

    /// `{"a":1,"b":"x"}`: on one line, whatever the strings hold.
    var text: String {
        "{" + fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
    }

    /// `text` in quotes, with a quote, a backslash and every control character escaped.
    static func quoted(_ text: String) -> String {
        var quoted = "\""
        quoted.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            case "\u{08}": quoted += "\\b"
            case "\u{0C}": quoted += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
