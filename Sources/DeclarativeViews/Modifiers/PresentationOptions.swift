import Foundation

// How sheets, popovers and dialogs present themselves beyond what they show: custom detents,
// how a popover adapts to a compact size, whether the view behind a sheet stays interactive,
// a dialog's severity and icon, the "Do not ask again" toggle. Headless there is no sheet to
// drag nor window size class to adapt to: each is recorded on the content's nodes
// (`presentationCompactAdaptation=sheet`, `dialogSeverity=critical`…) for tests to read.

/// A sheet height worked out by a type (SwiftUI's `CustomPresentationDetent`): used as
/// `.presentationDetents([.custom(BarDetent.self)])`, recorded as `custom(BarDetent)`.
public protocol CustomPresentationDetent {
    typealias Context = PresentationDetent.Context

    /// The detent's height in `context`; `nil` leaves it out.
    static func height(in context: Self.Context) -> CGFloat?
}

extension PresentationDetent {
    /// A detent whose height `type` works out.
    public static func custom<D: CustomPresentationDetent>(_ type: D.Type) -> PresentationDetent {
        PresentationDetent(description: "custom(\(_typeName(D.self, qualified: false)))")
    }

    /// What a ``CustomPresentationDetent`` works its height out from (SwiftUI's
    /// `PresentationDetent.Context`): the largest height a sheet may take, and the environment.
    @dynamicMemberLookup
    public struct Context {
        /// The height of the tallest detent the sheet can take.
        public let maxDetentValue: CGFloat
        let environment: EnvironmentValues

        init(maxDetentValue: CGFloat, environment: EnvironmentValues = EnvironmentValues()) {
            self.maxDetentValue = maxDetentValue
            self.environment = environment
        }

        /// A value of the sheet's environment.
        public subscript<T>(dynamicMember keyPath: KeyPath<EnvironmentValues, T>) -> T {
            environment[keyPath: keyPath]
        }
    }
}

/// Where a popover points (SwiftUI's `PopoverAttachmentAnchor`); headless it has no effect.
public enum PopoverAttachmentAnchor {
    /// A rectangle of the presenting view (`.rect(.bounds)`: all of it).
    case rect(Anchor<CGRect>.Source)
    /// A point of the presenting view.
    case point(UnitPoint)
}

/// How a presentation adapts to a compact size class (SwiftUI's `PresentationAdaptation`).
public struct PresentationAdaptation: Sendable, CustomStringConvertible {
    public let description: String
    public static var automatic: PresentationAdaptation { PresentationAdaptation(description: "automatic") }
    public static var none: PresentationAdaptation { PresentationAdaptation(description: "none") }
    public static var popover: PresentationAdaptation { PresentationAdaptation(description: "popover") }
    public static var sheet: PresentationAdaptation { PresentationAdaptation(description: "sheet") }
    public static var fullScreenCover: PresentationAdaptation { PresentationAdaptation(description: "fullScreenCover") }
}

/// Whether the view behind a sheet takes touches (SwiftUI's `PresentationBackgroundInteraction`).
public struct PresentationBackgroundInteraction: Sendable, CustomStringConvertible {
    public let description: String
    public static var automatic: PresentationBackgroundInteraction { Self(description: "automatic") }
    public static var enabled: PresentationBackgroundInteraction { Self(description: "enabled") }
    public static var disabled: PresentationBackgroundInteraction { Self(description: "disabled") }

    /// Enabled while the sheet rests at `detent` or lower.
    public static func enabled(upThrough detent: PresentationDetent) -> PresentationBackgroundInteraction {
        Self(description: "enabled(upThrough: \(detent))")
    }
}

/// Whether swiping a sheet's scrollable content scrolls it or resizes the sheet (SwiftUI's
/// `PresentationContentInteraction`).
public struct PresentationContentInteraction: Equatable, Sendable, CustomStringConvertible {
    public let description: String
    public static var automatic: PresentationContentInteraction { Self(description: "automatic") }
    public static var resizes: PresentationContentInteraction { Self(description: "resizes") }
    public static var scrolls: PresentationContentInteraction { Self(description: "scrolls") }
}

/// How important a dialog is (SwiftUI's `DialogSeverity`, macOS): recorded.
public struct DialogSeverity: Equatable, Sendable, CustomStringConvertible {
    public let description: String
    public static let automatic = DialogSeverity(description: "automatic")
    public static let standard = DialogSeverity(description: "standard")
    public static let critical = DialogSeverity(description: "critical")
}

