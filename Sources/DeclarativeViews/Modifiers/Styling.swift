import Foundation

// Styling that headless output cannot draw is recorded instead: each modifier adds an attribute
// to the nodes of its content (`font=title`, `foregroundColor=red`…), which the render tree
// carries (`RenderNode.attributes`), the text rendering lists after the node
// (`Text "Hi" [bold, font=title]`) and tests can assert on. Nothing else changes: layout and
// text measurement ignore styles. As in SwiftUI, the modifier closest to a view wins
// (`Text("a").font(.title).font(.body)` is `font=title`).

/// A font (SwiftUI's `Font`), recorded by name.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }

    public static let largeTitle = Font("largeTitle")
    public static let title = Font("title")
    public static let title2 = Font("title2")
    public static let title3 = Font("title3")
    public static let headline = Font("headline")
    public static let subheadline = Font("subheadline")
    public static let body = Font("body")
    public static let callout = Font("callout")
    public static let footnote = Font("footnote")
    public static let caption = Font("caption")
    public static let caption2 = Font("caption2")

    public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font {
        Font("system(\(_number(Double(size)))\(weight.map { ", \($0)" } ?? "")\(design.map { ", \($0)" } ?? ""))")
    }

    /// The system font of a text style, in a design and weight (`title rounded bold`).
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        Font("\(style)\(design.map { " \($0)" } ?? "")\(weight.map { " \($0)" } ?? "")")
    }

    /// The system font of a text style in a design (the older form, without a weight).
    @_disfavoredOverload
    public static func system(_ style: TextStyle, design: Design = .default) -> Font {
        system(style, design: design, weight: nil)
    }

    public static func custom(_ name: String, size: CGFloat) -> Font {
        Font("\(name) \(_number(Double(size)))")
    }

    public func bold() -> Font { Font("\(description) bold") }
    public func italic() -> Font { Font("\(description) italic") }
    public func weight(_ weight: Weight) -> Font { Font("\(description) \(weight)") }
    public func monospaced() -> Font { Font("\(description) monospaced") }

    public struct Weight: Hashable, Sendable, CustomStringConvertible {
        public let description: String
        public static let ultraLight = Weight(description: "ultraLight")
        public static let thin = Weight(description: "thin")
        public static let light = Weight(description: "light")
        public static let regular = Weight(description: "regular")
        public static let medium = Weight(description: "medium")
        public static let semibold = Weight(description: "semibold")
        public static let bold = Weight(description: "bold")
        public static let heavy = Weight(description: "heavy")
        public static let black = Weight(description: "black")
    }

    public enum Design: Hashable, Sendable {
        case `default`, serif, rounded, monospaced
    }
}

/// Anything a foreground or background can be painted with (SwiftUI's `ShapeStyle`). A custom
/// style resolves to another in an environment (`resolve(in:)`, as in SwiftUI) and is recorded
/// as what it resolves to; the built-in styles resolve to `Never` and are recorded by name.
public protocol ShapeStyle: Sendable {
    /// What the style resolves to (`Never`: a built-in style that is only recorded).
    associatedtype Resolved: ShapeStyle = Never
    /// The style in `environment`.
    func resolve(in environment: EnvironmentValues) -> Resolved
    /// How the style is recorded.
    var _styleDescription: String { get }
}

extension ShapeStyle {
    /// A custom style is recorded as what it resolves to in the default environment; one that
    /// does not resolve (its `Resolved` is `Never`), by its type's name.
    public var _styleDescription: String {
        Resolved.self == Never.self ? _typeName(Self.self, qualified: false) : resolve(in: EnvironmentValues())._styleDescription
    }
}

extension ShapeStyle where Resolved == Never {
    /// A style that does not resolve to another: calling this is a programming error (SwiftUI's
    /// built-in styles are resolved by the framework itself).
    public func resolve(in environment: EnvironmentValues) -> Never {
        fatalError("DeclarativeViews: \(Self.self) does not resolve to another style (its Resolved is Never)")
    }
}

extension Never: ShapeStyle {}

/// A color (SwiftUI's `Color`), recorded by name or components.
public struct Color: Hashable, Sendable, ShapeStyle, CustomStringConvertible {
    public let description: String

    init(named description: String) {
        self.description = description
    }

