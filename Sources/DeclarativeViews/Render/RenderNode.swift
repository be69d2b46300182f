import Foundation

/// One node of a host's render tree: what the views produced, as plain values.
///
/// ``description`` is the stable, indented text rendering used by tests and terminals:
///
///     VStack spacing=8
///       Text "Count: 3"
///       Button "Increment"
public struct RenderNode: Equatable, Sendable, CustomStringConvertible {
    public var kind: Kind
    public var children: [RenderNode]
    /// Where the node was laid out, in window coordinates (points), or `nil` when it was not
    /// (a hidden tab's content, or a tree built without layout).
    public var frame: CGRect?
    /// Styling recorded by modifiers headless output cannot draw (`font`, `foregroundColor`,
    /// `accessibilityLabel`…): name → value (empty for flags such as `bold`).
    public var attributes: [String: String]
    /// A shape's outline once laid out: its `path(in:)` of the frame's bounds, so in the node's
    /// own coordinates (add ``frame``'s origin for the window's); `nil` for other nodes and for
    /// shapes not laid out.
    public var path: Path?
    /// What `.clipShape(_:)` (or `.clipped()`, a rectangle) clips the node to once laid out, in
    /// the node's own coordinates as ``path`` is; `nil` when nothing clips it.
    public var clipPath: Path?
    /// What a ``Canvas``'s renderer drew once laid out, in order, in the canvas's own coordinates
    /// (add ``frame``'s origin for the window's); `nil` for other nodes and canvases not laid out.
    public var drawing: [CanvasOperation]?

    public init(kind: Kind, children: [RenderNode] = [], frame: CGRect? = nil, attributes: [String: String] = [:]) {
        self.kind = kind
        self.children = children
        self.frame = frame
        self.attributes = attributes
    }

    /// What a node is.
    public enum Kind: Equatable, Sendable {
        case window(title: String?)
        case text(String)
        case vstack(alignment: HorizontalAlignment, spacing: Double?)
        case hstack(alignment: VerticalAlignment, spacing: Double?)
        case zstack(alignment: Alignment)
        case spacer(minLength: Double?)
        case divider
        /// A button; its children are its label.
        case button(label: String, isEnabled: Bool)
        case list
        case tabView
        /// A tab of a `TabView`; its children are the tab's content.
        case tab(label: String?, selected: Bool)
        case navigationSplitView
        case navigationStack(title: String?)
        /// A column of a `NavigationSplitView`: `sidebar`, `content` or `detail`.
        case column(String)
        case padding(EdgeInsets)
        case frame(width: Double?, height: Double?, alignment: Alignment)
        /// A `GeometryReader`; its children are the content it built from its size.
        case geometryReader
        /// A color or a shape used as a view (`Color red`, `Circle`): it fills what it is offered.
        case shape(String)
        /// `.background(…)` (or `.overlay(…)` when `background` is false): the first child is the
        /// content, which decides the size; the others are laid out in the content's frame.
        case decorated(background: Bool, alignment: Alignment)
        /// `.frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`.
        /// (Boxed: its six bounds would otherwise make every kind as large as it.)
        indirect case flexibleFrame(FlexibleFrame)
        /// A `LazyVGrid` or `LazyHGrid`; its children are its cells.
        indirect case lazyGrid(LazyGrid)
        /// A container arranged by a custom ``Layout`` (named by the layout's type).
        case layout(String)
    }

    /// The bounds of a flexible frame (`nil`: not constrained on that side).
    public struct FlexibleFrame: Equatable, Sendable {
        public var minWidth, idealWidth, maxWidth, minHeight, idealHeight, maxHeight: Double?
        public var alignment: Alignment

        public init(minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil,
                    idealHeight: Double? = nil, maxHeight: Double? = nil, alignment: Alignment = .center) {
            (self.minWidth, self.idealWidth, self.maxWidth) = (minWidth, idealWidth, maxWidth)
            (self.minHeight, self.idealHeight, self.maxHeight) = (minHeight, idealHeight, maxHeight)
            self.alignment = alignment
        }
    }

    /// The text of every `Text` in this subtree, in order, joined by spaces.
    public var text: String {
        var parts: [String] = []
        collectText(into: &parts)
        return parts.joined(separator: " ")
    }

    private func collectText(into parts: inout [String]) {
        if case .text(let string) = kind { parts.append(string) }
        for child in children { child.collectText(into: &parts) }
    }

    /// The indented text rendering of this subtree.
    public var description: String {
        rendering(showingFrames: false)
    }

    /// The indented text rendering, with each node's frame (`@ x,y w×h`) when asked.
    public func rendering(showingFrames: Bool) -> String {
        var lines: [String] = []
        render(into: &lines, depth: 0, frames: showingFrames)
        return lines.joined(separator: "\n")
    }

