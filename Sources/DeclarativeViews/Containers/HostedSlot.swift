import AttrGraph
import RunLoopBridge

/// Content a container hosts separately, the way SwiftUI hosts the content of UIKit
/// containers (`UITabBarController`, `UISplitViewController`) in their own hosting controllers:
///
/// * the content lives in its own graph context (``Graph/init(shared:)``) and subgraph, a child
///   of the container's;
/// * the container's render rule reads the content's render list: an edge from the container to
///   its content, so a change in the content updates the container, and an archive shows the
///   data flow;
/// * a *fragment* of the host's scheduler updates the content in its own graph update (the
///   hosting controller's update) when its context needs one: the content's context is attached
///   to the scheduler with that fragment;
/// * a container hosted inside another container's content asks the enclosing fragment to
///   update when it is built (the enclosing hosting controller must re-host).
///
/// So with two levels of containers there is work pending in a fragment while the root update
/// evaluates the innermost content — which is what makes seed 003's nested update a cycle.
final class HostedSlot {
    @HostReference var host: _HostCore
    let name: String
    private let subgraph: Subgraph
    /// The graph context the content is built in (a subgraph does not keep its graph alive).
    private let context: Graph
    private var fragment: UpdateFragment?
    private var content: Attribute<[DisplayNode]>?

    /// Builds the content (in the current subgraph's new child) and registers the fragment.
    init(name: String, inputs: _ViewInputs, makeContent: (_ViewInputs) -> _ViewOutputs) {
        _host = HostReference(wrappedValue: inputs.host)
        self.name = name
        let host = inputs.host
        guard let parent = Subgraph.current else {
            fatalError("DeclarativeViews: \(name) built outside a subgraph.")
        }
        let context = Graph(shared: host.graph)
        self.context = context
        subgraph = Subgraph(graph: context)
        parent.addChild(subgraph)
        // The fragment first, so that containers built inside the content can request it.
        fragment = host.scheduler.addFragment(name) { [weak self] in self?.update() }
        host.scheduler.attach(context, fragment: fragment)
        var contentInputs = inputs
        contentInputs.slot = self
        content = subgraph.apply { makeContent(contentInputs).render.single(host) }
        inputs.slot?.requestUpdate()
        parent.addObserver { [weak self] in self?.detach() }
    }

    /// The fragment's work: bring the content up to date (the container, which depends on it,
    /// was marked when the content changed).
    private func update() {
        guard subgraph.isValid, let content else { return }
        _ = content.value
    }

    /// Asks the scheduler to run this slot's fragment at the next flush.
    func requestUpdate() {
        if let fragment { host.scheduler.setNeedsUpdate(fragment) }
    }

    /// The content's nodes, for the container's render rule (which then depends on them).
    func read() -> [DisplayNode] {
        content?.value ?? []
    }

    private func detach() {
        if let fragment, !host.isTornDown {
            host.scheduler.removeFragment(fragment)
        }
        fragment = nil
        content = nil
    }
}

extension DisplayNode {
    /// A node for `kind` and `children`, reusing `previous` when it already shows them.
    static func reusing(_ previous: DisplayNode?, kind: RenderNode.Kind, children: [DisplayNode]) -> DisplayNode {
        if let previous, previous.shows(kind, children: children, action: nil) { return previous }
        return DisplayNode(kind: kind, children: children)
    }
}
