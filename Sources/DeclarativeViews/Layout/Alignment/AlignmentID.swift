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

/// The identifiers of the built-in guides, which have names of their own.
protocol NamedAlignmentID: AlignmentID {
    static var name: String { get }
}

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
    enum FirstTextBaseline: NamedAlignmentID {
        static let name = "firstTextBaseline"
        static func defaultValue(in context: ViewDimensions) -> CGFloat { context.height }
    }

    /// A text's last baseline; a view without text has its baseline at its bottom.
    enum LastTextBaseline: NamedAlignmentID {
        static let name = "lastTextBaseline"
        static func defaultValue(in context: ViewDimensions) -> CGFloat { context.height }
    }
}
