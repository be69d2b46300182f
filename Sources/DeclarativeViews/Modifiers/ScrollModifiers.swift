import Foundation

// How a scroll view scrolls. Headless nothing scrolls: the options are recorded on the nodes of
// the modified content for tests to read, and the scroll environment values carry them down.
// `.scrollDisabled(true)` also stops the driver: pulling its content to refresh fails
// (``ViewHostError/scrollDisabled(view:)``), as a disabled button cannot be tapped.

/// Where content margins apply (SwiftUI's `ContentMarginPlacement`).
public struct ContentMarginPlacement: Hashable, Sendable, CustomStringConvertible {
    public let description: String

    /// The scroll view's choice (its content, and its indicators as well).
    public static var automatic: ContentMarginPlacement { ContentMarginPlacement(description: "automatic") }
    /// The scroll view's content only.
    public static var scrollContent: ContentMarginPlacement { ContentMarginPlacement(description: "scrollContent") }
    /// The scroll view's indicators only.
    public static var scrollIndicators: ContentMarginPlacement { ContentMarginPlacement(description: "scrollIndicators") }
}

struct IsScrollEnabledKey: EnvironmentKey { static let defaultValue = true }
struct HorizontalScrollBounceBehaviorKey: EnvironmentKey { static var defaultValue: ScrollBounceBehavior { .automatic } }
struct VerticalScrollBounceBehaviorKey: EnvironmentKey { static var defaultValue: ScrollBounceBehavior { .automatic } }
struct HorizontalScrollIndicatorVisibilityKey: EnvironmentKey { static let defaultValue = ScrollIndicatorVisibility.automatic }
struct VerticalScrollIndicatorVisibilityKey: EnvironmentKey { static let defaultValue = ScrollIndicatorVisibility.automatic }

extension EnvironmentValues {
    /// Whether scroll views below may scroll (`false` under `.scrollDisabled(true)`).
    public var isScrollEnabled: Bool {
        get { self[IsScrollEnabledKey.self] }
        set { self[IsScrollEnabledKey.self] = newValue }
    }

    /// Whether scroll views below bounce horizontally at their ends.
    public var horizontalScrollBounceBehavior: ScrollBounceBehavior {
        get { self[HorizontalScrollBounceBehaviorKey.self] }
        set { self[HorizontalScrollBounceBehaviorKey.self] = newValue }
    }

    /// Whether scroll views below bounce vertically at their ends.
    public var verticalScrollBounceBehavior: ScrollBounceBehavior {
        get { self[VerticalScrollBounceBehaviorKey.self] }
        set { self[VerticalScrollBounceBehaviorKey.self] = newValue }
    }

    /// Whether scroll views below show a horizontal indicator.
    public var horizontalScrollIndicatorVisibility: ScrollIndicatorVisibility {
        get { self[HorizontalScrollIndicatorVisibilityKey.self] }
        set { self[HorizontalScrollIndicatorVisibilityKey.self] = newValue }
    }

    /// Whether scroll views below show a vertical indicator.
    public var verticalScrollIndicatorVisibility: ScrollIndicatorVisibility {
        get { self[VerticalScrollIndicatorVisibilityKey.self] }
        set { self[VerticalScrollIndicatorVisibilityKey.self] = newValue }
    }
}

/// `.scrollDisabled(_:)`: scroll views below cannot scroll (`\.isScrollEnabled` is `false`; a
/// `false` here does not enable what an ancestor disabled), recorded as `scrollDisabled=true`.
public nonisolated struct _ScrollDisabledModifier: ViewModifier {
    let disabled: Bool

    @MainActor public func body(content: Content) -> some View {
        content
            .transformEnvironment(\.isScrollEnabled) { if disabled { $0 = false } }
            .modifier(_StyleModifier(key: "scrollDisabled", value: "\(disabled)"))
    }
}

