/// How content fits a frame of another aspect ratio (SwiftUI's `ContentMode`).
public enum ContentMode: Hashable, Sendable, CaseIterable {
    /// The whole content shows, scaled down to fit.
    case fit
    /// The frame is covered, the content scaled up to fill it.
    case fill
}

/// Which safe areas a view extends into (SwiftUI's `SafeAreaRegions`).
public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The area under the bars of the window and the device.
    public static let container = SafeAreaRegions(rawValue: 1 << 0)
    /// The area the software keyboard covers.
    public static let keyboard = SafeAreaRegions(rawValue: 1 << 1)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

/// How an accessibility element treats its children's elements (SwiftUI's
/// `AccessibilityChildBehavior`).
public struct AccessibilityChildBehavior: Hashable, Sendable {
    let name: String

    /// The children are hidden from accessibility; the element stands alone.
    public static let ignore = AccessibilityChildBehavior(name: "ignore")
    /// The children stay elements, inside this one.
    public static let contain = AccessibilityChildBehavior(name: "contain")
    /// The children's labels and actions merge into this element.
    public static let combine = AccessibilityChildBehavior(name: "combine")
}

// Geometry effects and accessibility grouping: headless there is nothing to transform, blur or
// read aloud, so each is recorded on the content's nodes (`scaleEffect=2 (0.5, 0.5)`) for tests to
// read, and leaves the layout as SwiftUI's do (effects draw, they do not take room).
extension View {
    private func recorded(_ key: String, _ value: String = "") -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: key, value: value))
    }

    /// Fits or fills a frame of `aspectRatio` (width / height; `nil`: the content's own). Recorded
    /// as `aspectRatio=1.5 fit`, or `aspectRatio=fit` for the content's own ratio.
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> ModifiedContent<Self, _StyleModifier> {
        recorded("aspectRatio", (aspectRatio.map { _number(Double($0)) + " " } ?? "") + "\(contentMode)")
    }

    /// Fits or fills a frame of the ratio of `aspectRatio`'s width to its height.
    public func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode) -> ModifiedContent<Self, _StyleModifier> {
        self.aspectRatio(aspectRatio.height == 0 ? nil : aspectRatio.width / aspectRatio.height, contentMode: contentMode)
    }

    /// `aspectRatio(contentMode: .fit)`.
    public func scaledToFit() -> ModifiedContent<Self, _StyleModifier> { aspectRatio(contentMode: .fit) }

    /// `aspectRatio(contentMode: .fill)`.
    public func scaledToFill() -> ModifiedContent<Self, _StyleModifier> { aspectRatio(contentMode: .fill) }

    /// Scales the drawing by `scale` around `anchor` (recorded as `scaleEffect=W×H (x, y)`).
    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> ModifiedContent<Self, _StyleModifier> {
        recorded("scaleEffect", "\(_number(Double(scale.width)))×\(_number(Double(scale.height))) \(anchor.gradientDescription)")
    }

    /// Scales the drawing by `s` both ways around `anchor`.
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> ModifiedContent<Self, _StyleModifier> {
        scaleEffect(CGSize(width: s, height: s), anchor: anchor)
    }

    /// Scales the drawing by `x` and `y` around `anchor`.
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> ModifiedContent<Self, _StyleModifier> {
        scaleEffect(CGSize(width: x, height: y), anchor: anchor)
    }

    /// Rotates the drawing by `angle` around `anchor` (recorded as `rotationEffect=90° (0.5, 0.5)`).
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> ModifiedContent<Self, _StyleModifier> {
        recorded("rotationEffect", "\(_number(angle.degrees))° \(anchor.gradientDescription)")
    }

    /// Blurs the drawing (recorded as `blur=R`, `blur=R opaque`).
    public func blur(radius: CGFloat, opaque: Bool = false) -> ModifiedContent<Self, _StyleModifier> {
        recorded("blur", _number(Double(radius)) + (opaque ? " opaque" : ""))
    }

    /// The view's drawing order among its siblings (recorded as `zIndex=N`).
    public func zIndex(_ value: Double) -> ModifiedContent<Self, _StyleModifier> { recorded("zIndex", _number(value)) }

    /// Extends the view into the safe areas of `regions` on `edges` (recorded as
    /// `ignoresSafeArea`, or `ignoresSafeArea=keyboard` for less than every region and edge).
    /// Headless windows have no safe area insets, so the layout does not change.
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> ModifiedContent<Self, _StyleModifier> {
        var parts: [String] = []
        if regions != .all { parts.append(regions == .container ? "container" : "keyboard") }
        if edges != .all { parts.append(Edge.allCases.filter { edges.contains(Edge.Set($0)) }.map { "\($0)" }.joined(separator: " ")) }
        return recorded("ignoresSafeArea", parts.joined(separator: " "))
    }

    /// Makes the view one accessibility element (recorded as `accessibilityElement=ignore`).
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> ModifiedContent<Self, _StyleModifier> {
        recorded("accessibilityElement", children.name)
    }
}

