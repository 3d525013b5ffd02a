import Foundation
import HubCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads a GPX 1.1 or TCX v2 file with FoundationXML's streaming `XMLParser`: the file is read in pieces, never
/// whole, and the first problem is reported with its line.
///
/// ```swift
/// let activity = try ActivityFileReader.read(path: "ride.gpx")
/// print(activity.points.count)
/// ```
public enum ActivityFileReader {
    /// Reads the file at `path`; which format it is comes from its root element, not its name.
    ///
    /// - Throws: `WorkoutFileError` naming the file (and the line) when it cannot be read, is not well-formed
    ///   XML, is neither GPX nor TCX, has no points, or has a point out of order or off the Earth.
    public static func read(path: String) throws -> RecordedActivity {
        // Opened without blocking and checked as opened: a FIFO or a terminal named as the file would otherwise
        // hold the import (or the simulator, and with it the hub) until someone wrote to it.
        let descriptor: Int32, size: Int
        do {
            (descriptor, size) = try TextFile.openRegularFile(path)
        } catch {
            switch error {
            case .doesNotExist: throw WorkoutFileError(file: path, problem: "no such file")
            case .notReadable:
                throw WorkoutFileError(file: path, problem: "cannot read the file; check its permissions")
            default: throw WorkoutFileError(file: path, problem: "\(error)")
            }
        }
        defer { close(descriptor) }
        // The stream opens the very file checked above, not whatever the path names by now.
        guard let stream = InputStream(fileAtPath: "/proc/self/fd/\(descriptor)") else {
            throw WorkoutFileError(file: path, problem: "cannot read the file; check its permissions")
        }
        let parser = XMLParser(stream: stream)
        // GPX and TCX take 240 to 370 bytes a point: reserving for the file's size up front saves the copies (and
        // the peak memory) of growing the points array step by step.
        let handler = ActivityXMLHandler(file: path, expectedPoints: min(size / 200, 1_000_000))
        parser.delegate = handler
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        let parsed = parser.parse()
        guard parsed else {
            let line = parser.lineNumber > 0 ? parser.lineNumber : nil
            let reason = (parser.parserError as NSError?).map { Self.reason(of: $0) } ?? "unknown error"
            let problem =
                handler.rootElement == nil
                ? "is not an XML file (\(reason)); give a .gpx or .tcx file"
                : "is not well-formed XML (\(reason)); the file may be cut short or damaged"
            throw WorkoutFileError(file: path, line: line, problem: problem)
        }
        // libxml2 reads a document that stops inside an element without complaint: the open elements tell.
        if let open = handler.path.last, let line = handler.openedAt.last {
            throw WorkoutFileError(
                file: path, line: line,
                problem: "is not well-formed XML: the file ends inside <\(open)>; it is cut short or damaged")
        }
        if let failure = handler.failure { throw failure }
        guard let builder = handler.builder else {
            throw WorkoutFileError(file: path, problem: "is empty or not XML; give a .gpx or .tcx file")
        }
        return try builder.finish()
    }

    private static func reason(of error: NSError) -> String {
        if let description = error.userInfo[NSLocalizedDescriptionKey] as? String, !description.isEmpty {
            return description.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return "XML error \(error.code)"
    }
}

/// The parser's delegate: keeps the path of open elements and hands each one to the vocabulary of the root.
final class ActivityXMLHandler: NSObject, XMLParserDelegate {
    let file: String
    private(set) var rootElement: String?
    private(set) var builder: ActivityBuilder?
    private(set) var failure: WorkoutFileError?
    private var vocabulary: (any ActivityVocabulary)?
    private(set) var path: [String] = []
    /// The line each open element starts on.
    private(set) var openedAt: [Int] = []
    private var text = ""

    private let expectedPoints: Int

