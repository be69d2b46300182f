import DeclarativeViews
import Foundation
import RunLoopBridge
import Testing

/// Lazy grids size their tracks with SwiftUI's `GridItem` rules and fill them line by line.
@MainActor @Suite struct GridLayoutTests {
    /// Mounts `view` in a window of `width` × 400 and returns the grid's node.
    func grid<V: View>(_ view: V, width: CGFloat) -> RenderNode {
        let host = ViewHost(view, scheduler: ManualUpdateScheduler(), windowSize: CGSize(width: width, height: 400))
        host.update()
        var found: RenderNode?
        func search(_ node: RenderNode) {
            if found == nil, case .lazyGrid = node.kind { found = node }
            node.children.forEach(search)
        }
        host.renderTree.forEach(search)
        return found!
    }

    /// The cells' frames relative to the grid's origin, to a thousandth of a point.
    func cells(_ grid: RenderNode) -> [CGRect] {
        func round(_ value: CGFloat) -> CGFloat { (value * 1000).rounded() / 1000 }
        return grid.children.map {
            let frame = $0.frame!.offsetBy(dx: -grid.frame!.minX, dy: -grid.frame!.minY)
            return CGRect(x: round(frame.minX), y: round(frame.minY), width: round(frame.width), height: round(frame.height))
        }
    }

    @Test func anAdaptiveColumnFitsAsManyColumnsAsTheWidthAllows() {
        let view = LazyVGrid(columns: [GridItem(.adaptive(minimum: 100))]) {
            ForEach(0..<7, id: \.self) { _ in Color.blue.frame(height: 40) }
        }
        let node = grid(view, width: 532)
        // (532 + 8) / (100 + 8) = 5 columns of (532 − 4 × 8) / 5 = 100.
        #expect(node.frame?.size == CGSize(width: 532, height: 88))
        #expect(cells(node) == [
            CGRect(x: 0, y: 0, width: 100, height: 40), CGRect(x: 108, y: 0, width: 100, height: 40),
            CGRect(x: 216, y: 0, width: 100, height: 40), CGRect(x: 324, y: 0, width: 100, height: 40),
            CGRect(x: 432, y: 0, width: 100, height: 40),
            CGRect(x: 0, y: 48, width: 100, height: 40), CGRect(x: 108, y: 48, width: 100, height: 40),
        ])
        #expect(node.description.hasPrefix("LazyVGrid 1 columns"))
    }

    @Test func anAdaptiveGridInAScrollViewFillsTheWindowWidth() {
        let view = ScrollView {
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 100), spacing: 16)], spacing: 16) {
                ForEach(1...12, id: \.self) { Text("Item \($0)") }
            }
        }
        let node = grid(view, width: 640)
        // (640 + 16) / (100 + 16) = 5 columns of (640 − 4 × 16) / 5 = 115.2.
        let frames = cells(node)
        #expect(Set(frames.map(\.minY)).count == 3, "12 items in rows of 5")
        // Each text (48 wide) is centred in its column, on a whole point.
        #expect(frames.prefix(5).map(\.minX) == [33, 164.2, 295.4, 426.6, 557.8])
        #expect(frames[5].minY == CGFloat(32), "rows are the line height plus the spacing apart")
    }

    @Test func anAdaptiveColumnNeverExceedsItsMaximum() {
        let view = LazyVGrid(columns: [GridItem(.adaptive(minimum: 50, maximum: 50))], spacing: 0) {
            ForEach(0..<3, id: \.self) { _ in Color.red }
        }
        let node = grid(view, width: 300)
        // (300 + 8) / 58 = 5 columns, each min(52.8, 50) = 50.
        #expect(cells(node).map(\.width) == [50, 50, 50])
        #expect(cells(node).map(\.minX) == [0, 58, 116])
        #expect(node.frame.map { ($0.width * 1000).rounded() / 1000 } == CGFloat(282), "five columns of 50, 8 apart")
    }

    @Test func fixedAndFlexibleColumnsShareTheWidthWithinTheirBounds() {
        let columns = [
            GridItem(.fixed(100), spacing: 10), GridItem(.flexible(minimum: 50, maximum: 150)),
            GridItem(.flexible(), alignment: .leading),
        ]
        #expect(columns[0].spacing == 10 && columns[2].alignment == .leading)
        #expect(columns[1].size == .flexible(minimum: 50, maximum: 150))
        let view = LazyVGrid(columns: columns, spacing: 4) {
            ForEach(0..<6, id: \.self) { index in
                if index == 5 { Text("ab") } else { Color.green.frame(height: 20) }
            }
        }
        let node = grid(view, width: 532)
        // 532 − 10 − 8 − 100 = 414 to share: 207 each, but the second stops at 150; the third takes 264.
        let frames = cells(node)
        #expect(frames[0] == CGRect(x: 0, y: 0, width: 100, height: 20))
        #expect(frames[1] == CGRect(x: 110, y: 0, width: 150, height: 20))
        #expect(frames[2] == CGRect(x: 268, y: 0, width: 264, height: 20))
        #expect(frames[3].minY == 24 && frames[4].minX == 110)
        #expect(frames[5] == CGRect(x: 268, y: 26, width: 16, height: 16), "a leading column puts a narrow cell at its start, centred in the row")
        #expect(node.frame?.size == CGSize(width: 532, height: 44))
    }

    @Test func aFlexibleColumnTakesItsMinimumWhenTheShareIsSmaller() {
        let columns = [GridItem(.flexible(minimum: 200)), GridItem(.flexible())]
        let view = LazyVGrid(columns: columns) {
            ForEach(0..<2, id: \.self) { _ in Color.gray.frame(height: 10) }
        }
        let node = grid(view, width: 308)
        #expect(cells(node).map(\.width) == [200, 100])
    }

    @Test func aLazyHGridFillsItsRowsColumnByColumn() {
        let view = LazyHGrid(rows: [GridItem(.fixed(30)), GridItem(.fixed(30))], spacing: 12) {
            ForEach(1...3, id: \.self) { Text("\($0)") }
        }
        let node = grid(view, width: 400)
        // Texts are 8 × 16, centred in rows of 30; columns are 8 wide, 12 apart.
        #expect(cells(node) == [
            CGRect(x: 0, y: 7, width: 8, height: 16), CGRect(x: 0, y: 45, width: 8, height: 16),
            CGRect(x: 20, y: 7, width: 8, height: 16),
        ])
        #expect(node.frame?.size == CGSize(width: 28, height: 68))
        #expect(node.description.hasPrefix("LazyHGrid 2 rows spacing=12"))
    }

    @Test func anAdaptiveRowOfALazyHGridSplitsTheHeight() {
        let view = LazyHGrid(rows: [GridItem(.adaptive(minimum: 90))]) {
            ForEach(0..<5, id: \.self) { _ in Color.blue.frame(width: 30) }
        }
        let node = grid(view, width: 400)
        // The grid is offered the window's 400 points of height: (400 + 8) / 98 = 4 rows of 94.
        let frames = cells(node)
        #expect(frames.map(\.height) == [94, 94, 94, 94, 94])
        #expect(frames.map(\.minY) == [0, 102, 204, 306, 0])
        #expect(frames[4].minX == 38)
    }
}