    /// A color by name (an asset catalog's on Apple platforms), recorded by its name; `bundle` is
    /// where the catalog is, which headless there is none of.
    public init(_ name: String, bundle: Bundle? = nil) {
        description = name
    }

    // The component initialisers (`Color(red:green:blue:)`, `Color(white:)`, in a color space)
    // are in Views/ColorSpaces.swift.

    public func opacity(_ opacity: Double) -> Color { Color(named: "\(description) opacity \(_number(opacity))") }

    public var _styleDescription: String { description }

    public static let red = Color(named: "red")
    public static let orange = Color(named: "orange")
    public static let yellow = Color(named: "yellow")
    public static let green = Color(named: "green")
    public static let mint = Color(named: "mint")
    public static let teal = Color(named: "teal")
    public static let cyan = Color(named: "cyan")
    public static let blue = Color(named: "blue")
    public static let indigo = Color(named: "indigo")
    public static let purple = Color(named: "purple")
    public static let pink = Color(named: "pink")
    public static let brown = Color(named: "brown")
    public static let gray = Color(named: "gray")
    public static let black = Color(named: "black")
    public static let white = Color(named: "white")
    public static let clear = Color(named: "clear")
    public static let primary = Color(named: "primary")
    public static let secondary = Color(named: "secondary")
    public static let accentColor = Color(named: "accentColor")
}

/// The environment's tint as a style (SwiftUI's `TintShapeStyle`: `.foregroundStyle(.tint)`).
public struct TintShapeStyle: ShapeStyle, Sendable {
    public init() {}
    public var _styleDescription: String { "tint" }
}

extension ShapeStyle where Self == TintShapeStyle {
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

/// The levels of the foreground style (SwiftUI's `HierarchicalShapeStyle`).
public struct HierarchicalShapeStyle: ShapeStyle, Sendable {
    public let _styleDescription: String

    public static let primary = HierarchicalShapeStyle(_styleDescription: "primary")
    public static let secondary = HierarchicalShapeStyle(_styleDescription: "secondary")
    public static let tertiary = HierarchicalShapeStyle(_styleDescription: "tertiary")
    public static let quaternary = HierarchicalShapeStyle(_styleDescription: "quaternary")
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { .primary }
    public static var secondary: HierarchicalShapeStyle { .secondary }
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
}

extension ShapeStyle where Self == Color {
    public static var red: Color { .red }
    public static var orange: Color { .orange }
    public static var yellow: Color { .yellow }
    public static var green: Color { .green }
    public static var blue: Color { .blue }
    public static var purple: Color { .purple }
    public static var pink: Color { .pink }
    public static var gray: Color { .gray }
    public static var black: Color { .black }
    public static var white: Color { .white }
    public static var accentColor: Color { .accentColor }
    public static var mint: Color { .mint }
    public static var teal: Color { .teal }
    public static var cyan: Color { .cyan }
    public static var indigo: Color { .indigo }
    public static var brown: Color { .brown }
    public static var clear: Color { .clear }
}

// Named styles of buttons, lists and text fields (`.buttonStyle(.bordered)`): recorded by name.

/// How a button is made and triggered (SwiftUI's `PrimitiveButtonStyle`): its body gets the
/// label and a ``PrimitiveButtonStyleConfiguration/trigger()`` that runs the action. The built-in
/// styles make the built-in button (and are recorded by name).
public protocol PrimitiveButtonStyle {
    associatedtype Body: View
    typealias Configuration = PrimitiveButtonStyleConfiguration
    @MainActor @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// How the style is recorded (a custom style: its type's name).
    var _name: String { get }
}

extension PrimitiveButtonStyle {
    public var _name: String { _typeName(Self.self, qualified: false) }
}
public protocol ListStyle { var _name: String { get } }
public protocol TextFieldStyle { var _name: String { get } }

public struct BorderedButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public var _name: String { "bordered" }
    public func makeBody(configuration: Configuration) -> some View { Button(configuration) }
}
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public var _name: String { "borderedProminent" }
    public func makeBody(configuration: Configuration) -> some View { Button(configuration) }
}
public struct BorderlessButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public var _name: String { "borderless" }
    public func makeBody(configuration: Configuration) -> some View { Button(configuration) }
}
public struct PlainButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public var _name: String { "plain" }
    public func makeBody(configuration: Configuration) -> some View { Button(configuration) }
}
public struct DefaultButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public var _name: String { "automatic" }
    public func makeBody(configuration: Configuration) -> some View { Button(configuration) }
}

