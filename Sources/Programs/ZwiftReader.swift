import Foundation
import HubCore
import Records

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads a `.zwo` file with `XMLParser`, building the steps as their elements come; the first mistake stops the
/// parser and is thrown with its line. See ``Program/init(zwift:file:)`` for what each element becomes.
final class ZwiftReader: NSObject, XMLParserDelegate {
    private let file: String
    private var error: ProgramError?
    /// The open elements, lower case.
    private var open: [String] = []
    private var text = ""
    private var name: String?
    private var instructions: String?
    private var sportType: String?
    private var steps: [ProgramStep] = []
    private var expandedSteps = 0
    private var sawRoot = false

    /// The step elements read, as Zwift spells them.
    static let elements = ["SteadyState", "Warmup", "Cooldown", "Ramp", "IntervalsT", "FreeRide", "MaxEffort"]

    /// How deep elements may nest: a workout goes 4 deep; this leaves room for what other editors add.
    static let deepest = 8

    init(file: String) { self.file = file }

    func read(_ data: Data) throws(ProgramError) -> Program {
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = self
        let parsed = parser.parse()
        if let error { throw error }
        // FoundationXML's parser may finish a document whose tags do not match and report it only here.
        guard parsed, parser.parserError == nil else {
            throw ProgramError(
                kind: .syntax, file: file, line: parser.lineNumber, step: nil, key: nil,
                problem: "not valid XML (\(parser.parserError.map(Self.reason) ?? "the parser stopped"))",
                fix: "Fix the XML, or export the workout from Zwift again.")
        }
        guard sawRoot else {
            throw failure(.missing, line: nil, problem: "the file has no <workout_file>", fix: Self.notZwift)
        }
        guard let name, !name.isEmpty else {
            throw failure(.missing, line: nil, problem: "the workout has no <name>", fix: "Add <name>…</name>.")
        }
        guard name.count <= Program.Limits.longestName else {
            throw failure(
                .tooLarge, line: nil,
                problem: "the name is \(Format.counted(name.count, "character")) long (\(ProgramText.quoted(name)))",
                fix: "Shorten it to at most \(Format.counted(Program.Limits.longestName, "character")).")
        }
        guard !steps.isEmpty else {
            throw failure(
                .missing, line: nil, problem: "the workout has no steps",
                fix: "Add steps inside <workout>, e.g. <SteadyState Duration=\"300\" Power=\"0.75\"/>.")
        }
        let kind: WorkoutKind
        switch sportType?.lowercased() {
        case nil, "", "bike": kind = .ride
        case "run": kind = .run
        case let other?:
            throw failure(
                .unsupported, line: nil, problem: "sportType \(ProgramText.quoted(other)) is neither bike nor run",
                fix: "Write <sportType>bike</sportType> or <sportType>run</sportType>.")
        }
        return Program(
            name: name, kind: kind, instructions: instructions.flatMap { $0.isEmpty ? nil : $0 }, steps: steps)
    }

    /// The parser's error in words: FoundationXML describes each only by its number, which is libxml2's
    /// (`xmlParserErrors`, as Apple's `XMLParser.ErrorCode` numbers them; swift-corelibs-foundation's enum does not).
    private static func reason(_ error: any Error) -> String {
        let code = (error as NSError).code
        switch code {
        case 4: return "the file is empty"
        case 5: return "the file ends inside an element"
        case 26: return "an entity (&name;) that is not one of XML's own"
        case 38, 73: return "a tag is missing its < or >"
        case 39, 41, 42: return "an attribute is not written name=\"value\", or is written twice"
        case 76: return "an end tag does not match the element it closes"
        case 85: return "the elements do not close in the order they open"
        default: return "XML parser error \(code)"
        }
    }

    private static let notZwift = "Check that this is a Zwift workout: its root element is <workout_file>."

