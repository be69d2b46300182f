import Foundation

// Symbol effects as transitions (iOS 17): a view that enters or leaves with
// `.transition(.symbolEffect)` has its symbols drawn in or out, and a symbol image whose name
// changes under `.contentTransition(.symbolEffect(.replace))` swaps with the effect. Headless
// nothing is drawn: the transition is recorded with the host's ``TransitionEvent``s
// (`inserted Image "star" with transition .symbolEffect(.appear.up), …`), the content
// transition on the render tree (`contentTransition=.symbolEffect(.replace.downUp)`).

/// A symbol effect that can draw symbols in or out as their view enters or leaves (Symbols'
/// `TransitionSymbolEffect`).
public protocol TransitionSymbolEffect {}

/// A symbol effect that can replace one symbol by another (Symbols'
/// `ContentTransitionSymbolEffect`).
public protocol ContentTransitionSymbolEffect {}

extension AppearSymbolEffect: TransitionSymbolEffect {}
extension DisappearSymbolEffect: TransitionSymbolEffect {}

/// The system's choice of effect for the context (`.automatic`): a transition and a content
/// transition.
public struct AutomaticSymbolEffect: _NamedSymbolEffect, TransitionSymbolEffect, ContentTransitionSymbolEffect {
    public var _recordedName = "automatic"
}

/// One symbol replaced by another (`.replace`, `.replace.downUp.byLayer`).
public struct ReplaceSymbolEffect: _NamedSymbolEffect, ContentTransitionSymbolEffect {
    public var _recordedName = "replace"
    public var downUp: Self { adding("downUp") }
    public var upUp: Self { adding("upUp") }
    public var offUp: Self { adding("offUp") }
    public var byLayer: Self { adding("byLayer") }
    public var wholeSymbol: Self { adding("wholeSymbol") }
}

extension SymbolEffect where Self == AutomaticSymbolEffect {
    public static var automatic: AutomaticSymbolEffect { .init() }
}
extension SymbolEffect where Self == ReplaceSymbolEffect { public static var replace: ReplaceSymbolEffect { .init() } }

/// A transition that draws the symbols of a view in as it appears and out as it goes away, with
/// a symbol effect (SwiftUI's `SymbolEffectTransition`). Recorded with the transition events as
/// `.symbolEffect(.appear.up)` (with the options: `.symbolEffect(.appear speed 2)`).
public nonisolated struct SymbolEffectTransition: Transition {
    /// The effect's recorded name and options.
    private let recorded: String

    /// A transition with `effect`, run with `options`.
    public init<T: SymbolEffect & TransitionSymbolEffect>(effect: T, options: SymbolEffectOptions) {
        recorded = effect._recordedName + options.recorded
    }

    /// The content as it is: headless the effect draws nothing in any phase.
    @MainActor public func body(content: Content, phase: TransitionPhase) -> Content { content }

    /// The effect moves no view.
    public nonisolated static let properties = TransitionProperties(hasMotion: false)

    public nonisolated var _anyTransition: AnyTransition { AnyTransition(named: "symbolEffect(.\(recorded))") }
}

extension Transition where Self == SymbolEffectTransition {
    /// The system's symbol effect for the symbols entering or leaving (`.automatic`).
    public static var symbolEffect: SymbolEffectTransition { SymbolEffectTransition(effect: .automatic, options: .default) }

    /// `effect` on the symbols entering or leaving, run with `options`.
    public static func symbolEffect<T: SymbolEffect & TransitionSymbolEffect>(
        _ effect: T, options: SymbolEffectOptions = .default
    ) -> SymbolEffectTransition {
        SymbolEffectTransition(effect: effect, options: options)
    }
}

extension ContentTransition {
    /// The system's symbol effect when a symbol image changes (`.automatic`).
    public static var symbolEffect: ContentTransition { ContentTransition(".symbolEffect(.automatic)") }

    /// `effect` when a symbol image changes, run with `options`.
    public static func symbolEffect<T: ContentTransitionSymbolEffect & SymbolEffect>(
        _ effect: T, options: SymbolEffectOptions = .default
    ) -> ContentTransition {
        ContentTransition(".symbolEffect(.\(effect._recordedName + options.recorded))")
    }
}
