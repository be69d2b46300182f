/// Keyboard and text-input traits (SwiftUI's modifiers over UIKit's types, which this module
/// declares for Linux): recorded on the render tree for tests to read — headless there is no
/// keyboard to configure.

/// The keyboard a text field asks for (UIKit's `UIKeyboardType`).
public enum UIKeyboardType: Int, Sendable, CaseIterable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress,
        decimalPad, twitter, webSearch, asciiCapableNumberPad
    public static let alphabet = UIKeyboardType.asciiCapable
}

/// How a text field capitalises what is typed (UIKit's `UITextAutocapitalizationType`).
public enum UITextAutocapitalizationType: Int, Sendable, CaseIterable {
    case none, words, sentences, allCharacters
}

/// What a text field holds, for autofill (UIKit's `UITextContentType`).
public struct UITextContentType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let name = Self(rawValue: "name")
    public static let givenName = Self(rawValue: "givenName")
    public static let familyName = Self(rawValue: "familyName")
    public static let nickname = Self(rawValue: "nickname")
    public static let organizationName = Self(rawValue: "organizationName")
    public static let fullStreetAddress = Self(rawValue: "fullStreetAddress")
    public static let addressCity = Self(rawValue: "addressCity")
    public static let postalCode = Self(rawValue: "postalCode")
    public static let countryName = Self(rawValue: "countryName")
    public static let telephoneNumber = Self(rawValue: "telephoneNumber")
    public static let emailAddress = Self(rawValue: "emailAddress")
    public static let URL = Self(rawValue: "URL")
    public static let creditCardNumber = Self(rawValue: "creditCardNumber")
    public static let username = Self(rawValue: "username")
    public static let password = Self(rawValue: "password")
    public static let newPassword = Self(rawValue: "newPassword")
    public static let oneTimeCode = Self(rawValue: "oneTimeCode")
}

/// How a text field capitalises what is typed (SwiftUI's own type, iOS 15 and later).
public struct TextInputAutocapitalization: Sendable, CustomStringConvertible {
    public let description: String
    public static let never = Self(description: "never")
    public static let words = Self(description: "words")
    public static let sentences = Self(description: "sentences")
    public static let characters = Self(description: "characters")
}

extension TextInputAutocapitalization {
    /// The SwiftUI spelling of a UIKit autocapitalization type (`.allCharacters` is `.characters`,
    /// `.none` is `.never`).
    public init?(_ type: UITextAutocapitalizationType) {
        switch type {
        case .none: self = .never
        case .words: self = .words
        case .sentences: self = .sentences
        case .allCharacters: self = .characters
        }
    }
}

/// What a text field holds, for autofill (AppKit's `NSTextContentType`, which macOS code passes
/// to `.textContentType(_:)`).
public struct NSTextContentType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let username = Self(rawValue: "username")
    public static let password = Self(rawValue: "password")
    public static let oneTimeCode = Self(rawValue: "oneTimeCode")
}

extension Image {
    /// The relative size of symbol images (`.imageScale(_:)`).
    public enum Scale: Sendable, Hashable, CaseIterable {
        case small, medium, large
    }
}

/// How prominent a section's header is (`.headerProminence(_:)`).
public enum Prominence: Sendable, Hashable, CaseIterable {
    case standard, increased
}

extension Font {
    /// The font with digits of one width, so that changing numbers do not shift.
    public func monospacedDigit() -> Font { Font("\(description) monospacedDigit") }
}