/// Whether a scroll view bounces at its ends (SwiftUI's `ScrollBounceBehavior`).
public struct ScrollBounceBehavior: Hashable, Sendable {
    let name: String

    /// The platform's choice.
    public static var automatic: ScrollBounceBehavior { ScrollBounceBehavior(name: "automatic") }
    /// Always bounces.
    public static var always: ScrollBounceBehavior { ScrollBounceBehavior(name: "always") }
    /// Bounces only when the content is larger than the scroll view.
    public static var basedOnSize: ScrollBounceBehavior { ScrollBounceBehavior(name: "basedOnSize") }
}

extension View {
    /// How scroll views inside bounce along `axes` (recorded as `scrollBounceBehavior=basedOnSize`,
    /// with ` horizontal` or ` both` for other axes). Headless scroll views do not scroll.
    public func scrollBounceBehavior(_ behavior: ScrollBounceBehavior, axes: Axis.Set = [.vertical])
        -> ModifiedContent<Self, _StyleModifier>
    {
        let axesName = axes == [.vertical] ? "" : axes == [.horizontal] ? " horizontal" : " both"
        return modifier(_StyleModifier(key: "scrollBounceBehavior", value: behavior.name + axesName))
    }
}

// Color and compositing effects: recorded (`saturation=0`, `colorInvert`), nothing to draw headless.
extension View {
    private func effect(_ key: String, _ value: String = "") -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: key, value: value))
    }

    /// Draws a border of `width` inside the view's frame (recorded as `border=STYLE WIDTH`).
    public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> ModifiedContent<Self, _StyleModifier> {
        effect("border", "\(content._styleDescription) \(_number(Double(width)))")
    }

    /// Rotates the drawing about `axis` in three dimensions (recorded as
    /// `rotation3DEffect=180° (0, 1, 0)`).
    public func rotation3DEffect(
        _ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center, anchorZ: CGFloat = 0,
        perspective: CGFloat = 1
    ) -> ModifiedContent<Self, _StyleModifier> {
        let axisText = [axis.x, axis.y, axis.z].map { _number(Double($0)) }.joined(separator: ", ")
        return effect("rotation3DEffect", "\(_number(angle.degrees))° (\(axisText))")
    }

    public func saturation(_ amount: Double) -> ModifiedContent<Self, _StyleModifier> { effect("saturation", _number(amount)) }
    public func brightness(_ amount: Double) -> ModifiedContent<Self, _StyleModifier> { effect("brightness", _number(amount)) }
    public func contrast(_ amount: Double) -> ModifiedContent<Self, _StyleModifier> { effect("contrast", _number(amount)) }
    public func grayscale(_ amount: Double) -> ModifiedContent<Self, _StyleModifier> { effect("grayscale", _number(amount)) }
    public func hueRotation(_ angle: Angle) -> ModifiedContent<Self, _StyleModifier> {
        effect("hueRotation", "\(_number(angle.degrees))°")
    }
    public func colorInvert() -> ModifiedContent<Self, _StyleModifier> { effect("colorInvert") }
    public func colorMultiply(_ color: Color) -> ModifiedContent<Self, _StyleModifier> { effect("colorMultiply", color.description) }
    public func luminanceToAlpha() -> ModifiedContent<Self, _StyleModifier> { effect("luminanceToAlpha") }
    public func compositingGroup() -> ModifiedContent<Self, _StyleModifier> { effect("compositingGroup") }

    /// Hides or shows the status bar (recorded as `statusBar=hidden` / `statusBar=visible`); a
    /// headless window has none.
    public func statusBar(hidden: Bool) -> ModifiedContent<Self, _StyleModifier> {
        effect("statusBar", hidden ? "hidden" : "visible")
    }
}

