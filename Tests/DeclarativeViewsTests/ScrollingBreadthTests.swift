import DeclarativeViews
import Foundation
import Testing

/// Scroll views and stacks as sample code writes them: lazy stacks with pinned headers, group
/// boxes, split views, scroll options recorded, scrolling disabled (the driver cannot pull such
/// content), and where paging and view-aligned scrolling come to rest.
@MainActor @Suite struct ScrollingBreadthTests {
    /// Lazy stacks record their pinned views; group boxes are titled by a string or a label
    /// value; split views lay their children out as stacks; a scroll view keeps its options.
    @Test func stacksAndBoxesLayOutAndRecordWhatTheyPin() {
        let title: String = "Totals"
        let (host, _) = mount(ScrollView {
            LazyVStack(alignment: .leading, spacing: 4, pinnedViews: [.sectionHeaders]) {
                Section("Fruit") { Text("Apple") }
            }
            LazyHStack(pinnedViews: [.sectionHeaders, .sectionFooters]) { Text("row") }
            LazyVStack { Text("plain") }
            GroupBox(title) { Text("12") }
            GroupBox(label: Label("Sum", systemImage: "sum")) { Text("3") }
            HSplitView { Text("left"); Text("right") }
            VSplitView { Text("top"); Text("bottom") }
        })
        let text = host.renderedText
        #expect(text.contains("pinnedViews=sectionHeaders]") || text.contains("pinnedViews=sectionHeaders"))
        #expect(text.contains("pinnedViews=sectionHeaders,sectionFooters"))
        #expect(text.contains("\"Totals\"") && text.contains("\"Sum\"") && text.contains("\"12\""))
        #expect(text.contains("splitView=horizontal") && text.contains("splitView=vertical"))
        #expect(host.renderTree[0].children.contains { $0.attributes["splitView"] == "horizontal" })

        var scroll = ScrollView(.horizontal, showsIndicators: false) { Text("wide") }
        #expect(scroll.axes == .horizontal && !scroll.showsIndicators)
        scroll.axes = .vertical
        scroll.showsIndicators = true
        #expect(scroll.axes == .vertical && scroll.showsIndicators && scroll.content == Text("wide"))
    }

