import AttrGraph

/// `agdump demo`: builds a small graph with a real cycle in this process and returns its
/// archive (the cycle recorded), so that `agdump demo | dot -Tsvg > demo.svg` works anywhere.
///
/// The graph has the shape of seed 003's app — an app scene, a tab fragment and a split-view
/// fragment updated separately, and a view body — and the cycle comes about the same way: the
/// body starts a nested update (as a run-loop observer does when the body spins the run loop),
/// and the fragment updated in it reads the body, which is still being updated.
enum Demo {
    static func archive(diagnostics: @escaping @Sendable (String) -> Void) -> GraphArchive {
        let graph = Graph()
        graph.diagnosticSink = DiagnosticSink { text in diagnostics(text) }
        // Report at level 2 unless AG_PRINT_CYCLES asks otherwise; never trap.
        graph.cycleReporting = CycleReporting(
            printLevel: AGEnvironment.integer("AG_PRINT_CYCLES") ?? 2, trap: false)
        let root = Subgraph(graph: graph)
        root.apply {
            let spinsRunLoop = Attribute(value: false)
            let title = Attribute(value: "A")
            var fragment: Attribute<String>?
            let body = Attribute(
                AViewBody(spinsRunLoop: spinsRunLoop, title: title) {
                    // What the run-loop observer does when the body spins the run loop.
                    graph.withNestedUpdate(reason: "run loop observer at beforeWaiting") {
                        _ = fragment?.value
                    }
                })
            let split = Attribute(Fragment(name: "NavigationSplitView", content: body))
            fragment = split
            let tabs = Attribute(Fragment(name: "TabView", content: split))
            let scene = Attribute(Fragment(name: "WindowGroup", content: tabs))
            _ = scene.value
            spinsRunLoop.value = true
            _ = scene.value
        }
        withExtendedLifetime(root) {}
        return graph.archive(includeValues: true)
    }

    /// A view body that, like seed 003's `AView`, spins the run loop while it is evaluated.
    struct AViewBody: Rule, CustomStringConvertible {
        @Attribute var spinsRunLoop: Bool
        @Attribute var title: String
        let spin: () -> Void

        var value: String {
            if spinsRunLoop { spin() }
            return "Text(\"\(title)\")"
        }

        var description: String { "AView.body" }
    }

    /// A container fragment: its own update reads its content.
    struct Fragment: Rule, CustomStringConvertible {
        let name: String
        @Attribute var content: String

        var value: String { "\(name) { \(content) }" }

        var description: String { "\(name) fragment" }
    }
}
