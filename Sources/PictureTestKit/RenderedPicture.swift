import BlueZTestKit
import Foundation

/// An SVG picture as a person sees it: rendered to PNG by `rsvg-convert`, and each label's ink measured.
///
/// The labels are measured by drawing them alone, each in its own colour, with `rsvg-convert -f svg`: cairo writes
/// every label's glyphs as one outline path in that colour, and the path's points bound its ink. So the boxes are
/// the renderer's own (its font, its anchoring), not an estimate, and no PNG has to be decoded. `problems` then
/// lists what a reader would find wrong: labels that touch, labels off the picture, labels wider than the layout
/// planned for (a chart lays labels out by the width of a 0.6-em monospaced font), and a renderer that failed.
///
/// ```swift
/// let picture = try await RenderedPicture(svg: PeriodBars.svg(report, units: .metric, width: 480))
/// #expect(picture.problems.isEmpty, "\(picture.problems)")
/// ```
public struct RenderedPicture: Sendable {
    /// The labels, in document order, each with its ink measured.
    public let texts: [TextBox]
    /// The PNG's size in bytes (0 when rendering failed).
    public let pngBytes: Int
    /// What is wrong with the picture, in words; empty when nothing is.
    public let problems: [String]

    /// Gap in pixels that two labels' ink must keep, so that they read as two.
    public static let gap = 1.0
    /// The character width, in ems, that the pictures' layout assumes.
    public static let characterWidth = 0.6

    /// Renders `svg`, measures its labels and checks them; `keepingPNGAt` keeps a copy of the PNG to look at.
    public init(svg: String, keepingPNGAt copy: String? = nil) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stayfit-picture-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = { (name: String) in directory.appendingPathComponent(name).path }
        var problems: [String] = []
        guard let (elements, root) = TextBox.elements(of: svg) else {
            (texts, pngBytes, self.problems) = ([], 0, ["the SVG is not well-formed XML"])
            return
        }
        try svg.write(toFile: path("picture.svg"), atomically: true, encoding: .utf8)
        let complaint = try await Self.rsvgConvert(
            ["-o", path("picture.png"), path("picture.svg")], log: path("png.log"))
        let png = (try? Data(contentsOf: URL(fileURLWithPath: path("picture.png")))) ?? Data()
        if let complaint { problems.append("rsvg-convert could not render it to PNG: \(complaint)") }
        if !png.starts(with: [0x89, 0x50, 0x4E, 0x47]) { problems.append("rsvg-convert wrote no PNG") }
        if let copy { try? png.write(to: URL(fileURLWithPath: copy)) }
        pngBytes = png.count

