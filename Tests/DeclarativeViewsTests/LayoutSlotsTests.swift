import DeclarativeViews
import Foundation
import RunLoopBridge
import Testing

/// Layout as a phase over the render tree: the layout engine keeps every node's results in a slot
/// of its own storage, which a node takes when first laid out and gives back when it goes away.
@MainActor
@Suite struct LayoutSlotsTests {
    /// Lets the test set the row count (the view's state) from outside.
    final class Remote {
        var setCount: ((Int) -> Void)?
    }

    struct Rows: View {
        let remote: Remote
        @State private var count = 50
        var body: some View {
            VStack {
                ForEach(0..<count, id: \.self) { index in
                    Text("Row \(index)")
                }
            }
            .onAppear { remote.setCount = { count = $0 } }
        }
    }

    @Test func removedRowsGiveTheirSlotsBackAndNewRowsTakeThem() {
        let remote = Remote()
        let host = ViewHost(Rows(remote: remote), scheduler: ManualUpdateScheduler())
        // The remote holds a closure over the view (its state), and the view holds the remote: a
        // cycle that only clearing the closure ends.
        defer {
            remote.setCount = nil
            host.invalidate()
        }
        host.update()
        let mounted = host.layoutSlotUsage
        #expect(mounted.inUse >= 51, "every row's text and the stack hold a slot: \(mounted)")
        #expect(mounted.inUse == mounted.allocated)

        remote.setCount?(10)
        host.update()
        let shrunk = host.layoutSlotUsage
        #expect(shrunk.inUse <= mounted.inUse - 40, "the 40 removed rows' slots are free: \(shrunk)")
        // The new stack node took a new slot: the old one was still held (by the last layout's
        // result) while the new one was laid out.
        #expect(shrunk.allocated <= mounted.allocated + 1, "\(shrunk)")
        #expect(host.renderTree.first?.children.count == 10)

        remote.setCount?(50)
        host.update()
        let regrown = host.layoutSlotUsage
        #expect(regrown.inUse == mounted.inUse, "\(regrown)")
        #expect(regrown.allocated <= mounted.allocated + 2, "the new rows took the freed slots: \(regrown)")
        let frames = host.renderTree.first?.children.map(\.frame) ?? []
        #expect(frames.count == 50)
        #expect(frames.allSatisfy { $0 != nil && $0!.height == 16 }, "the rows in recycled slots are laid out afresh")
    }

    @Test func aHeadIsOneCacheLineWithTheFirstSizeInIt() {
        let shape = ViewHost.layoutHeadShape
        #expect(shape.stride == 64)
        #expect(shape.firstSizeEnd.map { $0 <= 64 } == true, "\(shape)")
    }
}
