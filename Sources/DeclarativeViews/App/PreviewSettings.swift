import Foundation

// What a `PreviewProvider`'s previews say about how Xcode should show them — device, layout,
// name, orientation, platform, context. Headless there is no canvas: each is recorded on the
// preview's nodes (`previewDevice=iPhone 15`, `previewLayout=fixed 320×200`…), so previews
// written for Xcode compile and a test can read what they ask for.

/// The orientation of the device's interface (SwiftUI's `InterfaceOrientation`).
public struct InterfaceOrientation: CaseIterable, Identifiable, Equatable, Sendable {
    /// The orientation's name (`portrait`, `landscapeLeft`…).
    public let id: String

    public static let portrait = InterfaceOrientation(id: "portrait")
    public static let portraitUpsideDown = InterfaceOrientation(id: "portraitUpsideDown")
    public static let landscapeLeft = InterfaceOrientation(id: "landscapeLeft")
    public static let landscapeRight = InterfaceOrientation(id: "landscapeRight")

    public static var allCases: [InterfaceOrientation] { [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight] }
}

/// A device to preview on, by name (SwiftUI's `PreviewDevice`): `PreviewDevice(rawValue: "iPhone 15")`,
/// or a string literal.
public struct PreviewDevice: RawRepresentable, ExpressibleByStringLiteral, Sendable, Hashable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral: String) {
        rawValue = stringLiteral
    }
}

/// The platform previews are for (SwiftUI's `PreviewPlatform`).
public enum PreviewPlatform: Sendable, Hashable {
    case iOS, macOS, tvOS, watchOS
}

/// How a preview is sized (SwiftUI's `PreviewLayout`).
public enum PreviewLayout: Sendable, Hashable, CustomStringConvertible {
    /// The device's screen.
    case device
    /// As small as the content fits.
    case sizeThatFits
    /// A fixed size.
    case fixed(width: CGFloat, height: CGFloat)

    public var description: String {
        switch self {
        case .device: "device"
        case .sizeThatFits: "sizeThatFits"
        case .fixed(let width, let height): "fixed \(_number(Double(width)))×\(_number(Double(height)))"
        }
    }
}

/// A key of a ``PreviewContext`` (SwiftUI's `PreviewContextKey`).
public protocol PreviewContextKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// Values a preview is shown with, read by key (SwiftUI's `PreviewContext`, for widget
/// previews); recorded by type on the preview's nodes.
public protocol PreviewContext {
    subscript<Key: PreviewContextKey>(key: Key.Type) -> Key.Value { get }
}

extension PreviewContext {
    public subscript<Key: PreviewContextKey>(key: Key.Type) -> Key.Value { Key.defaultValue }
}

extension PreviewProvider {
    /// The platform the previews are for (`nil`: the target's).
    public static var platform: PreviewPlatform? { nil }
}

extension View {
    /// The device to preview on (recorded: `previewDevice`).
    public func previewDevice(_ value: PreviewDevice?) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "previewDevice", value: value?.rawValue ?? "default"))
    }

    /// How to size the preview (recorded: `previewLayout`).
    public func previewLayout(_ value: PreviewLayout) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "previewLayout", value: value.description))
    }

    /// The preview's name in the canvas (recorded: `previewDisplayName`).
    public func previewDisplayName(_ value: String?) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "previewDisplayName", value: value ?? ""))
    }

    /// The orientation to preview in (recorded: `previewInterfaceOrientation`).
    public func previewInterfaceOrientation(_ value: InterfaceOrientation) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "previewInterfaceOrientation", value: value.id))
    }

    /// The context to preview in (recorded: `previewContext`, the context's type).
    public func previewContext<C: PreviewContext>(_ value: C) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "previewContext", value: _typeName(C.self, qualified: false)))
    }
}
