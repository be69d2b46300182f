import Foundation

// What a user (or a test standing in for one) can reach on screen: every rendered node except the
// content of unselected tabs and of `.hidden()` views. The driver (``ViewHost/tap(_:)`` and the
// other actions) and the inspection API (``ViewHost/inspect()``) both find their nodes here.

/// Calls `body` with every reachable node under `roots`, depth first, and the accessibility
/// identifiers on it and its ancestors (innermost last).
func _forEachReachableNode(_ roots: [DisplayNode], inherited: [String] = [], _ body: (DisplayNode, [String]) -> Void) {
    var stack: [(DisplayNode, [String])] = roots.reversed().map { ($0, inherited) }
    while let (node, inherited) = stack.popLast() {
        if node.isHiddenFromUser { continue }
        var marks = inherited
        if let identifier = node.annotations?.styles["accessibilityIdentifier"] { marks.append(identifier) }
        body(node, marks)
        stack += node.reachableChildren.reversed().map { ($0, marks) }
    }
}

extension DisplayNode {
    /// `.hidden()` views keep their place but cannot be seen or tapped.
    var isHiddenFromUser: Bool { annotations?.styles["hidden"] != nil }

    /// The children a user can reach: none for an unselected tab; for a custom layout, those it
    /// placed (not the views ``ViewThatFits`` does not show).
    var reachableChildren: [DisplayNode] {
        switch kind {
        case .tab(_, selected: false):
            return []
        case .layout:
            guard let placement = lastPlacement, placement.children.count == children.count,
                placement.children.contains(where: \.frame.isNull)
            else { return children }
            return zip(children, placement.children).filter { !$1.frame.isNull }.map(\.0)
        default:
            return children
        }
    }

    /// What assistive technologies call the node (and what the driver also finds a control by): its
    /// `.accessibilityLabel`, else its text, else its children's names, joined by spaces.
    var accessibleName: String {
        var parts: [String] = []
        collectAccessibleName(into: &parts)
        return parts.joined(separator: " ")
    }

    private func collectAccessibleName(into parts: inout [String]) {
        if isHiddenFromUser || annotations?.styles["accessibilityHidden"] == "" { return }
        if let label = annotations?.styles["accessibilityLabel"] {
            parts.append(label)
            return
        }
        if case .text(let string) = kind { parts.append(string) }
        for child in reachableChildren { child.collectAccessibleName(into: &parts) }
    }

    /// The texts of the subtree a user can see, in order.
    func collectReachableText(into texts: inout [String]) {
        if isHiddenFromUser { return }
        if case .text(let string) = kind { texts.append(string) }
        for child in reachableChildren { child.collectReachableText(into: &texts) }
    }

    /// Whether the node is a button named `name`: by the text of its label, or by its accessible name.
    func isButton(named name: String) -> Bool {
        guard case .button(let label, _) = kind, action != nil else { return false }
        return label == name || accessibleName == name
    }

    /// How well the button node answers to `name`, best first: ``ButtonMatch/named`` (its label
    /// or accessible name), ``ButtonMatch/titled`` (its texts without the images' placeholders:
    /// `Button { } label: { Label("Add", systemImage: "plus") }` is "Add"), ``ButtonMatch/showing``
    /// (one of its texts: a row showing a name and a subtitle is tapped by its name); `nil` when
    /// it is not a button or answers to none.
    func buttonMatch(_ name: String) -> ButtonMatch? {
        guard case .button = kind, action != nil else { return nil }
        if isButton(named: name) { return .named }
        if title == name { return .titled }
        var texts: [String] = []
        collectReachableText(into: &texts)
        return texts.contains(name) ? .showing : nil
    }

    /// The texts a user reads on the node, joined by spaces, without the placeholders of its
    /// images (`[plus]`).
    var title: String {
        var parts: [String] = []
        collectTitle(into: &parts)
        return parts.joined(separator: " ")
    }

    private func collectTitle(into parts: inout [String]) {
        if isHiddenFromUser || annotations?.styles["accessibilityHidden"] == "" { return }
        if let styles = annotations?.styles, styles["systemImage"] != nil || styles["image"] != nil { return }
        if case .text(let string) = kind { parts.append(string) }
        for child in reachableChildren { child.collectTitle(into: &parts) }
    }
}

/// How a button answers to a name the driver was given (``DisplayNode/buttonMatch(_:)``): the
/// driver takes the first button of the best kind on screen.
enum ButtonMatch: Int, Comparable {
    case named, titled, showing

    static func < (lhs: ButtonMatch, rhs: ButtonMatch) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Sequence {
    /// The first element whose match is the best of all (`nil` when none matches).
    func firstBest(_ match: (Element) -> ButtonMatch?) -> Element? {
        var best: (Element, ButtonMatch)?
        for element in self {
            guard let found = match(element) else { continue }
            if best == nil || found < best!.1 { best = (element, found) }
            if found == .named { break }
        }
        return best?.0
    }
}
