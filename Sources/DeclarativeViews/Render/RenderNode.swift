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

    public init(kind: Kind, children: [RenderNode] = []) {
        self.kind = kind
        self.children = children
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
        var lines: [String] = []
        render(into: &lines, depth: 0)
        return lines.joined(separator: "\n")
    }

    func render(into lines: inout [String], depth: Int) {
        let indent = String(repeating: "  ", count: depth)
        lines.append(indent + headline)
        if case .button = kind, children.count == 1, case .text = children[0].kind {
            return  // the label is already on the headline
        }
        for child in children {
            child.render(into: &lines, depth: depth + 1)
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
        }
    }
}

/// Renders a list of top-level nodes, one subtree after the other.
func _renderText(_ nodes: [RenderNode]) -> String {
    var lines: [String] = []
    for node in nodes {
        node.render(into: &lines, depth: 0)
    }
    return lines.joined(separator: "\n")
}

private func options(_ parts: String?...) -> String {
    let present = parts.compactMap { $0 }
    return present.isEmpty ? "" : " " + present.joined(separator: " ")
}

/// `8`, `0.5`: numbers without a needless `.0`.
func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
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