extension PrimitiveButtonStyle where Self == BorderedButtonStyle { public static var bordered: Self { Self() } }
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle { public static var borderedProminent: Self { Self() } }
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle { public static var borderless: Self { Self() } }
extension PrimitiveButtonStyle where Self == PlainButtonStyle { public static var plain: Self { Self() } }
extension PrimitiveButtonStyle where Self == DefaultButtonStyle { public static var automatic: Self { Self() } }

public struct AccessoryBarButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public var _name: String { "accessoryBar" }
    public func makeBody(configuration: Configuration) -> some View { Button(configuration) }
}
public struct AccessoryBarActionButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public var _name: String { "accessoryBarAction" }
    public func makeBody(configuration: Configuration) -> some View { Button(configuration) }
}
public struct LinkButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public var _name: String { "link" }
    public func makeBody(configuration: Configuration) -> some View { Button(configuration) }
}

extension PrimitiveButtonStyle where Self == AccessoryBarButtonStyle { public static var accessoryBar: Self { Self() } }
extension PrimitiveButtonStyle where Self == AccessoryBarActionButtonStyle {
    public static var accessoryBarAction: Self { Self() }
}
extension PrimitiveButtonStyle where Self == LinkButtonStyle { public static var link: Self { Self() } }

public struct PlainListStyle: ListStyle { public init() {}; public var _name: String { "plain" } }
public struct GroupedListStyle: ListStyle { public init() {}; public var _name: String { "grouped" } }
public struct InsetListStyle: ListStyle {
    let alternatesRowBackgrounds: Bool
    public init() { alternatesRowBackgrounds = false }
    public init(alternatesRowBackgrounds: Bool) { self.alternatesRowBackgrounds = alternatesRowBackgrounds }
    public var _name: String { alternatesRowBackgrounds ? "inset alternates" : "inset" }
}
public struct DefaultListStyle: ListStyle { public init() {}; public var _name: String { "automatic" } }
public struct BorderedListStyle: ListStyle {
    let alternatesRowBackgrounds: Bool
    public init() { alternatesRowBackgrounds = false }
    public init(alternatesRowBackgrounds: Bool) { self.alternatesRowBackgrounds = alternatesRowBackgrounds }
    public var _name: String { alternatesRowBackgrounds ? "bordered alternates" : "bordered" }
}
public struct InsetGroupedListStyle: ListStyle { public init() {}; public var _name: String { "insetGrouped" } }
public struct SidebarListStyle: ListStyle { public init() {}; public var _name: String { "sidebar" } }

extension ListStyle where Self == PlainListStyle { public static var plain: Self { Self() } }
extension ListStyle where Self == GroupedListStyle { public static var grouped: Self { Self() } }
extension ListStyle where Self == InsetListStyle {
    public static var inset: Self { Self() }
    public static func inset(alternatesRowBackgrounds: Bool) -> Self { Self(alternatesRowBackgrounds: alternatesRowBackgrounds) }
}
extension ListStyle where Self == DefaultListStyle { public static var automatic: Self { Self() } }
extension ListStyle where Self == BorderedListStyle {
    public static var bordered: Self { Self() }
    public static func bordered(alternatesRowBackgrounds: Bool) -> Self { Self(alternatesRowBackgrounds: alternatesRowBackgrounds) }
}
extension ListStyle where Self == InsetGroupedListStyle { public static var insetGrouped: Self { Self() } }
extension ListStyle where Self == SidebarListStyle { public static var sidebar: Self { Self() } }

public struct RoundedBorderTextFieldStyle: TextFieldStyle { public init() {}; public var _name: String { "roundedBorder" } }
public struct PlainTextFieldStyle: TextFieldStyle { public init() {}; public var _name: String { "plain" } }
public struct DefaultTextFieldStyle: TextFieldStyle { public init() {}; public var _name: String { "automatic" } }
public struct SquareBorderTextFieldStyle: TextFieldStyle { public init() {}; public var _name: String { "squareBorder" } }

