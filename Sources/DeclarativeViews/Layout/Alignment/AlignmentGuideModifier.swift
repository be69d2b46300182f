import Foundation

/// One `.alignmentGuide(_:computeValue:)` on a view: the guide and how its value is computed
/// from the view's dimensions. Compared by identity (a new one is made whenever the modifier's
/// rule runs), as layout values are.
final class AlignmentGuideEntry {
    let key: AlignmentKey
    let computeValue: (ViewDimensions) -> CGFloat

    init(key: AlignmentKey, computeValue: @escaping (ViewDimensions) -> CGFloat) {
        self.key = key
        self.computeValue = computeValue
    }
}

/// `.alignmentGuide(_:computeValue:)`.
public nonisolated struct _AlignmentGuideModifier: PrimitiveViewModifier, @unchecked Sendable {
    // `@unchecked Sendable`: the closure runs during layout only, on the thread that runs it.
    let key: AlignmentKey
    let computeValue: (ViewDimensions) -> CGFloat
}

extension _AlignmentGuideModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        // After the content's own: the outermost modifier's is the last.
        annotations.alignmentGuides.append(AlignmentGuideEntry(key: key, computeValue: computeValue))
    }
}

extension View {
    /// Sets where the horizontal guide `g` falls in the view, for the container that aligns its
    /// subviews on it (`VStack(alignment:)`, `ZStack`, `.frame(alignment:)`, overlays, grids, a
    /// ``Layout`` reading ``LayoutSubview/dimensions(in:)``): `computeValue` gets the view's
    /// dimensions (with the guides set inside this modifier) and returns the guide's offset from
    /// the view's leading edge. Containers pass a subview's explicit guide on, so that views in
    /// nested stacks line up on a custom guide.
    ///
    ///     VStack(alignment: .leading) {
    ///         Text("Total")
    ///         Text("42").alignmentGuide(.leading) { d in d[.trailing] }   // ends where "Total" starts
    ///     }
    public func alignmentGuide(_ g: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat)
        -> ModifiedContent<Self, _AlignmentGuideModifier>
    {
        modifier(_AlignmentGuideModifier(key: g.key, computeValue: computeValue))
    }

    /// Sets where the vertical guide `g` falls in the view, from its top edge (see
    /// ``alignmentGuide(_:computeValue:)-(HorizontalAlignment,_)``): `HStack(alignment:)`,
    /// `ZStack`, frames, overlays, grid rows and custom layouts align on it.
    public func alignmentGuide(_ g: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat)
        -> ModifiedContent<Self, _AlignmentGuideModifier>
    {
        modifier(_AlignmentGuideModifier(key: g.key, computeValue: computeValue))
    }
}
