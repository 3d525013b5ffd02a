import Foundation
import FoundationXML

/// One `<text>` of an SVG picture: what it says, where the document puts it, and the box its ink covers when a
/// real renderer draws it.
public struct TextBox: Sendable, CustomStringConvertible {
    /// A rectangle in the picture's coordinates, y downwards.
    public struct Rectangle: Sendable, Equatable {
        public var minX, minY, maxX, maxY: Double

        /// Whether the two share any point once each is grown by `margin` on every side.
        public func meets(_ other: Rectangle, margin: Double) -> Bool {
            minX - margin < other.maxX + margin && other.minX - margin < maxX + margin
                && minY - margin < other.maxY + margin && other.minY - margin < maxY + margin
        }
    }

    public var content: String
    public var x: Double
    public var y: Double
    public var fontSize: Double
    /// `start`, `middle` or `end`.
    public var anchor: String
    /// `bold`, or nil for the normal weight.
    public var fontWeight: String?
    /// Attributes the measurement does not copy (a transform would move the text); they make the check fail.
    public var unmeasuredAttributes: [String]
    /// The ink's bounds as rendered; nil until measured, and for text without ink (spaces).
    public var ink: Rectangle?

    /// The horizontal extent the layout expects: characters × `characterWidth` × font size, placed by the anchor.
    public func expectedExtent(characterWidth: Double) -> ClosedRange<Double> {
        let width = Double(content.count) * characterWidth * fontSize
        let start =
            switch anchor {
            case "middle": x - width / 2
            case "end": x - width
            default: x
            }
        return start...(start + width)
    }

    public var description: String {
        let box = ink.map { "ink \(Int($0.minX))…\(Int($0.maxX)) × \(Int($0.minY))…\(Int($0.maxY))" } ?? "no ink"
        return "\"\(content)\" at (\(x), \(y)) size \(fontSize) \(anchor), \(box)"
    }

    /// The `<text>` elements of `svg` in document order, and the root's attributes; nil when it is not well-formed.
    public static func elements(of svg: String) -> (texts: [TextBox], root: [String: String])? {
        let reader = TextReader()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        guard parser.parse() else { return nil }
        return (reader.texts, reader.root)
    }
}

/// Collects the `<text>` elements and the root's attributes for `TextBox.elements(of:)`.
private final class TextReader: NSObject, XMLParserDelegate {
    static let measured: Set<String> = ["x", "y", "font-size", "text-anchor", "font-weight", "fill"]
    var texts: [TextBox] = []
    var root: [String: String] = [:]
    private var current: TextBox?

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if name == "svg", root.isEmpty { root = attributes }
        guard name == "text" else {
            if current != nil { current?.unmeasuredAttributes.append("<\(name)> inside <text>") }
            return
        }
        current = TextBox(
            content: "", x: Double(attributes["x"] ?? "") ?? 0, y: Double(attributes["y"] ?? "") ?? 0,
            fontSize: Double(attributes["font-size"] ?? "") ?? 16, anchor: attributes["text-anchor"] ?? "start",
            fontWeight: attributes["font-weight"],
            unmeasuredAttributes: attributes.keys.filter { !Self.measured.contains($0) }.sorted(), ink: nil)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { current?.content += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard name == "text", let text = current else { return }
        texts.append(text)
        current = nil
    }
}
