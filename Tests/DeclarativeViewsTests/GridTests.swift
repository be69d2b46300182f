import DeclarativeViews
import Foundation
import RunLoopBridge
import Testing

/// `Grid` and `GridRow` (iOS 16's eager grid): columns as wide as their widest cell, rows as
/// tall as their tallest, cells spanning columns, aligned by column, row and anchor.
@MainActor @Suite struct GridTests {
    /// Mounts `view` in a window of `width` × 400 and returns the host.
    func host<V: View>(_ view: V, width: CGFloat = 400) -> ViewHost {
        let host = ViewHost(view, scheduler: ManualUpdateScheduler(), windowSize: CGSize(width: width, height: 400))
        host.update()
        return host
    }

    /// The grid's node in `host`'s render tree.
    func grid(_ host: ViewHost) -> RenderNode {
        var found: RenderNode?
        func search(_ node: RenderNode) {
            if found == nil, case .layout("Grid") = node.kind { found = node }
            node.children.forEach(search)
        }
        host.renderTree.forEach(search)
        return found!
    }

    /// The grid's cells' frames, relative to the grid's origin.
    func cells(_ grid: RenderNode) -> [CGRect] {
        grid.children.map { $0.frame!.offsetBy(dx: -grid.frame!.minX, dy: -grid.frame!.minY) }
    }