/// How a window or presentation is dismissed (SwiftUI's `DismissBehavior`): interactively (the
/// system may ask to save) or destructively (at once).
public struct DismissBehavior: Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public static let interactive = DismissBehavior(description: "interactive")
    public static let destructive = DismissBehavior(description: "destructive")
}

extension View {
    private func presentationOption(_ key: String, _ value: String) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: key, value: value))
    }

    /// How a popover or sheet in this content adapts to a compact size class; recorded.
    public func presentationCompactAdaptation(_ adaptation: PresentationAdaptation) -> ModifiedContent<Self, _StyleModifier> {
        presentationOption("presentationCompactAdaptation", adaptation.description)
    }

    /// How a presentation adapts to compact widths and heights; recorded (`horizontal vertical`).
    public func presentationCompactAdaptation(
        horizontal horizontalAdaptation: PresentationAdaptation, vertical verticalAdaptation: PresentationAdaptation
    ) -> ModifiedContent<Self, _StyleModifier> {
        presentationOption("presentationCompactAdaptation", "\(horizontalAdaptation) \(verticalAdaptation)")
    }

    /// Whether the view behind the sheet takes touches; recorded.
    public func presentationBackgroundInteraction(_ interaction: PresentationBackgroundInteraction)
        -> ModifiedContent<Self, _StyleModifier>
    {
        presentationOption("presentationBackgroundInteraction", interaction.description)
    }

    /// Whether swiping the sheet's content scrolls it or resizes the sheet; recorded.
    public func presentationContentInteraction(_ behavior: PresentationContentInteraction)
        -> ModifiedContent<Self, _StyleModifier>
    {
        presentationOption("presentationContentInteraction", behavior.description)
    }

    /// A view behind the sheet's content; recorded by its type.
    public func presentationBackground<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
        -> ModifiedContent<Self, _StyleModifier>
    {
        presentationOption("presentationBackground", _typeName(V.self, qualified: false))
    }

    /// How severe the dialogs in this content are (macOS); recorded.
    public func dialogSeverity(_ severity: DialogSeverity) -> ModifiedContent<Self, _StyleModifier> {
        presentationOption("dialogSeverity", severity.description)
    }

    /// The icon of the dialogs in this content (macOS); recorded by the image's name.
    public func dialogIcon(_ icon: Image?) -> ModifiedContent<Self, _StyleModifier> {
        presentationOption("dialogIcon", icon?.name ?? "none")
    }

    /// The "Do not ask again" toggle of the dialogs in this content, labelled `title`; recorded
    /// with whether it is on.
    public func dialogSuppression<S: StringProtocol>(_ title: S, isSuppressed: Binding<Bool>)
        -> ModifiedContent<Self, _StyleModifier>
    {
        presentationOption("dialogSuppressionToggle", "\(title) \(isSuppressed.wrappedValue ? "on" : "off")")
    }

    public func dialogSuppressionToggle(_ titleKey: LocalizedStringKey, isSuppressed: Binding<Bool>)
        -> ModifiedContent<Self, _StyleModifier>
    {
        presentationOption("dialogSuppressionToggle", "\(Text(titleKey).content) \(isSuppressed.wrappedValue ? "on" : "off")")
    }

    public func dialogSuppressionToggle(_ label: Text, isSuppressed: Binding<Bool>) -> ModifiedContent<Self, _StyleModifier> {
        presentationOption("dialogSuppressionToggle", "\(label.content) \(isSuppressed.wrappedValue ? "on" : "off")")
    }

    /// The toggle with its standard label ("Do not ask again").
    public func dialogSuppressionToggle(isSuppressed: Binding<Bool>) -> ModifiedContent<Self, _StyleModifier> {
        presentationOption("dialogSuppressionToggle", "Do not ask again \(isSuppressed.wrappedValue ? "on" : "off")")
    }

    /// The width of the inspector column; recorded.
    public func inspectorColumnWidth(_ width: CGFloat) -> ModifiedContent<Self, _StyleModifier> {
        presentationOption("inspectorColumnWidth", _number(Double(width)))
    }

    /// The inspector column's bounds; recorded (`min ideal max`, `-` where unset).
    public func inspectorColumnWidth(min: CGFloat? = nil, ideal: CGFloat, max: CGFloat? = nil)
        -> ModifiedContent<Self, _StyleModifier>
    {
        let bound = { (value: CGFloat?) in value.map { _number(Double($0)) } ?? "-" }
        return presentationOption("inspectorColumnWidth", "\(bound(min)) \(bound(ideal)) \(bound(max))")
    }
}
