/// A value that flows **up** the view tree (SwiftUI's `PreferenceKey`): views set it with
/// ``View/preference(key:value:)``, containers combine their children's values in view order
/// with ``reduce(value:nextValue:)``, and an ancestor reads the result
/// (``View/onPreferenceChange(_:perform:)``, ``View/overlayPreferenceValue(_:alignment:_:)``).
///
///     struct TitleKey: PreferenceKey {
///         static let defaultValue = ""
///         static func reduce(value: inout String, nextValue: () -> String) { value = nextValue() }
///     }
///
/// As in SwiftUI, only subtrees that set the key take part in the combination: a container
/// whose children set nothing has no value of its own, and a reader of a subtree that sets
/// nothing sees ``defaultValue``.
public protocol PreferenceKey {
    associatedtype Value
    /// The value of a subtree that sets none.
    static var defaultValue: Value { get }
    /// Combines the value so far with the next child's, in view order.
    static func reduce(value: inout Value, nextValue: () -> Value)
}

extension PreferenceKey where Value: ExpressibleByNilLiteral {
    public static var defaultValue: Value { nil }
}

/// One write of a preference on a render node: `.preference` sets the value (its content's values
/// for the key are replaced), `.transformPreference` changes the value its content produced.
/// Compared by identity: a write is made anew whenever its modifier's rule runs.
final class PreferenceWrite {
    let key: ObjectIdentifier
    /// Applied to the content's combined value (`nil` when the content sets none).
    let apply: (Any?) -> Any

    init(key: ObjectIdentifier, apply: @escaping (Any?) -> Any) {
        self.key = key
        self.apply = apply
    }
}

enum Preferences {
    /// The value of `Key` for a list of sibling nodes: their values combined in order, or `nil`
    /// when none of them (nor anything inside them) sets the key.
    static func value<Key: PreferenceKey>(_ key: Key.Type, of nodes: [DisplayNode]) -> Key.Value? {
        var combined: Key.Value?
        for node in nodes {
            guard let next = value(key, of: node) else { continue }
            if combined == nil {
                combined = next
            } else {
                Key.reduce(value: &combined!, nextValue: { next })
            }
        }
        return combined
    }

    /// The value of `Key` for one node: its children's, then the node's own writes in order
    /// (the modifier closest to the view first).
    static func value<Key: PreferenceKey>(_ key: Key.Type, of node: DisplayNode) -> Key.Value? {
        var result = value(key, of: node.children)
        guard let writes = node.annotations?.preferences, !writes.isEmpty else { return result }
        let id = ObjectIdentifier(key)
        for write in writes where write.key == id {
            result = write.apply(result) as? Key.Value
        }
        return result
    }

    /// What a reader of `nodes` sees: their value, or the key's default.
    static func read<Key: PreferenceKey>(_ key: Key.Type, from nodes: [DisplayNode]) -> Key.Value {
        value(key, of: nodes) ?? Key.defaultValue
    }
}