    @Test func eachColumnIsAsWideAsItsWidestCellAndCellsAreCentredInIt() {
        let view = Grid {
            GridRow {
                Text("A")
                Text("Bananas")
            }
            GridRow {
                Text("Cherry")
                Text("D")
            }
        }
        let grid = grid(host(view))
        // Columns of 48 ("Cherry") and 56 ("Bananas"), 8 apart; rows of 16, 8 apart.
        #expect(grid.frame?.size == CGSize(width: 112, height: 40))
        #expect(cells(grid) == [
            CGRect(x: 20, y: 0, width: 8, height: 16), CGRect(x: 56, y: 0, width: 56, height: 16),
            CGRect(x: 0, y: 24, width: 48, height: 16), CGRect(x: 80, y: 24, width: 8, height: 16),
        ])
        #expect(grid.text == "A Bananas Cherry D")
        #expect(grid.description.hasPrefix("Layout Grid"))
    }

    @Test func aScoreTableAlignsNamesLeadingAndScoresTrailingWithItsOwnSpacing() {
        let view = Grid(alignment: .leading, horizontalSpacing: 20, verticalSpacing: 4) {
            GridRow {
                Text("Name")
                Text("Score").gridColumnAlignment(.trailing)
            }
            GridRow {
                Text("Al")
                Text("7")
            }
        }
        let grid = grid(host(view))
        #expect(grid.frame?.size == CGSize(width: 92, height: 36))
        #expect(cells(grid) == [
            CGRect(x: 0, y: 0, width: 32, height: 16), CGRect(x: 52, y: 0, width: 40, height: 16),
            CGRect(x: 0, y: 20, width: 16, height: 16), CGRect(x: 84, y: 20, width: 8, height: 16),
        ])
        #expect(grid.children[1].attributes["gridColumnAlignment"] == "trailing")
    }

    @Test func aTotalSpansBothColumnsUnderADividerAsWideAsTheGrid() {
        let view = Grid {
            GridRow {
                Text("Apples")
                Text("3")
            }
            Divider().gridCellUnsizedAxes(.horizontal)
            GridRow {
                Text("Total").gridCellColumns(2)
            }
        }
        let grid = grid(host(view))
        // Columns of 48 and 8: the divider is the grid's 64 points wide, "Total" centred across both.
        #expect(grid.frame?.size == CGSize(width: 64, height: 49))
        #expect(cells(grid) == [
            CGRect(x: 0, y: 0, width: 48, height: 16), CGRect(x: 56, y: 0, width: 8, height: 16),
            CGRect(x: 0, y: 24, width: 64, height: 1), CGRect(x: 12, y: 33, width: 40, height: 16),
        ])
        #expect(grid.children[3].attributes["gridCellColumns"] == "2")
        #expect(grid.children[2].attributes["gridCellUnsizedAxes"] == "horizontal")
    }

    @Test func aDividerThatSizesItsColumnsWidensTheGridToTheWholeWidth() {
        let view = Grid {
            GridRow {
                Text("Apples")
                Text("3")
            }
            Divider()
        }
        let grid = grid(host(view, width: 300))
        // The divider takes the 300 points offered; the two columns grow equally to hold it.
        #expect(grid.frame?.width == 300)
        #expect(cells(grid)[1] == CGRect(x: 233, y: 0, width: 8, height: 16), "centred in a column of 8 + 118")
        #expect(cells(grid)[2].width == 300)
    }

    @Test func aSpanningTitleWiderThanItsColumnsWidensThem() {
        let view = Grid(horizontalSpacing: 0, verticalSpacing: 0) {
            GridRow {
                Text("Quarterly report").gridCellColumns(2)
            }
            GridRow {
                Text("Q1")
                Text("Q2")
            }
        }
        let grid = grid(host(view))
        // The title (128) does not fit columns of 16 + 16: each grows by 48, to 64.
        #expect(grid.frame?.size == CGSize(width: 128, height: 32))
        #expect(cells(grid) == [
            CGRect(x: 0, y: 0, width: 128, height: 16),
            CGRect(x: 24, y: 16, width: 16, height: 16), CGRect(x: 88, y: 16, width: 16, height: 16),
        ])
    }

    @Test func aRowAlignedToTheTopAndACellAnchoredBottomTrailing() {
        let view = Grid {
            GridRow(alignment: .top) {
                Color.red.frame(width: 40, height: 40)
                Text("X")
                Text("Y").gridCellAnchor(.bottomTrailing)
            }
            GridRow {
                Text("A")
                Text("Longer")
                Text("Longer")
            }
        }
        let grid = grid(host(view))
        let frames = cells(grid)
        // Columns of 40, 48 and 48; the first row is 40 high.
        #expect(frames[1] == CGRect(x: 68, y: 0, width: 8, height: 16), "centred across, at the top of its row")
        #expect(frames[2] == CGRect(x: 144, y: 24, width: 8, height: 16), "in the bottom-trailing corner of its cell")
        #expect(frames[3] == CGRect(x: 16, y: 48, width: 8, height: 16))
        #expect(grid.children[2].attributes["gridCellAnchor"] == "1,1")
    }

    @Test func aColorCellTakesTheWidthTheTextColumnLeaves() {
        let view = Grid {
            GridRow {
                Text("Label")
                Color.blue.frame(height: 20)
            }
        }
        let grid = grid(host(view, width: 200))
        #expect(grid.frame?.width == 200)
        #expect(cells(grid) == [CGRect(x: 0, y: 2, width: 40, height: 16), CGRect(x: 48, y: 0, width: 152, height: 20)])
    }

    /// Players in a grid; adding one with a longer name widens the name column.
    struct Leaderboard: View {
        @State var players = ["Al", "Bo"]

        var body: some View {
            VStack {
                Grid(alignment: .leading) {
                    ForEach(players, id: \.self) { name in
                        GridRow {
                            Text(name)
                            Text("\(name.count * 10)")
                        }
                    }
                }
                Button("Add Charlotte") { players.append("Charlotte") }
            }
        }
    }

    @Test func addingARowWithALongerNameWidensItsColumn() throws {
        let host = host(Leaderboard())
        #expect(cells(grid(host)).map(\.minX) == [0, 24, 0, 24])
        try host.tap("Add Charlotte")
        host.update()
        let grid = grid(host)
        #expect(grid.text == "Al 20 Bo 20 Charlotte 90")
        // "Charlotte" (72) now sets the first column: the scores move to 80.
        #expect(cells(grid).map(\.minX) == [0, 80, 0, 80, 0, 80])
        #expect(cells(grid).map(\.minY) == [0, 0, 24, 24, 48, 48])
    }

    @Test func aGridLayoutValueArrangesGridRowsAsAGridDoes() {
        let layout = GridLayout(alignment: .leading, horizontalSpacing: 4)
        #expect(layout.horizontalSpacing == 4 && layout.verticalSpacing == nil && layout.alignment == .leading)
        let view = layout {
            GridRow {
                Text("Key")
                Text("Value")
            }
            GridRow {
                Text("Longer key")
                Text("V")
            }
        }
        let grid = grid(host(view))
        #expect(grid.frame?.size == CGSize(width: 124, height: 40))
        #expect(cells(grid).map(\.minX) == [0, 84, 0, 84])
    }

    @Test func aGridRowOutsideAGridLaysItsCellsOutSideBySide() {
        let host = host(VStack { GridRow { Text("One"); Text("Two") } })
        #expect(host.renderedText.contains("HStack [gridRow]"))
        #expect(host.renderTree.first?.text == "One Two")
    }
}