extension TextFieldStyle where Self == RoundedBorderTextFieldStyle { public static var roundedBorder: Self { Self() } }
extension TextFieldStyle where Self == PlainTextFieldStyle { public static var plain: Self { Self() } }
extension TextFieldStyle where Self == DefaultTextFieldStyle { public static var automatic: Self { Self() } }
extension TextFieldStyle where Self == SquareBorderTextFieldStyle { public static var squareBorder: Self { Self() } }

/// Records one style attribute on the content's nodes.
public nonisolated struct _StyleModifier: PrimitiveViewModifier, Equatable {
    let key: String
    let value: String
}

extension _StyleModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        // Applied from the inside out: the modifier closest to the view has already set it.
        if annotations.styles[key] == nil { annotations.styles[key] = value }
    }
}

/// Clips the content's nodes to a shape: recorded as a style, and the shape kept for the path
/// of the laid-out frame (``RenderNode/clipPath``). The modifier closest to the view wins.
public nonisolated struct _ClipModifier<ClipShape: Shape>: PrimitiveViewModifier {
    let shape: ClipShape
    let key: String
    let value: String
}

extension _ClipModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        if annotations.styles[key] == nil { annotations.styles[key] = value }
        if annotations.clip == nil { annotations.clip = ShapeOutline(shape) }
    }
}

extension View {
    private func style(_ key: String, _ value: String = "") -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: key, value: value))
    }

    /// The font of the text inside: recorded (`font=title`) and set as the environment's `font`.
    public func font(_ font: Font?) -> _RecordedEnvironment<Self, Font?> {
        _recording("font", font?.description ?? "default", \.font, font)
    }
    public func bold(_ isActive: Bool = true) -> ModifiedContent<Self, _StyleModifier> { style("bold", isActive ? "" : "false") }
    public func italic(_ isActive: Bool = true) -> ModifiedContent<Self, _StyleModifier> { style("italic", isActive ? "" : "false") }
    public func fontWeight(_ weight: Font.Weight?) -> ModifiedContent<Self, _StyleModifier> {
        style("fontWeight", weight?.description ?? "default")
    }
    public func foregroundColor(_ color: Color?) -> ModifiedContent<Self, _StyleModifier> {
        style("foregroundColor", color?.description ?? "default")
    }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> ModifiedContent<Self, _StyleModifier> {
        self.style("foregroundStyle", style._styleDescription)
    }
    public func tint(_ color: Color?) -> ModifiedContent<Self, _StyleModifier> { style("tint", color?.description ?? "default") }
    public func opacity(_ opacity: Double) -> ModifiedContent<Self, _StyleModifier> { style("opacity", _number(opacity)) }
    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> ModifiedContent<Self, _StyleModifier> {
        style("cornerRadius", _number(Double(radius)))
    }
    /// Clips the view to `shape` in its frame (recorded as `clipShape=SHAPE`; the SVG picture clips
    /// to the shape's path).
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> ModifiedContent<Self, _ClipModifier<S>> {
        modifier(_ClipModifier(shape: shape, key: "clipShape", value: shape._shapeDescription))
    }
    /// Clips the view to its frame (recorded as `clipped`; the SVG picture clips to the frame).
    public func clipped(antialiased: Bool = false) -> ModifiedContent<Self, _ClipModifier<Rectangle>> {
        modifier(_ClipModifier(shape: Rectangle(), key: "clipped", value: ""))
    }
    public func shadow(color: Color = Color.black.opacity(0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0)
        -> ModifiedContent<Self, _StyleModifier>
    {
        style("shadow", "\(color) r\(_number(Double(radius))) x\(_number(Double(x))) y\(_number(Double(y)))")
    }
    public func listStyle<S: ListStyle>(_ style: S) -> ModifiedContent<Self, _StyleModifier> { self.style("listStyle", style._name) }
    public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> ModifiedContent<Self, _StyleModifier> {
        self.style("textFieldStyle", style._name)
    }
    /// Keeps the view's place in the layout and draws nothing (SwiftUI's `hidden()`): recorded.
    public func hidden() -> ModifiedContent<Self, _StyleModifier> { style("hidden") }
}

/// `1`, `0.5`: a number without a trailing `.0`.
func _number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
