import Foundation

/// A guide that views line up on across a vertical stack (SwiftUI's `HorizontalAlignment`): one
/// of the built-in ones (``leading``, ``center``, ``trailing``) or a custom one made from an
/// ``AlignmentID`` type. Two alignments are equal when they have the same identifier.
public struct HorizontalAlignment: Sendable, Hashable, CustomStringConvertible {
    let key: AlignmentKey

    /// The guide `id` names.
    public init(_ id: any AlignmentID.Type) {
        key = AlignmentKey(id: id, axis: .horizontal)
    }

    /// The alignment of `key` (on this alignment's axis).
    init(key: AlignmentKey) {
        self.key = key
    }

    /// A built-in guide (its fixed slot in ``AlignmentRegistry``).
    private init(builtin slot: UInt32) {
        key = AlignmentKey(slot: slot, axis: .horizontal)
    }

    /// The leading edge.
    public static let leading = HorizontalAlignment(builtin: AlignmentRegistry.leading)
    /// The centre.
    public static let center = HorizontalAlignment(builtin: AlignmentRegistry.horizontalCenter)
    /// The trailing edge.
    public static let trailing = HorizontalAlignment(builtin: AlignmentRegistry.trailing)
    /// Where a list row's separator starts (by default, the row's leading edge).
    public static let listRowSeparatorLeading = HorizontalAlignment(BuiltinAlignment.ListRowSeparatorLeading.self)
    /// Where a list row's separator ends (by default, the row's trailing edge).
    public static let listRowSeparatorTrailing = HorizontalAlignment(BuiltinAlignment.ListRowSeparatorTrailing.self)

    /// Merges explicit values of this guide, in the subviews' order, into one: the first (for
    /// every guide but the last text baseline), or `nil` if none is set.
    public func combineExplicit<S: Sequence>(_ values: S) -> CGFloat? where S.Element == CGFloat? {
        key.combineExplicit(values)
    }

    /// The fraction of a view's width where a standard guide falls by default (`nil`: a custom guide).
    var fraction: CGFloat? { key.fraction }

    public var description: String { key.name }
}