    /// Margins, clipping, indicator flashes and scroll targets are recorded on the scroll view.
    @Test func scrollOptionsAreRecorded() {
        let (host, _) = mount(VStack {
            ScrollView { Text("a") }
                .contentMargins(.horizontal, 20, for: .scrollContent)
                .scrollClipDisabled()
                .scrollIndicatorsFlash(onAppear: true)
                .scrollTargetBehavior(.paging)
            ScrollView { LazyHStack { Text("b").scrollTarget() }.scrollTargetLayout() }
                .contentMargins(8)
                .scrollTargetBehavior(.viewAligned(limitBehavior: .always))
                .scrollIndicatorsFlash(trigger: 3)
            ScrollView { Text("c") }
                .contentMargins(.top, EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4), for: .scrollIndicators)
                .contentMargins(.vertical, nil)
                .scrollTargetBehavior(.viewAligned)
        })
        let text = host.renderedText
        for attribute in [
            "contentMargins=leading,trailing 20 for scrollContent", "scrollClipDisabled=true",
            "scrollIndicatorsFlash=onAppear", "scrollTargetBehavior=paging", "scrollTargetEnabled=true",
            "scrollTargetLayout=true", "contentMargins=all 8", "scrollTargetBehavior=viewAligned(always)",
            "scrollIndicatorsFlash=trigger 3", "contentMargins=top 1 2 3 4 for scrollIndicators",
            "scrollTargetBehavior=viewAligned(automatic)",
        ] {
            #expect(text.contains(attribute), "\(attribute)")
        }
        #expect(ContentMarginPlacement.automatic != .scrollContent)
    }

    struct ScrollReader: View {
        @Environment(\.isScrollEnabled) var enabled
        @Environment(\.horizontalScrollBounceBehavior) var horizontalBounce
        @Environment(\.verticalScrollBounceBehavior) var verticalBounce
        @Environment(\.horizontalScrollIndicatorVisibility) var horizontalIndicator
        @Environment(\.verticalScrollIndicatorVisibility) var verticalIndicator
        var body: some View {
            Text("enabled \(enabled) \(horizontalBounce == .always) \(verticalBounce == .basedOnSize) \(horizontalIndicator) \(verticalIndicator)")
        }
    }

    /// `.scrollDisabled(true)` turns `\.isScrollEnabled` off below it (a `false` below does not
    /// turn it on again), and the driver refuses to pull such content to refresh, naming why.
    @Test func aScrollDisabledListCannotBePulledToRefresh() async throws {
        let (host, _) = mount(VStack {
            List { Text("Inbox"); ScrollReader() }
                .scrollDisabled(true)
                .refreshable {}
            List { Text("Sent") }
                .refreshable {}
            ScrollReader().scrollDisabled(false)
            VStack { ScrollReader().scrollDisabled(false) }.scrollDisabled(true)
            ScrollReader()
                .environment(\.horizontalScrollBounceBehavior, .always)
                .environment(\.verticalScrollBounceBehavior, .basedOnSize)
                .environment(\.horizontalScrollIndicatorVisibility, .hidden)
                .environment(\.verticalScrollIndicatorVisibility, .never)
        })
        let text = host.renderedText
        #expect(text.contains("scrollDisabled=true"))
        #expect(text.components(separatedBy: "enabled false").count == 3)
        #expect(text.contains("enabled true false false automatic automatic"))
        #expect(text.contains("enabled true true true hidden never"))
        await #expect(throws: ViewHostError.scrollDisabled(view: "Inbox")) { try await host.pullToRefresh("Inbox") }
        await #expect(throws: ViewHostError.scrollDisabled(view: "Inbox enabled false false false automatic automatic")) {
            try await host.pullToRefresh()
        }
        #expect(ViewHostError.scrollDisabled(view: "Inbox").description.contains(".scrollDisabled(true)"))
        try await host.pullToRefresh("Sent")
    }

    /// Paging rests on whole pages: a flick goes one page on from where it began, in its
    /// direction; a slow release settles on the nearest page; the last page ends at the content's
    /// end.
    @Test func pagingComesToRestOnWholePages() {
        let paging: PagingScrollTargetBehavior = .paging
        func rest(from start: CGFloat, proposed: CGFloat, velocity: CGFloat) -> CGFloat {
            var target = ScrollTarget(rect: CGRect(x: 0, y: proposed, width: 300, height: 500))
            let context = ScrollTargetBehaviorContext(
                originalTarget: ScrollTarget(rect: CGRect(x: 0, y: start, width: 300, height: 500)),
                velocity: CGVector(dx: 0, dy: velocity), contentSize: CGSize(width: 300, height: 1800),
                containerSize: CGSize(width: 300, height: 500))
            paging.updateTarget(&target, context: context)
            return target.rect.origin.y
        }
        #expect(rest(from: 0, proposed: 1200, velocity: 900) == 500, "a flick moves one page only")
        #expect(rest(from: 500, proposed: 100, velocity: -900) == 0)
        #expect(rest(from: 0, proposed: 740, velocity: 0) == 500, "at rest: the nearest page")
        #expect(rest(from: 500, proposed: 1200, velocity: 0) == 1000)
        #expect(rest(from: 1000, proposed: 1300, velocity: 900) == 1300, "the last page ends with the content")
        var target = ScrollTarget(rect: CGRect(x: 130, y: 0, width: 100, height: 50), anchor: .leading)
        let horizontal = ScrollTargetBehaviorContext(
            originalTarget: ScrollTarget(rect: CGRect(x: 0, y: 0, width: 100, height: 50)), contentSize: CGSize(width: 400, height: 50),
            containerSize: CGSize(width: 100, height: 50), axes: .horizontal)
        PagingScrollTargetBehavior().updateTarget(&target, context: horizontal)
        #expect(target.rect.origin.x == 100 && target.anchor == .leading)
        #expect(horizontal.axes == .horizontal && horizontal.velocity == CGVector(dx: 0, dy: 0))
        #expect(horizontal.contentSize.width == 400 && horizontal.containerSize.width == 100)
        #expect(horizontal.originalTarget.rect.origin.x == 0 && horizontal.horizontalSizeClass == .regular)
    }

    /// View-aligned scrolling rests with a target view's leading edge at the scroll view's: the
    /// view nearest the proposed target, or at most one view on when limited.
    @Test func viewAlignedScrollingRestsOnAViewsEdge() {
        let frames = (0..<6).map { CGRect(x: CGFloat($0) * 120, y: 0, width: 110, height: 80) }
        func rest(_ behavior: ViewAlignedScrollTargetBehavior, from start: CGFloat, proposed: CGFloat,
                  sizeClass: UserInterfaceSizeClass = .regular) -> CGFloat {
            var environment = EnvironmentValues()
            environment.horizontalSizeClass = sizeClass
            var target = ScrollTarget(rect: CGRect(x: proposed, y: 0, width: 300, height: 80))
            let context = ScrollTargetBehaviorContext(
                originalTarget: ScrollTarget(rect: CGRect(x: start, y: 0, width: 300, height: 80)),
                velocity: CGVector(dx: 500, dy: 0), contentSize: CGSize(width: 710, height: 80),
                containerSize: CGSize(width: 300, height: 80), axes: .horizontal, targetFrames: frames,
                environment: environment)
            behavior.updateTarget(&target, context: context)
            return target.rect.origin.x
        }
        #expect(rest(.viewAligned(limitBehavior: .never), from: 0, proposed: 250) == 240)
        #expect(rest(ViewAlignedScrollTargetBehavior(limitBehavior: .never), from: 0, proposed: 170) == 120)
        #expect(rest(.viewAligned(limitBehavior: .always), from: 0, proposed: 370) == 120, "limited to the next view")
        #expect(rest(.viewAligned(limitBehavior: .never), from: 0, proposed: 700) == 410, "not past the content's end")
        #expect(rest(.viewAligned, from: 0, proposed: 370) == 360, "automatic: unlimited in a regular size class")
        #expect(rest(.viewAligned, from: 0, proposed: 370, sizeClass: .compact) == 120, "limited in a compact one")
        #expect(ViewAlignedScrollTargetBehavior.LimitBehavior.always != .never)
    }
}
