import HubCore

/// An SVG picture built up as text: shapes and labels with their attributes escaped.
///
/// Text is set in a monospaced font, every character `characterWidth` ems wide: a chart cannot measure its labels
/// in the viewer's font, so it lays them out by this width, and with a monospaced font that is the width drawn
/// (DejaVu Sans Mono, Menlo, Liberation Mono and Courier are all 0.6 em; Consolas is narrower). A proportional
/// font would make every layout a guess that some viewer's font proves wrong.
public struct SVGDocument: Sendable {
    /// The advance of one character, in ems, of the monospaced fonts the document names.
    public static let characterWidth = 0.6
    /// The fonts, the first that the viewer has is used.
    public static let fontFamily = "DejaVu Sans Mono, Menlo, Liberation Mono, Courier New, monospace"

    public let width: Double
    public let height: Double
    private var body: [String] = []

    public init(width: Double, height: Double) {
        (self.width, self.height) = (width, height)
        rect(x: 0, y: 0, width: width, height: height, fill: "#ffffff")
    }

    /// The whole document, ready to write to a `.svg` file.
    public var text: String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" \
        viewBox="0 0 \(n(width)) \(n(height))" font-family="\(Self.fontFamily)">
        \(body.joined(separator: "\n"))
        </svg>

        """
    }

    public mutating func rect(
        x: Double, y: Double, width: Double, height: Double, fill: String, opacity: Double = 1, radius: Double = 0
    ) {
        body.append(
            "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(max(0, width)))\" height=\"\(n(max(0, height)))\" "
                + "fill=\"\(fill)\"" + (opacity < 1 ? " fill-opacity=\"\(n(opacity))\"" : "")
                + (radius > 0 ? " rx=\"\(n(radius))\"" : "") + "/>")
    }

    public mutating func line(
        x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double = 1, dashed: Bool = false
    ) {
        body.append(
            "<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke=\"\(stroke)\" "
                + "stroke-width=\"\(n(width))\"" + (dashed ? " stroke-dasharray=\"3 3\"" : "") + "/>")
    }

    /// An open line through `points`.
    public mutating func polyline(_ points: [(Double, Double)], stroke: String, width: Double = 1.5) {
        guard points.count > 1 else {
            if let (x, y) = points.first { circle(x: x, y: y, radius: width, fill: stroke) }
            return
        }
        body.append(
            "<polyline points=\"\(points.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " "))\" fill=\"none\" "
                + "stroke=\"\(stroke)\" stroke-width=\"\(n(width))\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>"
        )
    }

    /// A closed, filled shape through `points`.
    public mutating func polygon(_ points: [(Double, Double)], fill: String, opacity: Double = 1) {
        guard points.count > 2 else { return }
        body.append(
            "<polygon points=\"\(points.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " "))\" fill=\"\(fill)\""
                + (opacity < 1 ? " fill-opacity=\"\(n(opacity))\"" : "") + "/>")
    }

    public mutating func circle(x: Double, y: Double, radius: Double, fill: String) {
        body.append("<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(radius))\" fill=\"\(fill)\"/>")
    }

    /// Text at (x, y), its baseline at y; `anchor` is start, middle or end.
    public mutating func text(
        _ content: String, x: Double, y: Double, size: Double = 12, anchor: String = "start", fill: String = "#333333",
        bold: Bool = false
    ) {
        body.append(
            "<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\" text-anchor=\"\(anchor)\" fill=\"\(fill)\""
                + (bold ? " font-weight=\"bold\"" : "") + ">\(Self.escape(content))</text>")
    }

    /// How wide `text` is drawn at font size `size`.
    public static func textWidth(_ text: String, size: Double) -> Double {
        Double(text.count) * characterWidth * size
    }

    /// `size`, or smaller so that `text` is no wider than `width`.
    public static func fittingSize(_ text: String, size: Double, width: Double) -> Double {
        // Tenths, rounded down: the document writes sizes with one decimal, and rounding up could overflow.
        min(size, (max(1, width) / (Double(max(text.count, 1)) * characterWidth) * 10).rounded(.down) / 10)
    }

    /// Text with `&`, `<`, `>` and quotes escaped, and control characters (not allowed in XML) left out.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { continue }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private func n(_ value: Double) -> String { Format.fixed(value.isFinite ? value : 0, decimals: 1) }
}
