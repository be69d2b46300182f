import Foundation

/// One accessibility attribute attached to a view (SwiftUI's `AccessibilityAttachmentModifier`,
/// the type `accessibilityLabel(_:)`, `accessibilityValue(_:)`, `accessibilityAction(_:_:)`… return).
///
/// Headless, no assistive technology reads the view, so the attribute is recorded on the content's
/// nodes under its modifier's name (`accessibilityLabel=Close`, `accessibilityHeading=h2`,
/// `accessibilityAddTraits=isHeader`), for tests to read (``InspectedView/attribute(_:)``). It also
/// acts where headless code can observe it: an accessibility label names a control for the driver
/// (``ViewHost/tap(_:)``), a hidden element has no accessible name, and the action handlers run
/// when the driver performs them (``ViewHost/performAccessibilityAction(_:on:)``,
/// ``ViewHost/accessibilityAdjust(_:_:)``…). As for other recorded attributes, the modifier closest
/// to the view wins; traits and actions accumulate.
public nonisolated struct AccessibilityAttachmentModifier: PrimitiveViewModifier {
    let attachment: Attachment

    enum Attachment {
        /// `accessibilityLabel=…`: the innermost one wins.
        case attribute(key: String, value: String)
        /// One of several values accumulated under `key`, separated by `; ` (`accessibilityRotor=…`).
        case accumulated(key: String, value: String)
        /// Traits added or removed, accumulated under `key` (`accessibilityAddTraits=isButton isHeader`).
        case traits(key: String, AccessibilityTraits)
        /// A piece of custom content, accumulated in `accessibilityCustomContent=Age: 3; Owner: Ann`
        /// (the innermost one of an identifier wins; `nil` removes it).
        case customContent(id: String, label: String, value: String?, importance: AXCustomContent.Importance)
        /// A named action (`default`, `escape`, a custom name…).
        case action(name: String, run: @MainActor () -> Void)
        case adjust(@MainActor (AccessibilityAdjustmentDirection) -> Void)
        case scroll(@MainActor (Edge) -> Void)
        case zoom(@MainActor (AccessibilityZoomGestureAction) -> Void)
    }

    init(_ key: String, _ value: String = "") {
        attachment = .attribute(key: key, value: value)
    }

    init(_ attachment: Attachment) {
        self.attachment = attachment
    }
}

extension AccessibilityAttachmentModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        switch attachment {
        case .attribute(let key, let value):
            if annotations.styles[key] == nil { annotations.styles[key] = value }
        case .accumulated(let key, let value):
            let values = annotations.styles[key].map { $0.components(separatedBy: "; ") } ?? []
            if !values.contains(value) { annotations.styles[key] = (values + [value]).joined(separator: "; ") }
        case .traits(let key, let traits):
            let names = (annotations.styles[key] ?? "").split(separator: " ").map(String.init)
            let added = traits.traitNames.split(separator: " ").map(String.init).filter { !names.contains($0) }
            annotations.styles[key] = (names + added).joined(separator: " ")
        case .customContent(let id, let label, let value, let importance):
            annotations.updateAccessibilityActions { actions in
                guard !actions.customContent.contains(where: { $0.id == id }) else { return }
                actions.customContent.append((id, value.map { "\(label): \($0)" + (importance == .high ? " (high)" : "") }))
            }
            let entries = annotations.accessibilityActions?.customContent.compactMap(\.entry) ?? []
            annotations.styles["accessibilityCustomContent"] = entries.isEmpty ? nil : entries.joined(separator: "; ")
        case .action(let name, let run):
            annotations.updateAccessibilityActions { actions in
                if !actions.named.contains(where: { $0.name == name }) { actions.named.append((name, run)) }
            }
        case .adjust(let handler):
            annotations.updateAccessibilityActions { $0.adjust = $0.adjust ?? handler }
            if annotations.styles["accessibilityAdjustableAction"] == nil { annotations.styles["accessibilityAdjustableAction"] = "" }
        case .scroll(let handler):
            annotations.updateAccessibilityActions { $0.scroll = $0.scroll ?? handler }
            if annotations.styles["accessibilityScrollAction"] == nil { annotations.styles["accessibilityScrollAction"] = "" }
        case .zoom(let handler):
            annotations.updateAccessibilityActions { $0.zoom = $0.zoom ?? handler }
            if annotations.styles["accessibilityZoomAction"] == nil { annotations.styles["accessibilityZoomAction"] = "" }
        }
    }
}

/// The accessibility action handlers on a node, for the driver: the named ones innermost first
/// (recorded as `accessibilityActions=default, Archive`), and the adjustable, scroll and zoom handlers.
final class AccessibilityActions {
    var named: [(name: String, run: @MainActor () -> Void)] = []
    var adjust: (@MainActor (AccessibilityAdjustmentDirection) -> Void)?
    var scroll: (@MainActor (Edge) -> Void)?
    var zoom: (@MainActor (AccessibilityZoomGestureAction) -> Void)?
    /// Custom content by identifier, innermost first (`nil`: removed).
    var customContent: [(id: String, entry: String?)] = []
    /// Moves the accessibility focus to the element (`.accessibilityFocused`).
    var focus: (@MainActor () -> Void)?

    func copy() -> AccessibilityActions {
        let copy = AccessibilityActions()
        copy.named = named
        copy.adjust = adjust
        copy.scroll = scroll
        copy.zoom = zoom
        copy.customContent = customContent
        copy.focus = focus
        return copy
    }
}

extension _Annotations {
    /// Changes a copy of the node's action handlers (nodes share them until then) and records the
    /// names of its named actions.
    mutating func updateAccessibilityActions(_ update: (AccessibilityActions) -> Void) {
        let actions = accessibilityActions?.copy() ?? AccessibilityActions()
        update(actions)
        accessibilityActions = actions
        if !actions.named.isEmpty { styles["accessibilityActions"] = actions.named.map(\.name).joined(separator: ", ") }
    }
}