    func render(into lines: inout [String], depth: Int, frames: Bool) {
        let indent = String(repeating: "  ", count: depth)
        var line = indent + headline
        if !attributes.isEmpty {
            line += " [" + attributes.sorted { $0.key < $1.key }
                .map { $0.value.isEmpty ? $0.key : "\($0.key)=\($0.value)" }.joined(separator: ", ") + "]"
        }
        if frames, let frame {
            line += "  @ \(number(Double(frame.minX))),\(number(Double(frame.minY))) "
                + "\(number(Double(frame.width)))×\(number(Double(frame.height)))"
        }
        lines.append(line)
        if case .button = kind, children.count == 1, case .text = children[0].kind, !frames {
            return  // the label is already on the headline
        }
        for child in children {
            child.render(into: &lines, depth: depth + 1, frames: frames)
        }
    }

    /// The node's own line.
    var headline: String {
        switch kind {
        case .window(let title):
            return title.map { "WindowGroup \(quoted($0))" } ?? "WindowGroup"
        case .text(let string):
            return "Text \(quoted(string))"
        case .vstack(let alignment, let spacing):
            return "VStack" + options(alignment == .center ? nil : "alignment=\(alignment)", spacing.map { "spacing=\(number($0))" })
        case .hstack(let alignment, let spacing):
            return "HStack" + options(alignment == .center ? nil : "alignment=\(alignment)", spacing.map { "spacing=\(number($0))" })
        case .zstack(let alignment):
            return "ZStack" + options(alignment == .center ? nil : "alignment=\(alignment)")
        case .spacer(let minLength):
            return "Spacer" + options(minLength.map { "minLength=\(number($0))" })
        case .divider:
            return "Divider"
        case .button(let label, let isEnabled):
            return "Button \(quoted(label))" + (isEnabled ? "" : " (disabled)")
        case .list:
            return "List"
        case .tabView:
            return "TabView"
        case .tab(let label, let selected):
            return "Tab" + (label.map { " " + quoted($0) } ?? "") + (selected ? " (selected)" : "")
        case .navigationSplitView:
            return "NavigationSplitView"
        case .navigationStack(let title):
            return "NavigationStack" + (title.map { " " + quoted($0) } ?? "")
        case .column(let name):
            return name + ":"
        case .padding(let insets):
            return "Padding " + insets.compactDescription
        case .frame(let width, let height, let alignment):
            return "Frame" + options(
                width.map { "width=\(number($0))" }, height.map { "height=\(number($0))" },
                alignment == .center ? nil : "alignment=\(alignment)")
        case .geometryReader:
            return "GeometryReader"
        case .layout(let name):
            return "Layout " + name
        case .shape(let name):
            return name
        case .decorated(let background, let alignment):
            return (background ? "Background" : "Overlay") + options(alignment == .center ? nil : "alignment=\(alignment)")
        case .flexibleFrame(let frame):
            func bound(_ name: String, _ value: Double?) -> String? {
                value.map { "\(name)=\($0.isInfinite ? "infinity" : number($0))" }
            }
            return "Frame" + options(
                bound("minWidth", frame.minWidth), bound("idealWidth", frame.idealWidth), bound("maxWidth", frame.maxWidth),
                bound("minHeight", frame.minHeight), bound("idealHeight", frame.idealHeight),
                bound("maxHeight", frame.maxHeight), frame.alignment == .center ? nil : "alignment=\(frame.alignment)")
        case .lazyGrid(let grid):
            return grid.headline
        }
    }
}

/// Renders a list of top-level nodes, one subtree after the other.
func _renderText(_ nodes: [RenderNode], frames: Bool = false) -> String {
    var lines: [String] = []
    for node in nodes {
        node.render(into: &lines, depth: 0, frames: frames)
    }
    return lines.joined(separator: "\n")
}

private func options(_ parts: String?...) -> String {
    let present = parts.compactMap { $0 }
    return present.isEmpty ? "" : " " + present.joined(separator: " ")
}

/// `8`, `0.5`: numbers without a needless `.0`.
func number(_ value: Double) -> String {
    if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
    if !value.isFinite { return String(value) }
    // Two decimals are plenty for points; trailing zeros dropped.
    var text = String(format: "%.2f", value)
    while text.hasSuffix("0") { text.removeLast() }
    return text
}

/// A string in double quotes with `"`, `\` and control characters escaped.
func quoted(_ string: String) -> String {
    var result = "\""
    for scalar in string.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        case "\r": result += "\\r"
        default:
            if scalar.value < 0x20 {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}
