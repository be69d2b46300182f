import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The SVG oracle: the text parses as XML (libxml2, through Foundation's `XMLParser`) and holds
/// only the elements the timeline writer means to write.
enum SVGCheck {
    /// The elements `TraceTimeline.svg` writes.
    static let elements: Set<String> = ["svg", "style", "text", "line", "rect", "g", "title", "path"]

    private final class Collector: NSObject, XMLParserDelegate {
        var names: [String] = []
        var error: String?
        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            names.append(elementName)
        }
        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            error = "line \(parser.lineNumber), column \(parser.columnNumber): \(parseError)"
        }
    }

    /// What is wrong with `svg` (empty when it is well-formed and holds only known elements).
    /// `fromGraphviz`: an archive's picture, drawn by Graphviz (ellipses, polygons and the rest of
    /// its vocabulary), so only well-formedness, the root and the characters are checked.
    static func problems(_ svg: String, fromGraphviz: Bool = false) -> [String] {
        let collector = Collector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector
        var problems: [String] = []
        if !parser.parse() { problems.append("not well-formed XML: \(collector.error ?? "?")") }
        if collector.names.first != "svg" { problems.append("the root is not <svg>: \(collector.names.prefix(1))") }
        let unexpected = fromGraphviz ? [] : Set(collector.names).subtracting(elements)
        if !unexpected.isEmpty { problems.append("unexpected elements: \(unexpected.sorted())") }
        // Characters XML 1.0 forbids or discourages never reach the file (libxml2 accepts some).
        for scalar in svg.unicodeScalars {
            let value = scalar.value
            let control = value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D
            let nonCharacter = (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
            if control || nonCharacter || (0x7F...0x9F).contains(value) {
                problems.append(String(format: "U+%04X in the SVG", value))
                break
            }
        }
        return problems
    }
}
