import Foundation

/// A value a view gives the ``Layout`` container it is in (SwiftUI's `LayoutValueKey`): set with
/// ``View/layoutValue(key:value:)``, read by the layout with `subview[Key.self]`.
///
///     struct Rank: LayoutValueKey { static let defaultValue = 0 }
///
///     Text("First").layoutValue(key: Rank.self, value: 1)
///
/// Like SwiftUI's, the value belongs to the view as its container sees it: modifiers applied
/// after it (padding, frames, backgrounds) keep it.
public protocol LayoutValueKey {
    associatedtype Value
    /// The value of a subview that sets none.
    static var defaultValue: Value { get }
}

/// The layout values set on one node, by key type. Compared by identity (a new one is made
/// whenever a `.layoutValue` modifier's rule runs), as preference writes are.
final class LayoutValues {
    let values: [ObjectIdentifier: Any]

    init(_ values: [ObjectIdentifier: Any]) {
        self.values = values
    }
}

/// `.layoutValue(key:value:)`.
public nonisolated struct _LayoutValueModifier<Key: LayoutValueKey>: PrimitiveViewModifier {
    let value: Key.Value
}

extension _LayoutValueModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        var values = annotations.layoutValues?.values ?? [:]
        // Written over the content's: the outermost modifier's value wins.
        values[ObjectIdentifier(Key.self)] = value
        annotations.layoutValues = LayoutValues(values)
    }
}

/// `.layoutPriority(_:)`.
public nonisolated struct _LayoutPriorityModifier: PrimitiveViewModifier {
    let priority: Double
}

extension _LayoutPriorityModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        annotations.layoutPriority = priority
    }
}

extension View {
    /// Gives the view `value` for `key`, for the ``Layout`` container it is in to read.
    public func layoutValue<K: LayoutValueKey>(key: K.Type, value: K.Value)
        -> ModifiedContent<Self, _LayoutValueModifier<K>>
    {
        modifier(_LayoutValueModifier<K>(value: value))
    }

    /// The view's priority for space in its stack (SwiftUI's `layoutPriority`): a stack offers
    /// the space its lower-priority children do not need at their smallest to its
    /// higher-priority children first. The default is 0. A ``Layout`` reads it as
    /// ``LayoutSubview/priority``.
    ///
    ///     HStack {
    ///         Text("A title that should not be truncated").layoutPriority(1)
    ///         Text("Detail")
    ///     }
    public func layoutPriority(_ value: Double) -> ModifiedContent<Self, _LayoutPriorityModifier> {
        modifier(_LayoutPriorityModifier(priority: value))
    }
}

extension DisplayNode {
    /// The node's layout priority (0 unless set on it or on the view it wraps).
    var layoutPriority: Double { trait { $0.layoutPriority } ?? 0 }

    /// The node's value for `key`, if set on it or on the view it wraps.
    func layoutValue<K: LayoutValueKey>(_ key: K.Type) -> K.Value? {
        trait { $0.layoutValues?.values[ObjectIdentifier(K.self)] as? K.Value }
    }

    /// What `read` finds on this node, or on the content of the modifiers it is (padding,
    /// frames, backgrounds and overlays keep the traits of the view they modify).
    private func trait<T>(_ read: (_Annotations) -> T?) -> T? {
        var node = self
        while true {
            if let annotations = node.annotations, let value = read(annotations) { return value }
            switch node.kind {
            case .padding, .frame, .flexibleFrame, .decorated:
                guard let content = node.children.first else { return nil }
                node = content
            default:
                return nil
            }
        }
    }
}
