import AttrGraph

/// A view whose body runs again only when its content is unequal (`!=`) to the previous one
/// (SwiftUI's `EquatableView`, made with ``View/equatable()``): the content's own `==` decides,
/// whatever the content's fields are — a parent passing a value `==` ignores does not make the
/// content's body run again.
public nonisolated struct EquatableView<Content: Equatable & View>: View {
    public var content: Content

    public init(content: Content) {
        self.content = content
    }

    @MainActor public var body: some View { content }
}

extension EquatableView: _ComparisonOverride {
    package static func _isSameValue(_ lhs: UnsafePointer<Self>, _ rhs: UnsafePointer<Self>) -> Bool {
        lhs.pointee.content == rhs.pointee.content
    }
}

extension View where Self: Equatable {
    /// This view, updated only when it is unequal (`!=`) to its previous value.
    public func equatable() -> EquatableView<Self> {
        EquatableView(content: self)
    }
}
