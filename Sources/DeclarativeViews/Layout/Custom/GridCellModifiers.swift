import Foundation

// What a view tells the ``Grid`` it is a cell of: how many columns it spans, how its column
// aligns, where it sits in its area, and along which axes it does not size its column or row.
// Each is a layout value the grid's ``GridLayout`` reads, recorded on the render tree as well
// (`Text "Total" [gridCellColumns=2]`).

/// How many columns a grid cell spans (``View/gridCellColumns(_:)``).
struct GridCellColumnsKey: LayoutValueKey {
    static let defaultValue = 1
}

/// The alignment a grid cell gives its column (``View/gridColumnAlignment(_:)``).
struct GridColumnAlignmentKey: LayoutValueKey {
    static let defaultValue: HorizontalAlignment? = nil
}

/// Where a grid cell sits in its area (``View/gridCellAnchor(_:)``).
struct GridCellAnchorKey: LayoutValueKey {
    static let defaultValue: UnitPoint? = nil
}

/// The axes along which a grid cell does not size its column or row (``View/gridCellUnsizedAxes(_:)``).
struct GridCellUnsizedAxesKey: LayoutValueKey {
    static let defaultValue: Axis.Set = []
}

/// One of a grid cell's layout values.
enum GridCellTrait: Equatable {
    case columns(Int)
    case columnAlignment(HorizontalAlignment)
    case anchor(UnitPoint)
    case unsizedAxes(Axis.Set)
}

/// A grid cell's layout value (`.gridCellColumns(_:)` and the like), recorded on the render tree too.
public nonisolated struct _GridCellModifier: PrimitiveViewModifier, Equatable {
    let trait: GridCellTrait
}

extension _GridCellModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        var values = annotations.layoutValues?.values ?? [:]
        switch trait {
        case .columns(let count):
            values[ObjectIdentifier(GridCellColumnsKey.self)] = count
            annotations.styles["gridCellColumns"] = "\(count)"
        case .columnAlignment(let guide):
            values[ObjectIdentifier(GridColumnAlignmentKey.self)] = Optional(guide)
            annotations.styles["gridColumnAlignment"] = "\(guide)"
        case .anchor(let anchor):
            values[ObjectIdentifier(GridCellAnchorKey.self)] = Optional(anchor)
            annotations.styles["gridCellAnchor"] = "\(_number(Double(anchor.x))),\(_number(Double(anchor.y)))"
        case .unsizedAxes(let axes):
            values[ObjectIdentifier(GridCellUnsizedAxesKey.self)] = axes
            let names = [axes.contains(.horizontal) ? "horizontal" : nil, axes.contains(.vertical) ? "vertical" : nil]
            annotations.styles["gridCellUnsizedAxes"] = names.compactMap { $0 }.joined(separator: " ")
        }
        annotations.layoutValues = LayoutValues(values)
    }
}

extension View {
    /// Makes the view a grid cell `count` columns wide (SwiftUI's `gridCellColumns`): it is offered
    /// the width of those columns and the spacing between them, and widens them, equally, when it
    /// is wider. Outside a ``Grid`` it does nothing.
    ///
    ///     GridRow {
    ///         Text("Total").gridCellColumns(2)
    ///         Text("$12")
    ///     }
    public func gridCellColumns(_ count: Int) -> ModifiedContent<Self, _GridCellModifier> {
        modifier(_GridCellModifier(trait: .columns(count)))
    }

    /// Aligns every cell of the view's grid column horizontally by `guide` (SwiftUI's
    /// `gridColumnAlignment`); the first cell of a column that sets it decides.
    public func gridColumnAlignment(_ guide: HorizontalAlignment)
        -> ModifiedContent<Self, _GridCellModifier>
    {
        modifier(_GridCellModifier(trait: .columnAlignment(guide)))
    }

    /// Puts the view at `anchor` of its grid cell's area (SwiftUI's `gridCellAnchor`), whatever
    /// its column's and row's alignments.
    public func gridCellAnchor(_ anchor: UnitPoint) -> ModifiedContent<Self, _GridCellModifier> {
        modifier(_GridCellModifier(trait: .anchor(anchor)))
    }

    /// Keeps the view from sizing its grid column (`.horizontal`) or row (`.vertical`) (SwiftUI's
    /// `gridCellUnsizedAxes`): along those axes it takes what the other cells give it, as a
    /// `Divider` between rows that should be only as wide as the grid.
    public func gridCellUnsizedAxes(_ axes: Axis.Set) -> ModifiedContent<Self, _GridCellModifier> {
        modifier(_GridCellModifier(trait: .unsizedAxes(axes)))
    }
}