extension View {
    private func recordedScroll(_ key: String, _ value: String) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: key, value: value))
    }

    /// Stops scroll views below from scrolling (SwiftUI's `scrollDisabled(_:)`).
    public func scrollDisabled(_ disabled: Bool) -> ModifiedContent<Self, _ScrollDisabledModifier> {
        modifier(_ScrollDisabledModifier(disabled: disabled))
    }

    /// Insets the content (or indicators) of scroll views below by `insets` on `edges`; recorded
    /// as `contentMargins=EDGES top leading bottom trailing` (with ` for PLACEMENT` unless automatic).
    public func contentMargins(_ edges: Edge.Set = .all, _ insets: EdgeInsets, for placement: ContentMarginPlacement = .automatic)
        -> ModifiedContent<Self, _StyleModifier>
    {
        let values = [insets.top, insets.leading, insets.bottom, insets.trailing].map { _number(Double($0)) }
        return recordedScroll("contentMargins", _contentMarginsDescription(edges, values.joined(separator: " "), placement))
    }

    /// Insets scroll views' content by `length` on `edges` (`nil`: the system's margin); recorded.
    public func contentMargins(_ edges: Edge.Set = .all, _ length: CGFloat?, for placement: ContentMarginPlacement = .automatic)
        -> ModifiedContent<Self, _StyleModifier>
    {
        recordedScroll("contentMargins", _contentMarginsDescription(edges, length.map { _number(Double($0)) } ?? "default", placement))
    }

    /// Insets scroll views' content by `length` on every edge; recorded.
    public func contentMargins(_ length: CGFloat, for placement: ContentMarginPlacement = .automatic)
        -> ModifiedContent<Self, _StyleModifier>
    {
        recordedScroll("contentMargins", _contentMarginsDescription(.all, _number(Double(length)), placement))
    }

    /// Lets scroll views below draw their content outside their bounds; recorded (`scrollClipDisabled=true`).
    public func scrollClipDisabled(_ disabled: Bool = true) -> ModifiedContent<Self, _StyleModifier> {
        recordedScroll("scrollClipDisabled", "\(disabled)")
    }

    /// Flashes scroll views' indicators when they appear; recorded (`scrollIndicatorsFlash=onAppear`).
    public func scrollIndicatorsFlash(onAppear: Bool) -> ModifiedContent<Self, _StyleModifier> {
        recordedScroll("scrollIndicatorsFlash", onAppear ? "onAppear" : "never")
    }

    /// Flashes scroll views' indicators when `value` changes; recorded with the value
    /// (`scrollIndicatorsFlash=trigger 3`).
    public func scrollIndicatorsFlash(trigger value: some Equatable) -> ModifiedContent<Self, _StyleModifier> {
        recordedScroll("scrollIndicatorsFlash", "trigger \(value)")
    }

    /// How scroll views below choose where a scroll comes to rest; recorded
    /// (`scrollTargetBehavior=paging`, `viewAligned(always)`).
    public func scrollTargetBehavior(_ behavior: some ScrollTargetBehavior) -> ModifiedContent<Self, _StyleModifier> {
        recordedScroll("scrollTargetBehavior", (behavior as? CustomStringConvertible)?.description ?? "\(type(of: behavior))")
    }

    /// Makes the views of this layout the targets `.viewAligned` aligns to; recorded
    /// (`scrollTargetLayout=true`).
    public func scrollTargetLayout(isEnabled: Bool = true) -> ModifiedContent<Self, _StyleModifier> {
        recordedScroll("scrollTargetLayout", "\(isEnabled)")
    }

    /// Makes this view a target `.viewAligned` aligns to; recorded (`scrollTarget=true`).
    public func scrollTarget(isEnabled: Bool = true) -> ModifiedContent<Self, _StyleModifier> {
        recordedScroll("scrollTargetEnabled", "\(isEnabled)")
    }
}

/// `EDGES VALUE` with ` for PLACEMENT` unless the placement is automatic.
private func _contentMarginsDescription(_ edges: Edge.Set, _ value: String, _ placement: ContentMarginPlacement) -> String {
    let names: [(Edge.Set, String)] = [(.top, "top"), (.leading, "leading"), (.bottom, "bottom"), (.trailing, "trailing")]
    let edgeNames = edges == .all ? "all" : names.filter { edges.contains($0.0) }.map(\.1).joined(separator: ",")
    return "\(edgeNames) \(value)" + (placement == .automatic ? "" : " for \(placement)")
}
