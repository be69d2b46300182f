import Foundation

// How rows, sections, scroll views, sheets and controls look — recorded on the nodes of the
// content (`listRowSeparator=hidden`, `presentationDetents=medium large`…) for tests to read, as
// the other styling is (see `Styling.swift`). Headless, none of it changes layout or behaviour.

/// An edge at the top or bottom (SwiftUI's `VerticalEdge`).
public enum VerticalEdge: Int8, Hashable, CaseIterable, Codable, Sendable {
    case top, bottom

    /// A set of vertical edges.
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ edge: VerticalEdge) { rawValue = 1 << edge.rawValue }
        public static let top = Set(.top)
        public static let bottom = Set(.bottom)
        public static let all: Set = [.top, .bottom]
    }
}

/// An edge at the leading or trailing side (SwiftUI's `HorizontalEdge`).
public enum HorizontalEdge: Int8, Hashable, CaseIterable, Codable, Sendable {
    case leading, trailing

    /// A set of horizontal edges.
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ edge: HorizontalEdge) { rawValue = 1 << edge.rawValue }
        public static let leading = Set(.leading)
        public static let trailing = Set(.trailing)
        public static let all: Set = [.leading, .trailing]
    }
}

/// Whether a scroll view shows its indicators (SwiftUI's `ScrollIndicatorVisibility`).
public struct ScrollIndicatorVisibility: Equatable, Sendable, CustomStringConvertible {
    public let description: String
    public static let automatic = ScrollIndicatorVisibility(description: "automatic")
    public static let visible = ScrollIndicatorVisibility(description: "visible")
    public static let hidden = ScrollIndicatorVisibility(description: "hidden")
    public static let never = ScrollIndicatorVisibility(description: "never")
}

/// How scrolling dismisses the keyboard (SwiftUI's `ScrollDismissesKeyboardMode`).
public struct ScrollDismissesKeyboardMode: Sendable, CustomStringConvertible {
    public let description: String
    public static let automatic = ScrollDismissesKeyboardMode(description: "automatic")
    public static let immediately = ScrollDismissesKeyboardMode(description: "immediately")
    public static let interactively = ScrollDismissesKeyboardMode(description: "interactively")
    public static let never = ScrollDismissesKeyboardMode(description: "never")
}

/// A height a sheet can rest at (SwiftUI's `PresentationDetent`).
public struct PresentationDetent: Hashable, Sendable, CustomStringConvertible {
    public let description: String
    public static let medium = PresentationDetent(description: "medium")
    public static let large = PresentationDetent(description: "large")

    /// A fraction of the available height.
    public static func fraction(_ fraction: CGFloat) -> PresentationDetent {
        PresentationDetent(description: "fraction(\(_number(Double(fraction))))")
    }

    /// A fixed height.
    public static func height(_ height: CGFloat) -> PresentationDetent {
        PresentationDetent(description: "height(\(_number(Double(height))))")
    }
}

/// A control's size (SwiftUI's `ControlSize`).
public enum ControlSize: CaseIterable, Hashable, Sendable {
    case mini, small, regular, large, extraLarge
}

