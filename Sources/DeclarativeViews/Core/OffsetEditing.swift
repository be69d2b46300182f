import Foundation

// What SwiftUI adds to collections for `.onDelete` and `.onMove` handlers: edits by `IndexSet`.

extension RangeReplaceableCollection {
    /// Removes the elements at `offsets` (`items.remove(atOffsets: indexSet)` in an `.onDelete`).
    public mutating func remove(atOffsets offsets: IndexSet) where Self: MutableCollection {
        guard !offsets.isEmpty else { return }
        var kept = Self()
        for (offset, element) in enumerated() where !offsets.contains(offset) {
            kept.append(element)
        }
        self = kept
    }
}

extension MutableCollection {
    /// Moves the elements at `source` so that they come before the element that was at
    /// `destination` (`items.move(fromOffsets: source, toOffset: destination)` in an `.onMove`),
    /// keeping their order. The elements are rearranged in place (the count does not change).
    public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        let elements = Array(self)
        let moving = source.filter { $0 < elements.count }.map { elements[$0] }
        var before: [Element] = []
        var after: [Element] = []
        for (offset, element) in elements.enumerated() where !source.contains(offset) {
            if offset < destination { before.append(element) } else { after.append(element) }
        }
        for (index, element) in zip(indices, before + moving + after) {
            self[index] = element
        }
    }
}
