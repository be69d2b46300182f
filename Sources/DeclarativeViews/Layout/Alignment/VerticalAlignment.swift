import Foundation

/// A guide that views line up on across a horizontal stack (SwiftUI's `VerticalAlignment`): one
/// of the built-in ones (``top``, ``center``, ``bottom``, the text baselines) or a custom one made
/// from an ``AlignmentID`` type. Two alignments are equal when they have the same identifier.
public struct VerticalAlignment: Sendable, Hashable, CustomStringConvertible {
    let key: AlignmentKey

    /// The guide `id` names.
    public init(_ id: any AlignmentID.Type) {
        key = AlignmentKey(id: id, axis: .vertical)
    }

    /// The alignment of `key` (on this alignment's axis).
    init(key: AlignmentKey) {
        self.key = key
    }

    /// A built-in guide (its fixed slot in ``AlignmentRegistry``).
    private init(builtin slot: UInt32) {
        key = AlignmentKey(slot: slot, axis: .vertical)
    }

    /// The top edge.
    public static let top = VerticalAlignment(builtin: AlignmentRegistry.top)
    /// The centre.
    public static let center = VerticalAlignment(builtin: AlignmentRegistry.verticalCenter)
    /// The bottom edge.
    public static let bottom = VerticalAlignment(builtin: AlignmentRegistry.bottom)
    /// The baseline of a text's first line (``TextMetrics/baseline``); the bottom of a view
    /// without text. A container's is its first subview's that has one.
    public static let firstTextBaseline = VerticalAlignment(builtin: AlignmentRegistry.firstTextBaseline)
    /// The baseline of a text's last line; the bottom of a view without text. A container's is
    /// its last subview's that has one.
    public static let lastTextBaseline = VerticalAlignment(builtin: AlignmentRegistry.lastTextBaseline)

    /// Merges explicit values of this guide, in the subviews' order, into one: the first (the
    /// last for ``lastTextBaseline``), or `nil` if none is set.
    public func combineExplicit<S: Sequence>(_ values: S) -> CGFloat? where S.Element == CGFloat? {
        key.combineExplicit(values)
    }

    /// The fraction of a view's height where a standard guide falls by default (`nil`: another guide).
    var fraction: CGFloat? { key.fraction }

    public var description: String { key.name }
}
