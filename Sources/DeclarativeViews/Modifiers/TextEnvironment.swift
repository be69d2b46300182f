import Foundation

// The environment values of text and images (SwiftUI's `\.font`, `\.lineLimit`, `\.dynamicTypeSize`,
// `\.redactionReasons`…). The modifiers that set them (`.font(_:)`, `.lineLimit(_:)`,
// `.redacted(reason:)`…) both record the value on the nodes of their content (`font=title`, see
// `TextStyling.swift`) and write it into the environment of the content, so that a view inside reads
// it with `@Environment(\.font)` as in SwiftUI; `.environment(\.font, .title)` only writes it.

struct FontKey: EnvironmentKey { static let defaultValue: Font? = nil }
struct LineLimitKey: EnvironmentKey { static let defaultValue: Int? = nil }
struct LineSpacingKey: EnvironmentKey { static let defaultValue: CGFloat = 0 }
struct MultilineTextAlignmentKey: EnvironmentKey { static let defaultValue = TextAlignment.leading }
struct TruncationModeKey: EnvironmentKey { static let defaultValue = Text.TruncationMode.tail }
struct MinimumScaleFactorKey: EnvironmentKey { static let defaultValue: CGFloat = 1 }
struct AllowsTighteningKey: EnvironmentKey { static let defaultValue = false }
struct TextCaseKey: EnvironmentKey { static let defaultValue: Text.Case? = nil }
struct RedactionReasonsKey: EnvironmentKey { static let defaultValue: RedactionReasons = [] }
struct DynamicTypeSizeKey: EnvironmentKey { static let defaultValue = DynamicTypeSize.large }
struct LegibilityWeightKey: EnvironmentKey { static let defaultValue: LegibilityWeight? = nil }
struct ImageScaleKey: EnvironmentKey { static let defaultValue = Image.Scale.medium }
struct SymbolRenderingModeKey: EnvironmentKey { static let defaultValue: SymbolRenderingMode? = nil }
struct SymbolVariantsKey: EnvironmentKey { static let defaultValue = SymbolVariants.none }

extension EnvironmentValues {
    /// The default font of the text inside (`nil`: the system's body font), set by `.font(_:)`.
    public var font: Font? {
        get { self[FontKey.self] }
        set { self[FontKey.self] = newValue }
    }

    /// The most lines a text inside shows (`nil`: no limit), set by `.lineLimit(_:)`.
    public var lineLimit: Int? {
        get { self[LineLimitKey.self] }
        set { self[LineLimitKey.self] = newValue }
    }

    /// Extra space between lines, set by `.lineSpacing(_:)`; 0 by default.
    public var lineSpacing: CGFloat {
        get { self[LineSpacingKey.self] }
        set { self[LineSpacingKey.self] = newValue }
    }

    /// How multiline text is aligned, set by `.multilineTextAlignment(_:)`; `.leading` by default.
    public var multilineTextAlignment: TextAlignment {
        get { self[MultilineTextAlignmentKey.self] }
        set { self[MultilineTextAlignmentKey.self] = newValue }
    }

    /// Where a text that does not fit is cut, set by `.truncationMode(_:)`; `.tail` by default.
    public var truncationMode: Text.TruncationMode {
        get { self[TruncationModeKey.self] }
        set { self[TruncationModeKey.self] = newValue }
    }

    /// How far text may shrink to fit, set by `.minimumScaleFactor(_:)`; 1 by default.
    public var minimumScaleFactor: CGFloat {
        get { self[MinimumScaleFactorKey.self] }
        set { self[MinimumScaleFactorKey.self] = newValue }
    }

    /// Whether text may be tightened to fit, set by `.allowsTightening(_:)`; false by default.
    public var allowsTightening: Bool {
        get { self[AllowsTighteningKey.self] }
        set { self[AllowsTighteningKey.self] = newValue }
    }

    /// The case text is shown in, set by `.textCase(_:)` (`nil`: as written).
    public var textCase: Text.Case? {
        get { self[TextCaseKey.self] }
        set { self[TextCaseKey.self] = newValue }
    }

    /// Why the content is shown as a placeholder: `.redacted(reason:)` adds to the reasons of its
    /// parent, `.unredacted()` clears them.
    public var redactionReasons: RedactionReasons {
        get { self[RedactionReasonsKey.self] }
        set { self[RedactionReasonsKey.self] = newValue }
    }

    /// The text size the user chose, set by `.dynamicTypeSize(_:)`; `.large` headless.
    public var dynamicTypeSize: DynamicTypeSize {
        get { self[DynamicTypeSizeKey.self] }
        set { self[DynamicTypeSizeKey.self] = newValue }
    }

    /// The text size as a ``ContentSizeCategory`` (the older spelling of ``dynamicTypeSize``, the
    /// same value).
    public var sizeCategory: ContentSizeCategory {
        get { ContentSizeCategory(dynamicTypeSize) }
        set { dynamicTypeSize = newValue.dynamicTypeSize }
    }

    /// The font weight the user asked for (`nil`: none); headless nobody asks.
    public var legibilityWeight: LegibilityWeight? {
        get { self[LegibilityWeightKey.self] }
        set { self[LegibilityWeightKey.self] = newValue }
    }

    /// The relative size of symbol images, set by `.imageScale(_:)`; `.medium` by default.
    public var imageScale: Image.Scale {
        get { self[ImageScaleKey.self] }
        set { self[ImageScaleKey.self] = newValue }
    }

    /// How symbol layers are coloured, set by `.symbolRenderingMode(_:)` (`nil`: as the symbol asks).
    public var symbolRenderingMode: SymbolRenderingMode? {
        get { self[SymbolRenderingModeKey.self] }
        set { self[SymbolRenderingModeKey.self] = newValue }
    }

    /// The variant of symbols shown inside, set by `.symbolVariant(_:)`; `.none` by default.
    public var symbolVariants: SymbolVariants {
        get { self[SymbolVariantsKey.self] }
        set { self[SymbolVariantsKey.self] = newValue }
    }
}

/// A style recorded on the content's nodes and an environment value written for it.
public typealias _RecordedEnvironment<Content: View, Value> =
    ModifiedContent<ModifiedContent<Content, _StyleModifier>, _EnvironmentKeyWritingModifier<Value>>

/// A style recorded on the content's nodes and an environment value changed for it.
public typealias _RecordedEnvironmentChange<Content: View, Value> =
    ModifiedContent<ModifiedContent<Content, _StyleModifier>, _EnvironmentKeyTransformModifier<Value>>

extension View {
    /// Records `key=value` on the nodes of the content and sets `keyPath` to `environmentValue`
    /// for it.
    func _recording<V>(_ key: String, _ value: String, _ keyPath: WritableKeyPath<EnvironmentValues, V>, _ environmentValue: V)
        -> _RecordedEnvironment<Self, V>
    {
        modifier(_StyleModifier(key: key, value: value)).environment(keyPath, environmentValue)
    }

    /// Records `key=value` on the nodes of the content and changes `keyPath` for it.
    func _recording<V>(_ key: String, _ value: String, _ keyPath: WritableKeyPath<EnvironmentValues, V>,
                       transform: @escaping (inout V) -> Void) -> _RecordedEnvironmentChange<Self, V>
    {
        modifier(_StyleModifier(key: key, value: value)).transformEnvironment(keyPath, transform: transform)
    }
}
