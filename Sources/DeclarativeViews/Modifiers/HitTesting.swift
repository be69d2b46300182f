import Foundation

// Hit testing, headless: `.allowsHitTesting(false)` marks the content's nodes
// (`allowsHitTesting=false`), and the driver refuses to tap, toggle or gesture a view under such a
// mark, as SwiftUI's touches pass through it. `.contentShape(_:)` records the shape that receives
// touches (`contentShape=SHAPE`); the driver reaches views by what they show, so the shape changes
// no headless outcome.

/// Marks the content's nodes as not receiving touches when hit testing is off. An outer
/// `.allowsHitTesting(false)` wins over an inner `true`, as in SwiftUI.
public nonisolated struct _HitTestingModifier: PrimitiveViewModifier, Equatable {
    let enabled: Bool
}

extension _HitTestingModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        if !enabled { annotations.styles["allowsHitTesting"] = "false" }
    }
}

/// The kinds of interaction a content shape is for (SwiftUI's `ContentShapeKinds`).
public struct ContentShapeKinds: OptionSet, Sendable {
    public var rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Hit testing and accessibility.
    public static let interaction = ContentShapeKinds(rawValue: 1 << 0)
    public static let dragPreview = ContentShapeKinds(rawValue: 1 << 1)
    public static let contextMenuPreview = ContentShapeKinds(rawValue: 1 << 2)
    public static let hoverEffect = ContentShapeKinds(rawValue: 1 << 3)
    public static let focusEffect = ContentShapeKinds(rawValue: 1 << 4)
    public static let accessibility = ContentShapeKinds(rawValue: 1 << 5)

    /// The kinds' names, joined by `+` (the order of the declarations).
    var _recorded: String {
        let names: [(ContentShapeKinds, String)] = [
            (.interaction, "interaction"), (.dragPreview, "dragPreview"), (.contextMenuPreview, "contextMenuPreview"),
            (.hoverEffect, "hoverEffect"), (.focusEffect, "focusEffect"), (.accessibility, "accessibility"),
        ]
        return names.filter { contains($0.0) }.map(\.1).joined(separator: "+")
    }
}

extension View {
    /// Whether the view and its content receive touches. When `false`, the driver refuses to tap,
    /// toggle or gesture anything inside it (``ViewHostError/hitTestingDisabled(view:)``); recorded
    /// as `allowsHitTesting=false`.
    public func allowsHitTesting(_ enabled: Bool) -> ModifiedContent<Self, _HitTestingModifier> {
        modifier(_HitTestingModifier(enabled: enabled))
    }

    /// The shape that receives the view's touches (recorded as `contentShape=SHAPE`, with
    /// ` evenOdd` under the even-odd rule).
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "contentShape", value: shape._shapeDescription + (eoFill ? " evenOdd" : "")))
    }

    /// The shape for the `kind` interactions (recorded as `contentShape=KINDS SHAPE`, kinds joined
    /// by `+`).
    public func contentShape<S: Shape>(_ kind: ContentShapeKinds, _ shape: S, eoFill: Bool = false)
        -> ModifiedContent<Self, _StyleModifier>
    {
        modifier(_StyleModifier(
            key: "contentShape", value: kind._recorded + " " + shape._shapeDescription + (eoFill ? " evenOdd" : "")))
    }
}