    // MARK: - XMLParserDelegate

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let element = elementName.lowercased()
        let attributes = ZwiftAttributes(attributes, element: elementName, file: file, line: parser.lineNumber)
        do throws(ProgramError) {
            // A workout goes 4 deep (workout_file, workout, a step, its textevent): deeper is no workout, and
            // is stopped before the list of open elements grows with it.
            guard open.count < Self.deepest else {
                throw failure(
                    .tooDeep, line: parser.lineNumber,
                    problem: "elements nested more than \(Self.deepest) deep, where a Zwift workout goes 4",
                    fix: Self.notZwift)
            }
            switch open.count {
            case 0:
                guard element == "workout_file" else {
                    throw failure(
                        .unsupported, line: parser.lineNumber,
                        problem: "the root element is <\(ProgramText.printable(elementName))>", fix: Self.notZwift)
                }
                sawRoot = true
            case 2 where open.last == "workout":
                try startStep(element: element, attributes: attributes)
            case 3 where open[1] == "workout" && element == "textevent":
                try addMessage(attributes)
            default:
                break
            }
        } catch {
            if self.error == nil { self.error = error }
            parser.abortParsing()
        }
        open.append(element)
        text = ""
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard error == nil else { return }
        error = ProgramError(
            kind: .syntax, file: file, line: parser.lineNumber, step: nil, key: nil,
            problem: "not valid XML (\(Self.reason(parseError)))",
            fix: "Fix the XML, or export the workout from Zwift again.")
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        // Only the program's own texts are kept, and no more of them than a file holds.
        guard open.count == 2, ["name", "description", "sporttype"].contains(open[1]) else { return }
        text += string
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
        if open.count == 2 {
            let value = ZwiftAttributes.cleaned(text).trimmingCharacters(in: .whitespacesAndNewlines)
            switch open[1] {
            case "name": name = value.replacingOccurrences(of: "\n", with: " ")
            case "description": instructions = value
            case "sporttype": sportType = value
            default: break
            }
        }
        if !open.isEmpty { open.removeLast() }
        text = ""
    }

    // MARK: - Steps

    private func startStep(element: String, attributes: ZwiftAttributes) throws(ProgramError) {
        let line = attributes.line
        let label = "\(steps.count + 1)"
        let attributes = attributes.labelled(label)
        let shape: (name: String, role: Interval.Role, intensity: Target.Intensity?)
        switch element {
        case "steadystate":
            let power = try attributes.percent("Power")
            shape = ("Steady", .work, .ftp(percent: power))
        case "warmup", "cooldown", "ramp":
            let from = try attributes.percent("PowerLow"), to = try attributes.percent("PowerHigh")
            let intensity: Target.Intensity =
                from == to ? .ftp(percent: from) : .ftpRamp(fromPercent: from, toPercent: to)
            switch element {
            case "warmup": shape = ("Warm-up", .warmUp, intensity)
            case "cooldown": shape = ("Cool-down", .coolDown, intensity)
            default: shape = ("Ramp", .work, intensity)
            }
        case "freeride":
            shape = ("Free ride", .work, nil)
        case "maxeffort":
            shape = ("Max effort", .work, .maxEffort)
        case "intervalst":
            let count = try attributes.whole("Repeat", in: 1...Program.Limits.mostRepeats)
            let onPower = try attributes.percent("OnPower"), offPower = try attributes.percent("OffPower")
            let on = Interval(
                name: "Work", role: .work, length: .time(try attributes.duration("OnDuration")),
                target: try target(.ftp(percent: onPower), attributes, "Cadence"))
            let off = Interval(
                name: "Recover", role: .recover, length: .time(try attributes.duration("OffDuration")),
                target: try target(.ftp(percent: offPower), attributes, "CadenceResting"))
            try addSteps(2 * count, line: line, label: label)
            steps.append(.repeat(count: count, steps: [.interval(on), .interval(off)]))
            return
        default:
            throw ProgramError(
                kind: .unsupported, file: file, line: line, step: label, key: nil,
                problem: "<\(ProgramText.printable(attributes.element))> is not a Zwift step this hub reads",
                fix: "Use the steps it reads: \(Self.elements.joined(separator: ", ")).")
        }
        let time = try attributes.duration("Duration")
        let target = try target(shape.intensity, attributes, "Cadence")
        try addSteps(1, line: line, label: label)
        steps.append(
            .interval(Interval(name: shape.name, role: shape.role, length: .time(time), target: target)))
    }

    /// The intensity with the cadence in `cadenceKey`, if any; nil when there is neither.
    private func target(_ intensity: Target.Intensity?, _ attributes: ZwiftAttributes, _ cadenceKey: String)
        throws(ProgramError) -> Target?
    {
        let cadence = try attributes.optionalWhole(cadenceKey, in: 1...250)
        let target = Target(intensity: intensity, cadencePerMinute: cadence)
        return target == Target() ? nil : target
    }

    private func addMessage(_ attributes: ZwiftAttributes) throws(ProgramError) {
        let offset = try attributes.offset("timeoffset")
        let message = ZwiftAttributes.cleaned(attributes.string("message") ?? "")
        guard !message.isEmpty, var step = steps.popLast() else { return }
        defer { steps.append(step) }
        switch step {
        case .interval(var interval):
            interval.messages.append(Interval.Message(offset: offset, text: message))
            step = .interval(interval)
        case .repeat(let count, var inner):
            if case .interval(var first)? = inner.first {
                first.messages.append(Interval.Message(offset: offset, text: message))
                inner[0] = .interval(first)
            }
            step = .repeat(count: count, steps: inner)
        case .exercise:
            break
        }
    }

    private func addSteps(_ added: Int, line: Int, label: String) throws(ProgramError) {
        expandedSteps += added
        guard expandedSteps <= Program.Limits.mostSteps else {
            throw ProgramError(
                kind: .tooLarge, file: file, line: line, step: label, key: nil,
                problem:
                    "the workout has more than \(Format.counted(Program.Limits.mostSteps, "step")) by here, with repeats written out",
                fix: "Make it shorter, or split it into workouts of their own.")
        }
    }

    private func failure(_ kind: ProgramError.Kind, line: Int?, problem: String, fix: String) -> ProgramError {
        ProgramError(kind: kind, file: file, line: line, step: nil, key: nil, problem: problem, fix: fix)
    }
}
