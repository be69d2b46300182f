// SF Symbol animations (the Symbols framework's `SymbolEffect` types, which SwiftUI's
// `.symbolEffect(_:options:isActive:)` and `.symbolEffect(_:options:value:)` take). Headless nothing
// animates: the effect is recorded on the nodes of the content, with its options and what starts it
// (`symbolEffect=pulse.byLayer`, `symbolEffect=bounce.up on 3`, `symbolEffect=scale inactive`).

/// An animation of a symbol (Symbols' `SymbolEffect`), recorded by its name and variants.
public protocol SymbolEffect: Sendable, Hashable {
    /// How the effect is recorded (`bounce.up.byLayer`).
    var _recordedName: String { get }
}

/// An effect that runs while it is active (Symbols' `IndefiniteSymbolEffect`).
public protocol IndefiniteSymbolEffect {}

/// An effect that runs once each time a value changes (Symbols' `DiscreteSymbolEffect`).
public protocol DiscreteSymbolEffect {}

/// The effects here: a name and the variants chained after it.
public protocol _NamedSymbolEffect: SymbolEffect {
    var _recordedName: String { get set }
}

extension _NamedSymbolEffect {
    /// The effect with `variant` added to its name.
    func adding(_ variant: String) -> Self {
        var effect = self
        effect._recordedName += "." + variant
        return effect
    }
}

/// A symbol that bounces (`.bounce`, `.bounce.up`, `.bounce.down.byLayer`).
public struct BounceSymbolEffect: _NamedSymbolEffect, DiscreteSymbolEffect {
    public var _recordedName = "bounce"
    public var up: Self { adding("up") }
    public var down: Self { adding("down") }
    public var byLayer: Self { adding("byLayer") }
    public var wholeSymbol: Self { adding("wholeSymbol") }
}

/// A symbol whose opacity pulses (`.pulse`).
public struct PulseSymbolEffect: _NamedSymbolEffect, IndefiniteSymbolEffect, DiscreteSymbolEffect {
    public var _recordedName = "pulse"
    public var byLayer: Self { adding("byLayer") }
    public var wholeSymbol: Self { adding("wholeSymbol") }
}

/// A symbol whose layers light up in turn (`.variableColor.iterative.reversing`).
public struct VariableColorSymbolEffect: _NamedSymbolEffect, IndefiniteSymbolEffect, DiscreteSymbolEffect {
    public var _recordedName = "variableColor"
    public var iterative: Self { adding("iterative") }
    public var cumulative: Self { adding("cumulative") }
    public var reversing: Self { adding("reversing") }
    public var nonReversing: Self { adding("nonReversing") }
    public var hideInactiveLayers: Self { adding("hideInactiveLayers") }
    public var dimInactiveLayers: Self { adding("dimInactiveLayers") }
}

/// A symbol scaled up or down while active (`.scale.up`).
public struct ScaleSymbolEffect: _NamedSymbolEffect, IndefiniteSymbolEffect {
    public var _recordedName = "scale"
    public var up: Self { adding("up") }
    public var down: Self { adding("down") }
    public var byLayer: Self { adding("byLayer") }
    public var wholeSymbol: Self { adding("wholeSymbol") }
}

/// A symbol drawn in (`.appear`), or hidden while active.
public struct AppearSymbolEffect: _NamedSymbolEffect, IndefiniteSymbolEffect {
    public var _recordedName = "appear"
    public var up: Self { adding("up") }
    public var down: Self { adding("down") }
    public var byLayer: Self { adding("byLayer") }
    public var wholeSymbol: Self { adding("wholeSymbol") }
}

/// A symbol drawn out (`.disappear`) while active.
public struct DisappearSymbolEffect: _NamedSymbolEffect, IndefiniteSymbolEffect {
    public var _recordedName = "disappear"
    public var up: Self { adding("up") }
    public var down: Self { adding("down") }
    public var byLayer: Self { adding("byLayer") }
    public var wholeSymbol: Self { adding("wholeSymbol") }
}

extension SymbolEffect where Self == BounceSymbolEffect { public static var bounce: BounceSymbolEffect { .init() } }
extension SymbolEffect where Self == PulseSymbolEffect { public static var pulse: PulseSymbolEffect { .init() } }
extension SymbolEffect where Self == VariableColorSymbolEffect {
    public static var variableColor: VariableColorSymbolEffect { .init() }
}
extension SymbolEffect where Self == ScaleSymbolEffect { public static var scale: ScaleSymbolEffect { .init() } }
extension SymbolEffect where Self == AppearSymbolEffect { public static var appear: AppearSymbolEffect { .init() } }
extension SymbolEffect where Self == DisappearSymbolEffect { public static var disappear: DisappearSymbolEffect { .init() } }

/// How a symbol effect runs (Symbols' `SymbolEffectOptions`): how often, how fast.
public struct SymbolEffectOptions: Sendable, Hashable {
    /// `repeat 2`, `repeating`, `nonRepeating`, or nothing for the effect's own.
    private var repetition: String?
    private var speedFactor: Double?

    public static let `default` = SymbolEffectOptions()
    public static var repeating: SymbolEffectOptions { SymbolEffectOptions().repeating }
    public static var nonRepeating: SymbolEffectOptions { SymbolEffectOptions().nonRepeating }
    public static func `repeat`(_ count: Int) -> SymbolEffectOptions { SymbolEffectOptions().repeat(count) }
    public static func speed(_ speed: Double) -> SymbolEffectOptions { SymbolEffectOptions().speed(speed) }

    public var repeating: SymbolEffectOptions { with(repetition: "repeating") }
    public var nonRepeating: SymbolEffectOptions { with(repetition: "nonRepeating") }
    public func `repeat`(_ count: Int) -> SymbolEffectOptions { with(repetition: "repeat \(count)") }

    public func speed(_ speed: Double) -> SymbolEffectOptions {
        var options = self
        options.speedFactor = speed
        return options
    }

    /// How the options are recorded after the effect (` repeat 2 speed 1.5`; empty by default).
    var recorded: String {
        (repetition.map { " " + $0 } ?? "") + (speedFactor.map { " speed \(_number($0))" } ?? "")
    }

    private func with(repetition: String) -> SymbolEffectOptions {
        var options = self
        options.repetition = repetition
        return options
    }
}

extension View {
    /// Runs `effect` on the symbols inside while `isActive`: recorded (`symbolEffect=pulse`, with
    /// ` inactive` when it is not).
    public func symbolEffect<T: IndefiniteSymbolEffect & SymbolEffect>(_ effect: T, options: SymbolEffectOptions = .default,
                                                                        isActive: Bool = true) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "symbolEffect", value: effect._recordedName + options.recorded + (isActive ? "" : " inactive")))
    }

    /// Runs `effect` on the symbols inside each time `value` changes: recorded with the value it
    /// last ran for (`symbolEffect=bounce on 3`).
    public func symbolEffect<T: DiscreteSymbolEffect & SymbolEffect, U: Equatable>(_ effect: T, options: SymbolEffectOptions = .default,
                                                                                   value: U) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "symbolEffect", value: effect._recordedName + options.recorded + " on \(value)"))
    }
}
