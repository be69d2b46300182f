/// The context of a change (SwiftUI's `Transaction`): the animation it runs with, whether
/// implicit animations are disabled, and values of your own (``TransactionKey``).
///
/// A state write takes the transaction current when it is made — the one ``withAnimation(_:_:)``
/// or ``withTransaction(_:_:)`` set up around it, or none — and the update that applies it
/// delivers that transaction to the views it changes. Going down the view tree,
/// ``View/transaction(_:)`` and ``View/animation(_:value:)`` modify it for their content.
/// Headless there are no frames: changes apply at once, and the transaction is recorded (see
/// ``ViewHost/lastTransaction`` and ``ViewHost/transitionEvents``).
public struct Transaction: CustomStringConvertible {
    /// The animation of the change, or `nil` for none.
    public var animation: Animation?
    /// Whether the change should ignore implicit animations: ``View/animation(_:value:)``
    /// modifiers leave the transaction's animation alone when set.
    public var disablesAnimations = false
    /// Whether the change is part of a continuous interaction (a drag).
    public var isContinuous = false
    /// Whether the animations of the change should track the gesture's velocity.
    public var tracksVelocity = false
    /// How a window dismissed in the change goes away: ``DismissBehavior/interactive`` (the
    /// default: the app may intervene) or ``DismissBehavior/destructive``. Carried and recorded
    /// (``description``); headless no window asks to save.
    public var dismissBehavior: DismissBehavior = .interactive
    /// Values of custom ``TransactionKey``s, by key type.
    var values: [ObjectIdentifier: Any] = [:]
    /// What runs when the transaction's animations complete.
    var completions: [AnimationCompletion] = []

    public init() {}

    public init(animation: Animation?) {
        self.animation = animation
    }

    /// The value of a custom key (its ``TransactionKey/defaultValue`` until set).
    public subscript<K: TransactionKey>(key: K.Type) -> K.Value {
        get { values[ObjectIdentifier(key)].map { $0 as! K.Value } ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// Runs `completion` when the animations of the transaction's changes complete — headless,
    /// after the flush that applied them (their animations complete at once).
    public mutating func addAnimationCompletion(
        criteria: AnimationCompletionCriteria = .logicallyComplete, _ completion: @escaping () -> Void
    ) {
        completions.append(AnimationCompletion(completion))
    }

    /// Whether the transaction carries nothing: no animation, no flag, no custom value.
    var isEmpty: Bool {
        animation == nil && !disablesAnimations && !isContinuous && !tracksVelocity && values.isEmpty
            && completions.isEmpty && dismissBehavior == .interactive
    }

    /// `Transaction(animation: .spring, disablesAnimations: true)`: what is set, in that order.
    public var description: String {
        var parts = ["animation: \(animation.map(\.description) ?? "nil")"]
        if disablesAnimations { parts.append("disablesAnimations: true") }
        if isContinuous { parts.append("isContinuous: true") }
        if tracksVelocity { parts.append("tracksVelocity: true") }
        if dismissBehavior != .interactive { parts.append("dismissBehavior: \(dismissBehavior)") }
        if !values.isEmpty { parts.append("custom values: \(values.count)") }
        return "Transaction(\(parts.joined(separator: ", ")))"
    }

    /// The transaction set up by the innermost `withAnimation` / `withTransaction` running now on
    /// this thread (or task): state writes read it (one task-local load and a test when there is
    /// none). Each thread has its own, so `withAnimation` on one thread never touches another's.
    static var current: Transaction? { scoped?.transaction }
    /// ``current``, as a task-local value (a box: a transaction's completions and custom values
    /// are not `Sendable`, but the box is only read by the thread or task that set it).
    @TaskLocal fileprivate static var scoped: TransactionScopeBox?
}

/// A custom value a ``Transaction`` carries (SwiftUI's `TransactionKey`):
///
///     struct Source: TransactionKey { static let defaultValue = "unknown" }
///     withTransaction(\.[key: Source.self], "button") { isOn.toggle() }
public protocol TransactionKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// Runs `body` with `animation` as the transaction's animation: the state writes it makes are
/// applied by an update that carries it (nested calls: the innermost wins). Headless the changes
/// still apply at once; the animation is recorded on what they re-render.
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    var transaction = Transaction.current ?? Transaction()
    transaction.animation = animation
    return try withTransaction(transaction, body)
}

/// Runs `body` with `animation`, then `completion` when the animation completes: headless, after
/// the flush that applied the changes `body` made (at once, when it changed no state).
@discardableResult
public func withAnimation<Result>(
    _ animation: Animation? = .default, completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
    _ body: () throws -> Result, completion: @escaping () -> Void
) rethrows -> Result {
    var transaction = Transaction.current ?? Transaction()
    transaction.animation = animation
    transaction.addAnimationCompletion(criteria: completionCriteria, completion)
    let added = transaction.completions[transaction.completions.count - 1]
    defer {
        // No write took the transaction: nothing will animate, so the animation is complete.
        if !added.isDelivered { added.run() }
    }
    return try withTransaction(transaction, body)
}

/// Runs `body` with `transaction` as the current transaction: the state writes it makes are
/// applied by an update that carries it.
@discardableResult
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    try Transaction.$scoped.withValue(TransactionScopeBox(transaction), operation: body)
}

/// Runs `body` with one property of the current transaction set:
/// `withTransaction(\.disablesAnimations, true) { … }`.
@discardableResult
public func withTransaction<R, V>(_ keyPath: WritableKeyPath<Transaction, V>, _ value: V, _ body: () throws -> R)
    rethrows -> R
{
    var transaction = Transaction.current ?? Transaction()
    transaction[keyPath: keyPath] = value
    return try withTransaction(transaction, body)
}

/// When an animation counts as complete (SwiftUI's `AnimationCompletionCriteria`). Headless an
/// animation completes as soon as the update that applied its changes is done, whichever is asked.
public struct AnimationCompletionCriteria: Hashable, Sendable {
    let name: String

    /// When the animation's value reaches its target (a spring may still move a little).
    public static let logicallyComplete = AnimationCompletionCriteria(name: "logicallyComplete")
    /// When the animation is removed from the view.
    public static let removed = AnimationCompletionCriteria(name: "removed")
}

/// A completion added to a transaction: it runs once, however many writes carried it.
final class AnimationCompletion {
    private var action: (() -> Void)?
    /// Whether a state write took the transaction (then the update that applies it runs this).
    var isDelivered = false

    init(_ action: @escaping () -> Void) {
        self.action = action
    }

    func run() {
        guard let action else { return }
        self.action = nil
        action()
    }
}

/// Holds the current transaction for ``Transaction/current``.
final class TransactionScopeBox: @unchecked Sendable {
    let transaction: Transaction
    init(_ transaction: Transaction) { self.transaction = transaction }
}