        try Self.labelsAlone(elements, root: root).write(toFile: path("labels.svg"), atomically: true, encoding: .utf8)
        if let complaint = try await Self.rsvgConvert(
            ["-f", "svg", "-o", path("outlines.svg"), path("labels.svg")], log: path("outlines.log"))
        {
            problems.append("rsvg-convert could not outline the labels: \(complaint)")
        }
        let outlines = (try? String(contentsOfFile: path("outlines.svg"), encoding: .utf8)) ?? ""
        var texts = elements
        for (index, ink) in Self.inkByColour(outlines, problems: &problems) where texts.indices.contains(index) {
            texts[index].ink = ink
        }
        self.texts = texts
        let width = Double(root["width"] ?? "") ?? 0, height = Double(root["height"] ?? "") ?? 0
        for text in texts {
            if !text.unmeasuredAttributes.isEmpty {
                problems.append("\(text) has \(text.unmeasuredAttributes), which the measurement does not copy")
            }
            guard let ink = text.ink else {
                if !text.content.allSatisfy(\.isWhitespace) { problems.append("\(text) was not drawn") }
                continue
            }
            if ink.minX < 0 || ink.minY < 0 || ink.maxX > width || ink.maxY > height {
                problems.append("\(text) runs off the \(width) × \(height) picture")
            }
            // Glyphs may reach a little past their advance (an italic or a wide "W"), never a character's width.
            let planned = text.expectedExtent(characterWidth: Self.characterWidth)
            let slack = 1 + 0.15 * text.fontSize
            if ink.minX < planned.lowerBound - slack || ink.maxX > planned.upperBound + slack {
                problems.append(
                    "\(text) is wider than its \(Int(planned.upperBound - planned.lowerBound)) px "
                        + "(\(Self.characterWidth) em a character): the renderer did not use a monospaced font")
            }
        }
        let inked = texts.compactMap { text in text.ink.map { (text, $0) } }
        for (i, first) in inked.enumerated() {
            for second in inked[(i + 1)...] where first.1.meets(second.1, margin: Self.gap / 2) {
                problems.append("\(first.0) overlaps \(second.0)")
            }
        }
        self.problems = problems
    }

    /// Runs rsvg-convert; nil when it succeeded quietly, else what went wrong.
    static func rsvgConvert(_ arguments: [String], log: String) async throws -> String? {
        let child = try ChildProcess.spawn("/usr/bin/rsvg-convert", arguments, stderrPath: log)
        guard let status = try await child.exitCode(within: TestDeadline.hang) else {
            child.stop()
            return "still running after 60 s"
        }
        let complaints = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return status == 0 && complaints.isEmpty ? nil : "exit status \(status): \(complaints)"
    }

    /// The labels alone at their places, label n coloured #RRGGBB = n + 1, so that its outline can be told apart.
    static func labelsAlone(_ texts: [TextBox], root: [String: String]) -> String {
        let keep = ["width", "height", "viewBox", "font-family"]
        let attributes = keep.compactMap { name in root[name].map { "\(name)=\"\(escape($0))\"" } }
        var lines = ["<svg xmlns=\"http://www.w3.org/2000/svg\" \(attributes.joined(separator: " "))>"]
        for (index, text) in texts.enumerated() {
            let colour = String(index + 1, radix: 16)
            lines.append(
                "<text x=\"\(text.x)\" y=\"\(text.y)\" font-size=\"\(text.fontSize)\" text-anchor=\"\(text.anchor)\" "
                    + (text.fontWeight.map { "font-weight=\"\(escape($0))\" " } ?? "")
                    + "fill=\"#\(String(repeating: "0", count: max(0, 6 - colour.count)) + colour)\">"
                    + "\(escape(text.content))</text>")
        }
        return lines.joined(separator: "\n") + "\n</svg>\n"
    }

    /// Each label's ink box, by index, from cairo's outlines: `<path style="…fill:rgb(r%,g%,b%)…" d="M … C … Z"/>`.
    static func inkByColour(_ outlines: String, problems: inout [String]) -> [Int: TextBox.Rectangle] {
        var boxes: [Int: TextBox.Rectangle] = [:]
        let pattern = /fill:rgb\(([0-9.]+)%,([0-9.]+)%,([0-9.]+)%\)[^"]*" d="([^"]*)"/
        for match in outlines.matches(of: pattern) {
            let bytes = [match.1, match.2, match.3].map { Int(((Double($0) ?? 0) * 2.55).rounded()) }
            let index = (bytes[0] << 16 | bytes[1] << 8 | bytes[2]) - 1
            var numbers: [Double] = []
            for token in match.4.split(separator: " ") {
                if let number = Double(token) {
                    numbers.append(number)
                } else if !["M", "L", "C", "Z"].contains(token) {
                    problems.append("the outline of label \(index) has \"\(token)\", which this reader does not know")
                }
            }
            let xs = stride(from: 0, to: numbers.count - 1, by: 2).map { numbers[$0] }
            let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
            guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { continue }
            var box = TextBox.Rectangle(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
            if let known = boxes[index] {
                box = .init(
                    minX: min(box.minX, known.minX), minY: min(box.minY, known.minY), maxX: max(box.maxX, known.maxX),
                    maxY: max(box.maxY, known.maxY))
            }
            boxes[index] = box
        }
        return boxes
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
