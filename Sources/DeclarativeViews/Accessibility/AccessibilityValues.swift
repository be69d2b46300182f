import Foundation

// The small value types accessibility modifiers take. Headless, no assistive technology reads them:
// each is recorded by name on the nodes of the view it is attached to (see
// ``AccessibilityAttachmentModifier``), where tests read it and the driver acts on it.

/// What kind of accessibility action a handler performs (SwiftUI's `AccessibilityActionKind`):
/// the element's default activation, a named custom action, escape, the magic tap…
public struct AccessibilityActionKind: Equatable, Sendable {
    /// The name the action is recorded and performed by (``ViewHost/performAccessibilityAction(_:on:)``).
    let name: String

    /// The element's activation (a double tap under VoiceOver).
    public static let `default` = AccessibilityActionKind(name: "default")
    /// Dismisses a modal view or leaves a mode (the two-finger scrub).
    public static let escape = AccessibilityActionKind(name: "escape")
    /// The app's most important action (a two-finger double tap).
    public static let magicTap = AccessibilityActionKind(name: "magicTap")
    /// Deletes the element's content.
    public static let delete = AccessibilityActionKind(name: "delete")
    /// Shows the element's menu.
    public static let showMenu = AccessibilityActionKind(name: "showMenu")

    /// A custom action, listed by its name.
    public init(named name: Text) {
        self.name = name.content
    }

    init(name: String) {
        self.name = name
    }
}

/// Which way an adjustable element is adjusted (SwiftUI's `AccessibilityAdjustmentDirection`):
/// a swipe up increments, a swipe down decrements.
public enum AccessibilityAdjustmentDirection: Sendable {
    case increment
    case decrement
}

/// A heading's level (SwiftUI's `AccessibilityHeadingLevel`), recorded as `h1`…`h6` or `unspecified`.
public enum AccessibilityHeadingLevel: UInt, Sendable {
    case unspecified = 0
    case h1, h2, h3, h4, h5, h6
}

/// The part a view plays in a labelled pair (SwiftUI's `AccessibilityLabeledPairRole`).
public enum AccessibilityLabeledPairRole: Sendable {
    case label
    case content
}

/// What kind of text an element holds, for how it is read (SwiftUI's `AccessibilityTextContentType`).
public struct AccessibilityTextContentType: Sendable {
    let name: String

    public static let plain = AccessibilityTextContentType(name: "plain")
    public static let console = AccessibilityTextContentType(name: "console")
    public static let fileSystem = AccessibilityTextContentType(name: "fileSystem")
    public static let messaging = AccessibilityTextContentType(name: "messaging")
    public static let narrative = AccessibilityTextContentType(name: "narrative")
    public static let sourceCode = AccessibilityTextContentType(name: "sourceCode")
    public static let spreadsheet = AccessibilityTextContentType(name: "spreadsheet")
    public static let wordProcessing = AccessibilityTextContentType(name: "wordProcessing")
}

/// How a direct-touch area behaves under VoiceOver (SwiftUI's `AccessibilityDirectTouchOptions`).
public struct AccessibilityDirectTouchOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// VoiceOver does not speak while the area is touched.
    public static let silentOnTouch = AccessibilityDirectTouchOptions(rawValue: 1 << 0)
    /// Direct touch starts only after the element is activated.
    public static let requiresActivation = AccessibilityDirectTouchOptions(rawValue: 1 << 1)

    /// `silentOnTouch requiresActivation`: the options' names.
    var names: String {
        [(Self.silentOnTouch, "silentOnTouch"), (Self.requiresActivation, "requiresActivation")]
            .filter { contains($0.0) }.map(\.1).joined(separator: " ")
    }
}

/// The assistive technologies an accessibility focus state follows (SwiftUI's
/// `AccessibilityTechnologies`).
public struct AccessibilityTechnologies: SetAlgebra, Sendable {
    var rawValue: UInt

    public init() { rawValue = 0 }
    init(rawValue: UInt) { self.rawValue = rawValue }

    public static var voiceOver: AccessibilityTechnologies { AccessibilityTechnologies(rawValue: 1 << 0) }
    public static var switchControl: AccessibilityTechnologies { AccessibilityTechnologies(rawValue: 1 << 1) }

    public func contains(_ member: AccessibilityTechnologies) -> Bool { rawValue & member.rawValue == member.rawValue }
    public func union(_ other: AccessibilityTechnologies) -> AccessibilityTechnologies {
        AccessibilityTechnologies(rawValue: rawValue | other.rawValue)
    }
    public func intersection(_ other: AccessibilityTechnologies) -> AccessibilityTechnologies {
        AccessibilityTechnologies(rawValue: rawValue & other.rawValue)
    }
    public func symmetricDifference(_ other: AccessibilityTechnologies) -> AccessibilityTechnologies {
        AccessibilityTechnologies(rawValue: rawValue ^ other.rawValue)
    }
    @discardableResult
    public mutating func insert(_ newMember: AccessibilityTechnologies)
        -> (inserted: Bool, memberAfterInsert: AccessibilityTechnologies)
    {
        let inserted = !contains(newMember)
        rawValue |= newMember.rawValue
        return (inserted, newMember)
    }
    @discardableResult
    public mutating func remove(_ member: AccessibilityTechnologies) -> AccessibilityTechnologies? {
        let removed = intersection(member)
        rawValue &= ~member.rawValue
        return removed.rawValue == 0 ? nil : removed
    }
    @discardableResult
    public mutating func update(with newMember: AccessibilityTechnologies) -> AccessibilityTechnologies? {
        let present = intersection(newMember)
        rawValue |= newMember.rawValue
        return present.rawValue == 0 ? nil : present
    }
    public mutating func formUnion(_ other: AccessibilityTechnologies) { rawValue |= other.rawValue }
    public mutating func formIntersection(_ other: AccessibilityTechnologies) { rawValue &= other.rawValue }
    public mutating func formSymmetricDifference(_ other: AccessibilityTechnologies) { rawValue ^= other.rawValue }
}

/// The key of a piece of custom accessibility content (SwiftUI's `AccessibilityCustomContentKey`):
/// a label, and an identifier that later content with the same key replaces.
public struct AccessibilityCustomContentKey {
    let label: String
    let id: String

    public init(_ label: Text, id: String) {
        self.label = label.content
        self.id = id
    }

    public init(_ labelKey: LocalizedStringKey, id: String) {
        label = labelKey.visible
        self.id = id
    }

    /// A key whose identifier is its label.
    public init(_ labelKey: LocalizedStringKey) {
        label = labelKey.visible
        id = labelKey.key
    }
}

/// Custom accessibility content (the Accessibility framework's `AXCustomContent`): only its
/// importance, which `accessibilityCustomContent(_:_:importance:)` takes.
public final class AXCustomContent {
    /// Whether VoiceOver reads the content with the element (`high`) or on request (`default`).
    public enum Importance: UInt, Sendable {
        case `default`
        case high
    }

    private init() {}
}

/// A zoom an assistive technology asks an element for (SwiftUI's `AccessibilityZoomGestureAction`).
public struct AccessibilityZoomGestureAction {
    /// In or out.
    public enum Direction: Sendable {
        case zoomIn
        case zoomOut
    }

    /// Which way to zoom.
    public let direction: Direction
    /// Where, in the element's unit square.
    public let location: UnitPoint
    /// Where, in the element's coordinates.
    public let point: CGPoint

    init(direction: Direction, location: UnitPoint, point: CGPoint) {
        self.direction = direction
        self.location = location
        self.point = point
    }
}
