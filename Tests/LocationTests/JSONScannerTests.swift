import Foundation
import Testing

@testable import Location

/// The hand-written JSON reading of gpsd's lines: the grammar checked against Foundation's own parser on valid
/// lines and on thousands of broken ones, and what a report reads out of escapes, nulls and nesting.
@Suite struct JSONScannerTests {
    /// Whether the scanner takes `bytes` as one JSON value and nothing else.
    static func scannerAccepts(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            do {
                try scanner.skipValue()
                try scanner.end()
                return true
            } catch {
                return false
            }
        }
    }

    static func foundationAccepts(_ bytes: [UInt8]) -> Bool {
        guard let value = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else {
            return false
        }
        // Foundation reads 1e999 as infinity; the scanner refuses numbers a Double cannot hold.
        return !"\(value)".contains("inf")
    }

    static let valid = [
        #"{"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"2026-11-22T07:00:00.000Z","lat":48.137,"lon":-11.575,"altMSL":520.3,"speed":3.344,"eph":6.4}"#,
        #"{"class":"SKY","nSat":3,"satellites":[{"PRN":1,"el":45.0,"used":true},{"PRN":2,"used":false},{"PRN":3}]}"#,
        #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"\/dev\/ttyACM0","driver":"u-blox","activated":"2026-11-22T07:00:00.000Z","flags":1}]}"#,
        #" { "a" : [ 1 , -0.5e-3 , 2E+10 , true , false , null , "x\"y\\z\u00e9\ud83c\udfc3" , { } , [ ] ] } "#,
        #"[]"#, #""just a string""#, #"0"#, #"-0"#,
    ]

    @Test func acceptsWhatFoundationAcceptsOnValidLines() {
        for line in Self.valid {
            #expect(Self.scannerAccepts(Array(line.utf8)), "\(line)")
            #expect(Self.foundationAccepts(Array(line.utf8)), "\(line)")
        }
    }

    @Test(arguments: [
        "", "{", "}", #"{"class"}"#, #"{"class":}"#, #"{"a":1,}"#, #"{"a":1 "b":2}"#, "[1,]", "[1 2]", "01", "1.", ".5",
        "-", "1e", "1e+", "+1", "0x10", "NaN", "Infinity", "tru", "nul", "True", #""unterminated"#, "\"a\u{1}b\"",
        #""\x""#, #""\u12""#, #""\ud83c""#, #""\udfc3""#, #"{"a":1} x"#, #"{"a":1}{"#, "1e999",
        String(repeating: "[", count: 40) + String(repeating: "]", count: 40),
    ])
    func refusesBrokenJSON(_ line: String) {
        #expect(!Self.scannerAccepts(Array(line.utf8)), "\(line)")
    }

    /// Every line made by cutting, doubling or replacing one byte of the valid lines: the scanner and Foundation
    /// agree on each (about 4,000 lines).
    @Test func agreesWithFoundationOnEveryOneByteChangeOfValidLines() {
        var disagreements: [String] = []
        var checked = 0
        var accepted = 0
        for line in Self.valid.prefix(4) {
            let bytes = Array(line.utf8)
            for index in bytes.indices {
                var variants = [bytes, bytes, bytes]
                variants[0].remove(at: index)
                variants[1].insert(bytes[index], at: index)
                for replacement: UInt8 in [UInt8(ascii: "\""), UInt8(ascii: "}"), UInt8(ascii: "1"), 0x07] {
                    var replaced = bytes
                    replaced[index] = replacement
                    variants.append(replaced)
                }
                for variant in variants.dropFirst(2) + variants.prefix(2) {
                    checked += 1
                    if Self.foundationAccepts(variant) { accepted += 1 }
                    if Self.scannerAccepts(variant) != Self.foundationAccepts(variant) {
                        disagreements.append(String(decoding: variant, as: UTF8.self))
                    }
                }
            }
        }
        // Both kinds are among them: changes that keep the line JSON (a digit for a digit) and ones that break it.
        #expect(checked > 2_000 && accepted > 100 && checked - accepted > 1_000, "\(accepted) of \(checked) still JSON")
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    @Test func readsEscapesNullsAndSkipsNestedMembers() throws {
        let line = #"""
            {"class":"TPV","extra":{"a":[1,{"b":null}],"c":"x\"}"},"device":"\/dev\/pts\/1","mode":3,"lat":48.5,"lon":null,"time":"2026-11-22T07:00:00Z"}
            """#
        guard case .position(let fix) = try GPSDReport.decode(Array(line.utf8)) else {
            Issue.record("not a position")
            return
        }
        #expect(fix.device == "/dev/pts/1")
        #expect(fix.latitude == 48.5 && fix.longitude == nil && fix.mode == 3)
        let message = try GPSDReport.decode(Array(#"{"class":"ERROR","message":"caf\u00e9 \ud83c\udfc3"}"#.utf8))
        #expect(message == .error(message: "café 🏃"))
    }

    @Test(arguments: [
        #"{"class":"TPV","mode":3.5}"#, #"{"class":"TPV","mode":"3"}"#, #"{"class":"TPV","lat":true}"#,
        #"{"class":"SKY","satellites":{"used":true}}"#, #"{"class":"SKY","satellites":[{"used":1}]}"#,
        #"{"class":null}"#,
    ])
    func aFieldOfTheWrongTypeIsGarbage(_ line: String) {
        #expect(throws: GPSDReport.Problem.garbage) { try GPSDReport.decode(Array(line.utf8)) }
    }

    @Test func countsTheSatellitesListedAndUsed() throws {
        let line = #"{"class":"SKY","satellites":[{"PRN":1,"used":true},{"PRN":2,"used":false},{"PRN":3}]}"#
        #expect(try GPSDReport.decode(Array(line.utf8)) == .sky(GPSDSky(satellitesSeen: 3, satellitesUsed: 1)))
    }
}