extension View {
    /// Moves the drawing by `offset` without moving the view in its layout (recorded as
    /// `offset=W×H`; the frame stays where the layout put it).
    public func offset(_ offset: CGSize) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "offset", value: "\(_number(Double(offset.width)))×\(_number(Double(offset.height)))"))
    }

    /// Moves the drawing by `x` and `y`.
    /// Applies the affine `transform` to the drawing without changing the view's layout (recorded
    /// as `transformEffect=a b c d tx ty`, as `offset` and `scaleEffect` are; the frame stays
    /// where the layout put it).
    public func transformEffect(_ transform: CGAffineTransform) -> ModifiedContent<Self, _StyleModifier> {
        let entries = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]
        return modifier(_StyleModifier(key: "transformEffect", value: entries.map { _number(Double($0)) }.joined(separator: " ")))
    }

    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent<Self, _StyleModifier> {
        offset(CGSize(width: x, height: y))
    }
}

/// What an accessibility element is and does (SwiftUI's `AccessibilityTraits`), as a set.
public struct AccessibilityTraits: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public init() { rawValue = 0 }

    public static let isButton = AccessibilityTraits(rawValue: 1 << 0)
    public static let isHeader = AccessibilityTraits(rawValue: 1 << 1)
    public static let isSelected = AccessibilityTraits(rawValue: 1 << 2)
    public static let isLink = AccessibilityTraits(rawValue: 1 << 3)
    public static let isSearchField = AccessibilityTraits(rawValue: 1 << 4)
    public static let isImage = AccessibilityTraits(rawValue: 1 << 5)
    public static let playsSound = AccessibilityTraits(rawValue: 1 << 6)
    public static let isKeyboardKey = AccessibilityTraits(rawValue: 1 << 7)
    public static let isStaticText = AccessibilityTraits(rawValue: 1 << 8)
    public static let isSummaryElement = AccessibilityTraits(rawValue: 1 << 9)
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 10)
    public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 11)
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 12)
    public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 13)
    public static let isModal = AccessibilityTraits(rawValue: 1 << 14)
    public static let isToggle = AccessibilityTraits(rawValue: 1 << 15)

    private static let names: [(AccessibilityTraits, String)] = [
        (.isButton, "isButton"), (.isHeader, "isHeader"), (.isSelected, "isSelected"), (.isLink, "isLink"),
        (.isSearchField, "isSearchField"), (.isImage, "isImage"), (.playsSound, "playsSound"),
        (.isKeyboardKey, "isKeyboardKey"), (.isStaticText, "isStaticText"), (.isSummaryElement, "isSummaryElement"),
        (.updatesFrequently, "updatesFrequently"), (.startsMediaSession, "startsMediaSession"),
        (.allowsDirectInteraction, "allowsDirectInteraction"), (.causesPageTurn, "causesPageTurn"),
        (.isModal, "isModal"), (.isToggle, "isToggle"),
    ]

    /// `isButton isHeader`: the traits' names, in declaration order.
    var traitNames: String { Self.names.filter { contains($0.0) }.map(\.1).joined(separator: " ") }
}

/// How a view's drawing combines with what is behind it (SwiftUI's `BlendMode`).
public enum BlendMode: Hashable, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity, sourceAtop, destinationOver
    case destinationOut, plusDarker, plusLighter
}

extension View {
    /// Blends the drawing with what is behind it (recorded as `blendMode=multiply`).
    public func blendMode(_ blendMode: BlendMode) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "blendMode", value: "\(blendMode)"))
    }

    /// The accent color of the controls inside (SwiftUI's deprecated `accentColor(_:)`, the
    /// forerunner of `tint`): recorded as `accentColor=COLOR`.
    public func accentColor(_ accentColor: Color?) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "accentColor", value: accentColor?.description ?? "default"))
    }
}
