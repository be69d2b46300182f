import AttrGraphArchive
import Foundation

extension RenderNode {
    /// The laid-out render tree as an SVG document of `size` points, drawn in the order views
    /// paint (a `.background` before its content):
    ///
    /// - a white page the window's size;
    /// - texts as `<text>`, a line each (wrapped as the layout wrapped them), baseline 12 points
    ///   below the line's top, in their `foregroundColor` / `foregroundStyle` (black otherwise);
    /// - shapes as `<path d="…">` with their laid-out path (`M`, `L`, `Q`, `C`, `Z`, window
    ///   coordinates): filled with their `fill` (else the foreground colour), or — stroked and not
    ///   filled — outlined with their `stroke` colour and width (`fill-rule="evenodd"` for
    ///   `fill(_:style:)` with `eoFill`);
    /// - colours used as views as filled `<rect>`s, dividers as `<line>`s;
    /// - paddings, frames, buttons and containers as outlined `<rect>`s (the boxes of
    ///   ``boxDrawing(of:size:)``; stacks, spacers, backgrounds and overlays get none), with their `background` colour filled behind them and their
    ///   `overlay` colour in front; `opacity` wraps a node in a `<g opacity>`, and
    ///   `.clipShape(_:)` / `.clipped()` in a `<g clip-path>` of its laid-out clip path. Hidden nodes
    ///   (`hidden()`) and nodes without a frame are left out.
    ///
    /// The output is deterministic: numbers with at most two decimals and no trailing zeros,
    /// attributes in a fixed order, and text escaped for XML as agdump's pictures are
    /// (`XMLText`: `&`, `<`, `>`, `"`, `'`; control characters as their control pictures). Named colours are SwiftUI's
    /// light-mode system colours; a colour that is not known is drawn grey (`#8E8E93`).
    public static func svg(of nodes: [RenderNode], size: CGSize) -> String {
        var writer = SVGWriter()
        let (width, height) = (SVGWriter.number(size.width), SVGWriter.number(size.height))
        writer.lines.append(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        writer.lines.append(
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" viewBox="0 0 \#(width) \#(height)" font-family="monospace" font-size="13">"#)
        writer.lines.append(##"<rect x="0" y="0" width="\##(width)" height="\##(height)" fill="#FFFFFF"/>"##)
        for node in nodes { writer.draw(node, parentFrame: nil) }
        writer.lines.append("</svg>")
        return writer.lines.joined(separator: "\n") + "\n"
    }
}

/// Writes SVG elements for render nodes, one element a line.
struct SVGWriter {
    var lines: [String] = []
    /// Clip paths written so far (they are numbered `clip1`, `clip2`… in document order).
    var clips = 0

    mutating func draw(_ node: RenderNode, parentFrame: CGRect?) {
        guard let frame = node.frame, node.attributes["hidden"] == nil else { return }
        if let clip = node.clipPath {
            clips += 1
            lines.append(#"<clipPath id="clip\#(clips)"><path d="\#(Self.pathData(clip.offsetBy(dx: frame.minX, dy: frame.minY)))"/></clipPath>"#)
            lines.append(#"<g clip-path="url(#clip\#(clips))">"#)
        }
        let opacity = node.attributes["opacity"].flatMap(Double.init)
        if let opacity { lines.append(#"<g opacity="\#(Self.number(CGFloat(opacity)))">"#) }
        if let background = node.attributes["background"] { rect(frame, fill: background) }
        switch node.kind {
        case .text(let string):
            let color = Self.color(node.foreground ?? "primary")
            for (index, line) in TextMetrics.lines(of: string, width: frame.width).enumerated() {
                let y = frame.minY + CGFloat(index) * TextMetrics.lineHeight + 12
                lines.append(
                    #"<text x="\#(Self.number(frame.minX))" y="\#(Self.number(y))" fill="\#(color.value)"\#(color.opacityAttribute("fill-opacity")) xml:space="preserve">\#(XMLText.escaped(String(line)))</text>"#)
            }
        case .shape(let name):
            if let drawing = node.drawing {
                canvas(drawing, at: frame.origin)
            } else if let path = node.path {
                shape(path.offsetBy(dx: frame.minX, dy: frame.minY), attributes: node.attributes)
            } else if name.hasPrefix("Color ") {
                rect(frame, fill: String(name.dropFirst("Color ".count)))
            } else {
                outline(frame)
            }
        case .divider:
            let (start, end) = frame.width >= frame.height
                ? (CGPoint(x: frame.minX, y: frame.midY), CGPoint(x: frame.maxX, y: frame.midY))
                : (CGPoint(x: frame.midX, y: frame.minY), CGPoint(x: frame.midX, y: frame.maxY))
            lines.append(
                ##"<line x1="\##(Self.number(start.x))" y1="\##(Self.number(start.y))" x2="\##(Self.number(end.x))" y2="\##(Self.number(end.y))" stroke="#C6C6C8" stroke-width="1"/>"##)
        case .vstack, .hstack, .zstack, .spacer, .decorated:
            // They only arrange (or layer) their children.
            break
        default:
            if frame != parentFrame, frame.width > 0, frame.height > 0 { outline(frame) }
        }
        var children = node.children
        if case .decorated(background: true, _) = node.kind, children.count > 1 {
            // The decorations are painted first, behind the content.
            children = Array(children.dropFirst()) + [children[0]]
        }
        for child in children { draw(child, parentFrame: frame) }
        if let overlay = node.attributes["overlay"] { rect(frame, fill: overlay) }
        if opacity != nil { lines.append("</g>") }
        if node.clipPath != nil { lines.append("</g>") }
    }

    /// What a canvas drew: its fills and strokes as paths in their shading's color (a gradient
    /// or another shading in the primary color), its text as text; images and symbols as their
    /// outlines. Clips, filters and blend modes are not drawn.
    private mutating func canvas(_ operations: [CanvasOperation], at origin: CGPoint) {
        for operation in operations {
            let opacity = operation.opacity < 1 ? #" opacity="\#(Self.number(CGFloat(operation.opacity)))""# : ""
            switch operation.kind {
            case .fill(let path, let shading, let style):
                let color = Self.color(Self.shadingColor(shading))
                let rule = style.isEOFilled ? #" fill-rule="evenodd""# : ""
                lines.append(
                    #"<path d="\#(Self.pathData(path.offsetBy(dx: origin.x, dy: origin.y)))" fill="\#(color.value)"\#(color.opacityAttribute("fill-opacity"))\#(rule)\#(opacity)/>"#)
            case .stroke(let path, let shading, let style):
                let color = Self.color(Self.shadingColor(shading))
                lines.append(
                    #"<path d="\#(Self.pathData(path.offsetBy(dx: origin.x, dy: origin.y)))" fill="none" stroke="\#(color.value)"\#(color.opacityAttribute("stroke-opacity")) stroke-width="\#(Self.number(style.lineWidth))"\#(opacity)/>"#)
            case .text(let string, let rect):
                lines.append(
                    #"<text x="\#(Self.number(origin.x + rect.minX))" y="\#(Self.number(origin.y + rect.minY + 12))" fill="\#(Self.color("primary").value)" xml:space="preserve">\#(XMLText.escaped(string))</text>"#)
            case .image(_, let rect), .symbol(_, let rect):
                outline(rect.offsetBy(dx: origin.x, dy: origin.y))
            case .layer(let content):
                canvas(content, at: origin)
            }
        }
    }

    /// The color a shading paints with: `color(red)` and `style(red)` their color, others primary.
    private static func shadingColor(_ shading: GraphicsContext.Shading) -> String {
        for prefix in ["color(", "style("] where shading.description.hasPrefix(prefix) && shading.description.hasSuffix(")") {
            return String(shading.description.dropFirst(prefix.count).dropLast())
        }
        return "primary"
    }

    /// A filled rectangle.
    private mutating func rect(_ frame: CGRect, fill style: String) {
        let color = Self.color(style)
        lines.append(#"<rect \#(Self.geometry(frame)) fill="\#(color.value)"\#(color.opacityAttribute("fill-opacity"))/>"#)
    }

    /// A frame's outline.
    private mutating func outline(_ frame: CGRect) {
        lines.append(##"<rect \##(Self.geometry(frame)) fill="none" stroke="#C7C7CC" stroke-width="1"/>"##)
    }

    /// A shape's path, filled or stroked as its attributes say.
    private mutating func shape(_ path: Path, attributes: [String: String]) {
        let foreground = attributes["foregroundColor"] ?? attributes["foregroundStyle"] ?? "primary"
        var attributes = attributes
        var rule = ""
        if let fill = attributes["fill"], fill.hasSuffix(" evenOdd") {
            attributes["fill"] = String(fill.dropLast(" evenOdd".count))
            rule = #" fill-rule="evenodd""#
        }
        var paint = ""
        if let stroke = attributes["stroke"] {
            // `STYLE WIDTH`: the width is the last word.
            var words = stroke.split(separator: " ").map(String.init)
            let width = words.count > 1 ? Double(words.removeLast()) ?? 1 : 1
            let style = words.joined(separator: " ")
            let color = Self.color(style == "foreground" ? foreground : style)
            let fill = attributes["fill"].map(Self.color)
            paint = #" fill="\#(fill?.value ?? "none")"\#(fill?.opacityAttribute("fill-opacity") ?? "")"#
                + #" stroke="\#(color.value)"\#(color.opacityAttribute("stroke-opacity")) stroke-width="\#(Self.number(CGFloat(width)))""#
        } else {
            let color = Self.color(attributes["fill"] ?? foreground)
            paint = #" fill="\#(color.value)"\#(color.opacityAttribute("fill-opacity"))"#
        }
        lines.append(#"<path d="\#(Self.pathData(path))"\#(paint)\#(rule)/>"#)
    }

    private static func geometry(_ frame: CGRect) -> String {
        #"x="\#(number(frame.minX))" y="\#(number(frame.minY))" width="\#(number(frame.width))" height="\#(number(frame.height))""#
    }

    /// The path as SVG path data: `M x y`, `L x y`, `Q cx cy x y`, `C c1x c1y c2x c2y x y`, `Z`.
    static func pathData(_ path: Path) -> String {
        var parts: [String] = []
        func point(_ point: CGPoint) -> String { "\(number(point.x)) \(number(point.y))" }
        path.forEach { element in
            switch element {
            case .move(let to): parts.append("M\(point(to))")
            case .line(let to): parts.append("L\(point(to))")
            case .quadCurve(let to, let control): parts.append("Q\(point(control)) \(point(to))")
            case .curve(let to, let control1, let control2): parts.append("C\(point(control1)) \(point(control2)) \(point(to))")
            case .closeSubpath: parts.append("Z")
            }
        }
        return parts.joined(separator: " ")
    }

    /// A number as SVG takes it: at most two decimals, no trailing zeros, 0 for what is not finite.
    static func number(_ value: CGFloat) -> String {
        let value = Double(value)
        guard value.isFinite else { return "0" }
        let rounded = (value * 100).rounded() / 100
        return DeclarativeViews.number(rounded == 0 ? 0 : rounded)
    }

    /// An SVG colour and its opacity (when not 1).
    struct Paint {
        var value: String
        var opacity: Double?

        func opacityAttribute(_ name: String) -> String {
            opacity.map { #" \#(name)="\#(SVGWriter.number(CGFloat($0)))""# } ?? ""
        }
    }

    /// SwiftUI's light-mode system colours.
    static let namedColors: [String: String] = [
        "red": "#FF3B30", "orange": "#FF9500", "yellow": "#FFCC00", "green": "#34C759", "mint": "#00C7BE",
        "teal": "#30B0C7", "cyan": "#32ADE6", "blue": "#007AFF", "indigo": "#5856D6", "purple": "#AF52DE",
        "pink": "#FF2D55", "brown": "#A2845E", "gray": "#8E8E93", "black": "#000000", "white": "#FFFFFF",
        "primary": "#000000", "secondary": "#8A8A8E", "tertiary": "#C4C4C6", "quaternary": "#DCDCDD",
        "accentColor": "#007AFF", "tint": "#007AFF",
    ]

    /// The SVG paint of a recorded style (`red`, `rgba(1, 0, 0, 0.5)`, `white(0.5, 1)`,
    /// `blue opacity 0.5`, `clear`).
    static func color(_ style: String) -> Paint {
        if let range = style.range(of: " opacity ", options: .backwards), let factor = Double(style[range.upperBound...]) {
            var paint = color(String(style[..<range.lowerBound]))
            paint.opacity = min(max((paint.opacity ?? 1) * factor, 0), 1)
            return paint
        }
        if style == "clear" { return Paint(value: "none") }
        if let hex = namedColors[style] { return Paint(value: hex) }
        func components(_ prefix: String) -> [Double]? {
            guard style.hasPrefix(prefix + "("), style.hasSuffix(")") else { return nil }
            let numbers = style.dropFirst(prefix.count + 1).dropLast().split(separator: ",").map {
                Double($0.trimmingCharacters(in: .whitespaces))
            }
            return numbers.contains(where: { $0 == nil || !$0!.isFinite }) ? nil : numbers.map { $0! }
        }
        func hex(_ channels: [Double]) -> String {
            "#" + channels.map { String(format: "%02X", Int((min(max($0, 0), 1) * 255).rounded())) }.joined()
        }
        func opacity(_ value: Double) -> Double? { value >= 1 ? nil : max(value, 0) }
        if let rgba = components("rgba"), rgba.count == 4 {
            return Paint(value: hex(Array(rgba[0..<3])), opacity: opacity(rgba[3]))
        }
        if let white = components("white"), white.count == 2 {
            return Paint(value: hex([white[0], white[0], white[0]]), opacity: opacity(white[1]))
        }
        return Paint(value: "#8E8E93")
    }
}

extension RenderNode {
    /// The foreground colour recorded on the node, if any.
    var foreground: String? { attributes["foregroundColor"] ?? attributes["foregroundStyle"] }
}