    init(file: String, expectedPoints: Int) {
        self.file = file
        self.expectedPoints = expectedPoints
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let name = Self.localName(elementName)
        text = ""
        path.append(name)
        openedAt.append(parser.lineNumber)
        if rootElement == nil {
            rootElement = name
            switch name {
            case "gpx":
                builder = ActivityBuilder(file: file, format: .gpx, expectedPoints: expectedPoints)
                vocabulary = GPXVocabulary()
            case "TrainingCenterDatabase":
                builder = ActivityBuilder(file: file, format: .tcx, expectedPoints: expectedPoints)
                vocabulary = TCXVocabulary()
            default:
                return fail(
                    WorkoutFileError(
                        file: file, line: parser.lineNumber,
                        problem: "is neither GPX nor TCX (its root element is <\(name)>); give a .gpx or .tcx file"))
            }
        }
        guard var builder, var vocabulary else { return }
        // Held here alone while it changes, so appending a point never copies the points before it.
        (self.builder, self.vocabulary) = (nil, nil)
        do {
            try vocabulary.start(name, path: path, attributes: attributes, line: parser.lineNumber, into: &builder)
            self.builder = builder
            self.vocabulary = vocabulary
        } catch {
            fail(error as? WorkoutFileError ?? builder.error(parser.lineNumber, "\(error)"))
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        // Only leaf values are read; a runaway text node is cut short rather than held whole.
        if text.utf8.count < 4096 { text += string }
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
        let name = Self.localName(elementName)
        defer {
            _ = path.popLast()
            _ = openedAt.popLast()
            text = ""
        }
        guard var builder, var vocabulary else { return }
        // Held here alone while it changes, so appending a point never copies the points before it.
        (self.builder, self.vocabulary) = (nil, nil)
        do {
            try vocabulary.end(name, path: path, text: text, line: parser.lineNumber, into: &builder)
            self.builder = builder
            self.vocabulary = vocabulary
        } catch {
            fail(error as? WorkoutFileError ?? builder.error(parser.lineNumber, "\(error)"))
        }
    }

    /// Notes the first problem in the data and stops reading it; the parse itself goes on to the end, so that a
    /// file cut short in the middle of an element is reported as cut short rather than as that element's problem.
    private func fail(_ error: WorkoutFileError) {
        guard failure == nil else { return }
        failure = error
        builder = nil
        vocabulary = nil
    }

    /// The name without its prefix. Searched in the UTF-8 view: this runs twice per element, and a `Character`
    /// search was an eighth of a whole import's time.
    private static func localName(_ name: String) -> String {
        guard let colon = name.utf8.lastIndex(of: UInt8(ascii: ":")) else { return name }
        return String(name[name.utf8.index(after: colon)...])
    }
}

/// The elements of one file format.
protocol ActivityVocabulary {
    mutating func start(
        _ name: String, path: [String], attributes: [String: String], line: Int, into builder: inout ActivityBuilder
    ) throws
    mutating func end(_ name: String, path: [String], text: String, line: Int, into builder: inout ActivityBuilder)
        throws
}

extension ActivityVocabulary {
    /// A number in an element, or an error naming it and its line.
    func number(_ text: String, _ name: String, line: Int, builder: ActivityBuilder) throws -> Double {
        guard let value = Self.parseNumber(text), value.isFinite else {
            throw builder.error(line, "<\(name)> \"\(text.prefix(40))\" is not a number")
        }
        return value
    }

    /// A number with XML's white space around it. Trimmed in the UTF-8 view: Foundation's `trimmingCharacters`
    /// goes through `NSString` and was a sixth of a whole import's time.
    static func parseNumber(_ text: String) -> Double? {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0a || byte == 0x0d || byte == 0x09 }
        var bytes = text.utf8[...]
        while let first = bytes.first, isSpace(first) { bytes = bytes.dropFirst() }
        while let last = bytes.last, isSpace(last) { bytes = bytes.dropLast() }
        return Double(Substring(bytes))
    }

    /// A heart rate in beats per minute; nil for 0, which recorders write for "no reading", and for 255, FIT's
    /// "no value" byte, which converters from FIT copy (a Forerunner 110's whole run reads 255 without a strap).
    func heartRate(_ text: String, _ name: String, line: Int, builder: ActivityBuilder) throws -> Int? {
        let value = try number(text, name, line: line, builder: builder).rounded()
        guard value != 0, value != 255 else { return nil }
        guard ActivityBuilder.plausibleHeartRates.contains(Int(max(-1, min(1000, value)))) else {
            // The value as written: clamped, -5 read "-1" and 99999999999999999999 read "1000".
            let written = Format.printable(text.trimmingCharacters(in: .whitespacesAndNewlines), limit: 40)
            throw builder.error(line, "heart rate \(written) is outside \(HeartRateMeasured.plausibleRangeDescription)")
        }
        return Int(value)
    }

    /// A cadence; nil for 0 or more than the extensions allow (254), which is no reading rather than a bad file.
    func cadence(_ text: String, _ name: String, line: Int, builder: ActivityBuilder) throws -> Int? {
        let value = try number(text, name, line: line, builder: builder)
        return value > 0 && value < 255 ? Int(value.rounded()) : nil
    }

    /// A recorder's speed in m/s; nil when negative or over 100 m/s, which no workout reaches.
    func speed(_ text: String, _ name: String, line: Int, builder: ActivityBuilder) throws -> Double? {
        let value = try number(text, name, line: line, builder: builder)
        return value >= 0 && value <= 100 ? value : nil
    }

    func time(_ text: String, _ name: String, line: Int, builder: ActivityBuilder) throws -> Date {
        guard let date = XMLDateTime.parse(text) else {
            throw builder.error(line, "<\(name)> \"\(text.prefix(40))\" is not a time such as 2026-11-22T07:00:00Z")
        }
        return date
    }
}
