import Foundation
import Hummingbird
import NIOCore

/// The fields of an `application/x-www-form-urlencoded` body (`password=…&csrf=…`), decoded.
struct FormFields: Sendable, Equatable {
    private(set) var values: [String: String] = [:]

    subscript(name: String) -> String? { values[name] }

    /// Reads `body`; a field named twice keeps its first value, and a field that does not decode is left out.
    init(_ body: String) {
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), values[name] == nil else { continue }
            values[name] = parts.count > 1 ? Self.decode(parts[1]) : ""
        }
    }

    /// The request's form, at most what its path may hold (`WebLimits.formBytes(forPath:)`).
    ///
    /// - Throws: `HTTPError(.contentTooLarge)` for a longer body: a 413, never a crash.
    static func read(_ request: inout Request) async throws -> FormFields {
        do {
            let limit = WebLimits.formBytes(forPath: request.uri.path)
            return FormFields(String(buffer: try await request.collectBody(upTo: limit)))
        } catch is NIOTooManyBytesError {
            // What a body already in memory throws; a streamed one throws the 413 itself.
            throw HTTPError(.contentTooLarge)
        }
    }

    private static func decode(_ text: Substring) -> String? {
        String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
