import Foundation

// Dictation in text input (iOS 17): whether a search field offers a microphone and when it turns
// on. Headless there is no microphone: the behaviour is recorded on the content's nodes
// (`searchDictationBehavior=inline(activation: onLook)`).

/// What starts dictation in a text field that offers it inline (SwiftUI's
/// `TextInputDictationActivation`).
public struct TextInputDictationActivation: Equatable, Sendable, CustomStringConvertible {
    public let description: String

    /// When the person looks at the field (visionOS).
    public static let onLook = TextInputDictationActivation(description: "onLook")
    /// When the person selects the field.
    public static let onSelect = TextInputDictationActivation(description: "onSelect")
}

/// Whether and how a text field offers dictation (SwiftUI's `TextInputDictationBehavior`).
public struct TextInputDictationBehavior: Equatable, Sendable, CustomStringConvertible {
    public let description: String

    /// The platform's choice.
    public static let automatic = TextInputDictationBehavior(description: "automatic")

    /// A microphone in the field, turned on by `activation`.
    public static func inline(activation: TextInputDictationActivation) -> TextInputDictationBehavior {
        TextInputDictationBehavior(description: "inline(activation: \(activation))")
    }
}

extension View {
    /// How the search fields inside offer dictation: recorded
    /// (`searchDictationBehavior=inline(activation: onSelect)`).
    public func searchDictationBehavior(_ dictationBehavior: TextInputDictationBehavior)
        -> ModifiedContent<Self, _StyleModifier>
    {
        modifier(_StyleModifier(key: "searchDictationBehavior", value: dictationBehavior.description))
    }
}