extension View {
    private func trait(_ key: String, _ value: String) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: key, value: value))
    }

    public func keyboardType(_ type: UIKeyboardType) -> ModifiedContent<Self, _StyleModifier> {
        trait("keyboardType", "\(type)")
    }

    public func autocapitalization(_ style: UITextAutocapitalizationType) -> ModifiedContent<Self, _StyleModifier> {
        trait("autocapitalization", "\(style)")
    }

    public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> ModifiedContent<Self, _StyleModifier> {
        trait("textInputAutocapitalization", autocapitalization?.description ?? "default")
    }

    /// Turns autocorrection off for the fields inside: recorded, and set as the environment's
    /// `autocorrectionDisabled`.
    public func autocorrectionDisabled(_ disable: Bool = true) -> _RecordedEnvironment<Self, Bool?> {
        _recording("autocorrectionDisabled", disable ? "true" : "false", \.disableAutocorrection, disable)
    }

    public func disableAutocorrection(_ disable: Bool?) -> _RecordedEnvironment<Self, Bool?> {
        _recording("autocorrectionDisabled", disable.map { $0 ? "true" : "false" } ?? "default", \.disableAutocorrection, disable)
    }

    public func textContentType(_ textContentType: UITextContentType?) -> ModifiedContent<Self, _StyleModifier> {
        trait("textContentType", textContentType?.rawValue ?? "none")
    }

    /// macOS's form: recorded as the UIKit one is (`textContentType=username`). Disfavoured, so that
    /// `.textContentType(.username)` is the UIKit form.
    @_disfavoredOverload
    public func textContentType(_ textContentType: NSTextContentType?) -> ModifiedContent<Self, _StyleModifier> {
        trait("textContentType", textContentType?.rawValue ?? "none")
    }

    /// What typing the first letters of a row's name selects it by in a macOS list (recorded as
    /// `typeSelectEquivalent=Name`; `nil`: the row's own text).
    public func typeSelectEquivalent(_ text: Text?) -> ModifiedContent<Self, _StyleModifier> {
        trait("typeSelectEquivalent", text?.content ?? "none")
    }

    public func typeSelectEquivalent(_ stringKey: LocalizedStringKey) -> ModifiedContent<Self, _StyleModifier> {
        trait("typeSelectEquivalent", stringKey.visible)
    }

    @_disfavoredOverload
    public func typeSelectEquivalent<S: StringProtocol>(_ string: S) -> ModifiedContent<Self, _StyleModifier> {
        trait("typeSelectEquivalent", String(string))
    }

    public func monospacedDigit() -> ModifiedContent<Self, _StyleModifier> { trait("monospacedDigit", "") }

    public func imageScale(_ scale: Image.Scale) -> _RecordedEnvironment<Self, Image.Scale> {
        _recording("imageScale", "\(scale)", \.imageScale, scale)
    }

    public func headerProminence(_ prominence: Prominence) -> ModifiedContent<Self, _StyleModifier> {
        trait("headerProminence", "\(prominence)")
    }
}

struct DisableAutocorrectionKey: EnvironmentKey { static let defaultValue: Bool? = nil }
struct ScrollDismissesKeyboardModeKey: EnvironmentKey { static let defaultValue = ScrollDismissesKeyboardMode.automatic }
struct KeyboardShortcutKey: EnvironmentKey { static let defaultValue: KeyboardShortcut? = nil }

extension EnvironmentValues {
    /// Whether the fields inside turn autocorrection off, set by `.autocorrectionDisabled(_:)`;
    /// false by default.
    public var autocorrectionDisabled: Bool {
        get { self[DisableAutocorrectionKey.self] ?? false }
        set { self[DisableAutocorrectionKey.self] = newValue }
    }

    /// The older spelling of ``autocorrectionDisabled`` (`nil`: not set), set by
    /// `.disableAutocorrection(_:)`.
    public var disableAutocorrection: Bool? {
        get { self[DisableAutocorrectionKey.self] }
        set { self[DisableAutocorrectionKey.self] = newValue }
    }

    /// How scrolling inside dismisses the keyboard, set by `.scrollDismissesKeyboard(_:)`.
    public var scrollDismissesKeyboardMode: ScrollDismissesKeyboardMode {
        get { self[ScrollDismissesKeyboardModeKey.self] }
        set { self[ScrollDismissesKeyboardModeKey.self] = newValue }
    }

    /// The shortcut the control inside is triggered with (read-only, as in SwiftUI), set by
    /// `.keyboardShortcut(_:)`; `nil` elsewhere.
    public var keyboardShortcut: KeyboardShortcut? { self[KeyboardShortcutKey.self] }

    var _keyboardShortcut: KeyboardShortcut? {
        get { self[KeyboardShortcutKey.self] }
        set { self[KeyboardShortcutKey.self] = newValue }
    }
}
