import Foundation

/// A type that names an alignment guide (SwiftUI's `AlignmentID`): the identity of a
/// ``HorizontalAlignment`` or ``VerticalAlignment`` and where the guide falls in a view that does
/// not set it explicitly.
///
///     extension HorizontalAlignment {
///         private enum MidAccount: AlignmentID {
///             static func defaultValue(in context: ViewDimensions) -> CGFloat { context[HorizontalAlignment.center] }
///         }
///         static let midAccount = HorizontalAlignment(MidAccount.self)
///     }
///
/// Views in a container that aligns on a guide line up where their values of the guide fall:
/// the value a view sets with ``View/alignmentGuide(_:computeValue:)-(HorizontalAlignment,_)``,
/// else the one its own content sets (containers pass on their subviews' explicit guides), else
/// ``defaultValue(in:)``.
public protocol AlignmentID {
    /// Where the guide falls in a view of `context`'s size that does not set it, from its
    /// leading (or top) edge.
    static func defaultValue(in context: ViewDimensions) -> CGFloat
}

/// How a container merges its subviews' explicit values of a guide into its own (SwiftUI's
/// `combineExplicit`): the first subview's value, except for the last text baseline, which takes
/// the last.
protocol CombiningAlignmentID: AlignmentID {
    static var takesLastExplicitValue: Bool { get }
}

/// An alignment guide on either axis: the key the layout engine looks guides up by.
struct AlignmentKey: Hashable, @unchecked Sendable {
    // `@unchecked Sendable`: a metatype, immutable.
    let id: any AlignmentID.Type
    let axis: Axis
    /// For the standard guides (leading, centre, trailing; top, centre, bottom), the fraction of
    /// the view's length where the guide falls by default: the layout's fast path, which needs no
    /// `ViewDimensions` when no subview sets a guide. `nil` for every other guide.
    let fraction: CGFloat?

    /// The text baselines: a text sets them explicitly, so containers look for them even where no
    /// ``View/alignmentGuide(_:computeValue:)-(HorizontalAlignment,_)`` is set.
    var isTextBaseline: Bool { id is any TextBaselineAlignmentID.Type }

    /// Whether merging takes the last subview's explicit value rather than the first's.
    var takesLastExplicitValue: Bool { (id as? any CombiningAlignmentID.Type)?.takesLastExplicitValue ?? false }

    /// The fraction of a cell's free length that layouts aligning by fractions alone (lazy
    /// grids) use for the guide: the standard guides', the bottom for a baseline (a view without
    /// text has its baseline there), else the centre.
    var nominalFraction: CGFloat { fraction ?? (isTextBaseline ? 1 : 0.5) }

    /// The guide's value in a view of `dimensions` that does not set it.
    func defaultValue(in dimensions: ViewDimensions) -> CGFloat {
        if let fraction { return dimensions.length(along: axis) * fraction }
        return id.defaultValue(in: dimensions)
    }

    /// Merges explicit values, in the subviews' order, into the container's.
    func combineExplicit<S: Sequence>(_ values: S) -> CGFloat? where S.Element == CGFloat? {
        var result: CGFloat?
        for case let value? in values {
            if result == nil || takesLastExplicitValue { result = value }
        }
        return result
    }

    /// The guide's name, for the render tree: the standard names, else the identifier's type name.
    var name: String { (id as? any NamedAlignmentID.Type)?.name ?? _typeName(id, qualified: false) }

    static func == (lhs: AlignmentKey, rhs: AlignmentKey) -> Bool {
        ObjectIdentifier(lhs.id) == ObjectIdentifier(rhs.id) && lhs.axis == rhs.axis
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(id))
        hasher.combine(axis)
    }
}

/// The identifiers of the built-in guides, which have names of their own.
protocol NamedAlignmentID: AlignmentID {
    static var name: String { get }
}

/// The identifiers of the text baselines.
protocol TextBaselineAlignmentID: CombiningAlignmentID {}

/// The built-in guides' identifiers.
enum BuiltinAlignment {
    enum Leading: NamedAlignmentID {
        static let name = "leading"
        static func defaultValue(in context: ViewDimensions) -> CGFloat { 0 }
    }

    enum HorizontalCenter: NamedAlignmentID {
        static let name = "center"
        static func defaultValue(in context: ViewDimensions) -> CGFloat { context.width / 2 }
    }

    enum Trailing: NamedAlignmentID {
        static let name = "trailing"
        static func defaultValue(in context: ViewDimensions) -> CGFloat { context.width }
    }

    /// Where a list row's separator starts: its leading edge, headless.
    enum ListRowSeparatorLeading: NamedAlignmentID {
        static let name = "listRowSeparatorLeading"
        static func defaultValue(in context: ViewDimensions) -> CGFloat { 0 }
    }

    /// Where a list row's separator ends: its trailing edge, headless.
    enum ListRowSeparatorTrailing: NamedAlignmentID {
        static let name = "listRowSeparatorTrailing"
        static func defaultValue(in context: ViewDimensions) -> CGFloat { context.width }
    }

    enum Top: NamedAlignmentID {
        static let name = "top"
        static func defaultValue(in context: ViewDimensions) -> CGFloat { 0 }
    }

    enum VerticalCenter: NamedAlignmentID {
        static let name = "center"
        static func defaultValue(in context: ViewDimensions) -> CGFloat { context.height / 2 }
    }

    enum Bottom: NamedAlignmentID {
        static let name = "bottom"
        static func defaultValue(in context: ViewDimensions) -> CGFloat { context.height }
    }

    /// A text's first baseline; a view without text has its baseline at its bottom.
    enum FirstTextBaseline: NamedAlignmentID, TextBaselineAlignmentID {
        static let name = "firstTextBaseline"
        static let takesLastExplicitValue = false
        static func defaultValue(in context: ViewDimensions) -> CGFloat { context.height }
    }

    /// A text's last baseline; a view without text has its baseline at its bottom.
    enum LastTextBaseline: NamedAlignmentID, TextBaselineAlignmentID {
        static let name = "lastTextBaseline"
        static let takesLastExplicitValue = true
        static func defaultValue(in context: ViewDimensions) -> CGFloat { context.height }
    }
}
