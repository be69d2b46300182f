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

    public func autocorrectionDisabled(_ disable: Bool = true) -> ModifiedContent<Self, _StyleModifier> {
        trait("autocorrectionDisabled", disable ? "true" : "false")
    }

    public func disableAutocorrection(_ disable: Bool?) -> ModifiedContent<Self, _StyleModifier> {
        trait("autocorrectionDisabled", disable.map { $0 ? "true" : "false" } ?? "default")
    }

    public func textContentType(_ textContentType: UITextContentType?) -> ModifiedContent<Self, _StyleModifier> {
        trait("textContentType", textContentType?.rawValue ?? "none")
    }

    public func monospacedDigit() -> ModifiedContent<Self, _StyleModifier> { trait("monospacedDigit", "") }

    public func imageScale(_ scale: Image.Scale) -> ModifiedContent<Self, _StyleModifier> { trait("imageScale", "\(scale)") }

    public func headerProminence(_ prominence: Prominence) -> ModifiedContent<Self, _StyleModifier> {
        trait("headerProminence", "\(prominence)")
    }
}