extension View {
    private func recorded(_ key: String, _ value: String = "") -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: key, value: value))
    }

    private static func edges(_ edges: VerticalEdge.Set) -> String {
        edges == .all ? "" : edges.contains(.top) ? " top" : " bottom"
    }

    // MARK: Rows and sections

    /// A badge on a list row or tab item: a count (0 shows none).
    public func badge(_ count: Int) -> ModifiedContent<Self, _StyleModifier> {
        recorded("badge", count == 0 ? "none" : "\(count)")
    }

    public func badge(_ label: Text?) -> ModifiedContent<Self, _StyleModifier> {
        recorded("badge", label?.content ?? "none")
    }

    public func badge(_ key: LocalizedStringKey?) -> ModifiedContent<Self, _StyleModifier> {
        recorded("badge", key.map { Text($0).content } ?? "none")
    }

    public func badge<S: StringProtocol>(_ label: S?) -> ModifiedContent<Self, _StyleModifier> {
        recorded("badge", label.map { String($0) } ?? "none")
    }

    public func listRowInsets(_ insets: EdgeInsets?) -> ModifiedContent<Self, _StyleModifier> {
        recorded("listRowInsets", insets.map { $0.compactDescription } ?? "default")
    }

    public func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> ModifiedContent<Self, _StyleModifier> {
        recorded("listRowSeparator", "\(visibility)" + Self.edges(edges))
    }

    public func listRowSeparatorTint(_ color: Color?, edges: VerticalEdge.Set = .all) -> ModifiedContent<Self, _StyleModifier> {
        recorded("listRowSeparatorTint", (color?.description ?? "default") + Self.edges(edges))
    }

    public func listSectionSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all)
        -> ModifiedContent<Self, _StyleModifier>
    {
        recorded("listSectionSeparator", "\(visibility)" + Self.edges(edges))
    }

    public func listSectionSeparatorTint(_ color: Color?, edges: VerticalEdge.Set = .all)
        -> ModifiedContent<Self, _StyleModifier>
    {
        recorded("listSectionSeparatorTint", (color?.description ?? "default") + Self.edges(edges))
    }

    /// A row's background view, recorded by its type.
    public func listRowBackground<V: View>(_ view: V?) -> ModifiedContent<Self, _StyleModifier> {
        recorded("listRowBackground", view.map { Self.describe($0) } ?? "none")
    }

    private static func describe<V>(_ view: V) -> String {
        if let color = view as? Color { return color.description }
        return _typeName(V.self, qualified: false)
    }

    public func listRowSpacing(_ spacing: CGFloat?) -> ModifiedContent<Self, _StyleModifier> {
        recorded("listRowSpacing", spacing.map { _number(Double($0)) } ?? "default")
    }

    public func listSectionSpacing(_ spacing: CGFloat) -> ModifiedContent<Self, _StyleModifier> {
        recorded("listSectionSpacing", _number(Double(spacing)))
    }

    // MARK: Scrolling

    public func scrollContentBackground(_ visibility: Visibility) -> ModifiedContent<Self, _StyleModifier> {
        recorded("scrollContentBackground", "\(visibility)")
    }

    public func scrollIndicators(_ visibility: ScrollIndicatorVisibility, axes: Axis.Set = [.vertical, .horizontal])
        -> ModifiedContent<Self, _StyleModifier>
    {
        recorded("scrollIndicators", visibility.description)
    }

    public func scrollDismissesKeyboard(_ mode: ScrollDismissesKeyboardMode) -> _RecordedEnvironment<Self, ScrollDismissesKeyboardMode> {
        _recording("scrollDismissesKeyboard", mode.description, \.scrollDismissesKeyboardMode, mode)
    }

    // MARK: Sheets

    /// The heights a sheet can rest at, recorded in a fixed order (`presentationDetents=large medium`).
    public func presentationDetents(_ detents: Set<PresentationDetent>) -> ModifiedContent<Self, _StyleModifier> {
        recorded("presentationDetents", detents.map(\.description).sorted().joined(separator: " "))
    }

    public func presentationDetents(_ detents: Set<PresentationDetent>, selection: Binding<PresentationDetent>)
        -> ModifiedContent<Self, _StyleModifier>
    {
        recorded("presentationDetents", detents.map(\.description).sorted().joined(separator: " ")
            + " selected=\(selection.wrappedValue)")
    }

    public func presentationDragIndicator(_ visibility: Visibility) -> ModifiedContent<Self, _StyleModifier> {
        recorded("presentationDragIndicator", "\(visibility)")
    }

    public func presentationCornerRadius(_ cornerRadius: CGFloat?) -> ModifiedContent<Self, _StyleModifier> {
        recorded("presentationCornerRadius", cornerRadius.map { _number(Double($0)) } ?? "default")
    }

    public func presentationBackground<S: ShapeStyle>(_ style: S) -> ModifiedContent<Self, _StyleModifier> {
        recorded("presentationBackground", style._styleDescription)
    }

    /// Recorded; headless, a sheet is dismissed by its binding or ``ViewHost/dismiss()`` either way.
    public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> ModifiedContent<Self, _StyleModifier> {
        recorded("interactiveDismissDisabled", isDisabled ? "" : "false")
    }

    // MARK: Controls

    public func controlSize(_ controlSize: ControlSize) -> ModifiedContent<Self, _StyleModifier> {
        recorded("controlSize", "\(controlSize)")
    }

    public func buttonBorderShape(_ shape: ButtonBorderShape) -> ModifiedContent<Self, _StyleModifier> {
        recorded("buttonBorderShape", shape.description)
    }

    /// Recorded; the driver still finds controls by their labels.
    public func labelsHidden() -> ModifiedContent<Self, _StyleModifier> {
        recorded("labelsHidden")
    }

    public func help<S: StringProtocol>(_ text: S) -> ModifiedContent<Self, _StyleModifier> {
        recorded("help", String(text))
    }

    public func help(_ textKey: LocalizedStringKey) -> ModifiedContent<Self, _StyleModifier> {
        recorded("help", Text(textKey).content)
    }

    public func help(_ text: Text) -> ModifiedContent<Self, _StyleModifier> {
        recorded("help", text.content)
    }
}
