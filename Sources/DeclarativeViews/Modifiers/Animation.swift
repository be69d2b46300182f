/// Animations compile and change nothing: headless output has no frames to animate, so every
/// change applies at once (SwiftUI's `Animation`, `Transaction`, `withAnimation`,
/// `.animation(_:value:)`).
public struct Animation: Hashable, Sendable {
    let name: String
    let duration: Double

    public static let `default` = Animation(name: "default", duration: 0.35)
    public static let linear = Animation(name: "linear", duration: 0.35)
    public static let easeIn = Animation(name: "easeIn", duration: 0.35)
    public static let easeOut = Animation(name: "easeOut", duration: 0.35)
    public static let easeInOut = Animation(name: "easeInOut", duration: 0.35)
    public static let spring = Animation(name: "spring", duration: 0.5)
    public static let bouncy = Animation(name: "bouncy", duration: 0.5)
    public static let smooth = Animation(name: "smooth", duration: 0.5)
    public static let snappy = Animation(name: "snappy", duration: 0.5)

    public static func linear(duration: Double) -> Animation { Animation(name: "linear", duration: duration) }
    public static func easeIn(duration: Double) -> Animation { Animation(name: "easeIn", duration: duration) }
    public static func easeOut(duration: Double) -> Animation { Animation(name: "easeOut", duration: duration) }
    public static func easeInOut(duration: Double) -> Animation { Animation(name: "easeInOut", duration: duration) }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation {
        Animation(name: "spring", duration: response)
    }

    public func delay(_ delay: Double) -> Animation { self }
    public func speed(_ speed: Double) -> Animation { self }
    public func repeatCount(_ count: Int, autoreverses: Bool = true) -> Animation { self }
    public func repeatForever(autoreverses: Bool = true) -> Animation { self }
}

/// The context of a change (SwiftUI's `Transaction`): its animation, which headless ignores.
public struct Transaction {
    public var animation: Animation?
    public var disablesAnimations = false

    public init(animation: Animation? = nil) {
        self.animation = animation
    }
}

/// Runs `body` at once; its changes are applied without animation (there are no frames headless).
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

/// Runs `body` at once (see ``withAnimation(_:_:)``).
@discardableResult
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

extension View {
    /// Animates changes of `value` in SwiftUI; headless, the view is unchanged.
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> Self {
        self
    }

    /// Adjusts the transaction of changes in this view in SwiftUI; headless, the view is unchanged.
    public func transaction(_ transform: @escaping (inout Transaction) -> Void) -> Self {
        self
    }
}
