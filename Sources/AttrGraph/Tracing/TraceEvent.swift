import CoreFoundation

/// One thing a graph did, as its consumers receive it: the events of AttributeGraph's trace
/// callbacks (``Graph/TraceType``), plus the few the timeline trace needs that AttributeGraph has
/// no callback for. The engine reports each event once, at the point where it happens
/// (``_Engine/emit(_:)``); the installed traces (``InstalledTrace``) and the timeline writer
/// (``TimelineTrace``) are its consumers — one event stream.
///
/// Pointers in an event are valid while it is delivered.
enum TraceEvent {
    case beginSubgraphUpdate(Subgraph, Subgraph.Flags)
    case endSubgraphUpdate(Subgraph)
    case beginNodeUpdate(AnyAttribute)
    case endNodeUpdate(AnyAttribute, changed: Bool)
    case beginValueUpdate(AnyAttribute)
    case endValueUpdate(AnyAttribute, changed: Bool)
    case beginGraphUpdate(Graph)
    case endGraphUpdate(Graph)
    case beginGraphInvalidation(Graph, AnyAttribute)
    case endGraphInvalidation(Graph, AnyAttribute)
    case beginModifyNode(AnyAttribute)
    case endModifyNode(AnyAttribute)
    case graphCreated(Graph)
    case graphDestroy(Graph)
    case graphNeedsUpdate(Graph)
    case subgraphCreated(Subgraph)
    case subgraphDestroy(Subgraph)
    case subgraphAddChild(Subgraph, child: Subgraph)
    case subgraphRemoveChild(Subgraph, child: Subgraph)
    case nodeAdded(AnyAttribute)
    case nodeAddEdge(AnyAttribute, input: AnyAttribute, InputOptions)
    case nodeRemoveEdge(AnyAttribute, input: AnyAttribute)
    case nodeSetEdgePending(AnyAttribute, input: AnyAttribute, Bool)
    case nodeSetDirty(AnyAttribute, Bool)
    case nodeSetPending(AnyAttribute, Bool)
    case nodeSetValue(AnyAttribute, UnsafeRawPointer)
    case nodeMarkValue(AnyAttribute)
    case indirectNodeAdded(AnyAttribute)
    case indirectNodeSetSource(AnyAttribute, source: AnyAttribute)
    case indirectNodeSetDependency(AnyAttribute, dependency: AnyAttribute)
    case profileMark(UnsafePointer<CChar>)
    case customEvent(Graph, UnsafePointer<CChar>, UnsafeRawPointer, Metadata)
    case namedEvent(
        Graph, Graph.NamedTraceEventID, Int, UnsafePointer<UInt32>?, CFData?, Graph.NamedTraceEventFlags)
    case setDeadline(UInt64)
    case passedDeadline
    case compareFailed(AnyAttribute, ComparisonState)

    // AttrGraph's own (AttributeGraph's traces have no callback for them).
    /// A dirty attribute none of whose inputs changed was cleaned without running its rule.
    case cutOff(AnyAttribute)
}

/// A trace installed on a graph storage (AttributeGraph's `ExternalTrace`): the callbacks, copied
/// when it was installed, and the context they are called with.
final class InstalledTrace {
    /// AttributeGraph's trace id: unique for ``Graph/addTrace(_:context:)``, 0 for
    /// ``Graph/setTrace(_:context:)``.
    let id: UniqueID
    let type: Graph.TraceType
    let context: UnsafeMutableRawPointer?

    init(id: UniqueID, type: Graph.TraceType, context: UnsafeMutableRawPointer?) {
        self.id = id
        self.type = type
        self.context = context
    }

    /// Whether ``receive(_:)`` would call `compare_failed` (the engine then keeps what it needs).
    var wantsCompareFailed: Bool {
        type.version.rawValue >= Graph.TraceType.Version.compareFailed.rawValue && type.compare_failed != nil
    }

    /// AttributeGraph's `named_event_enabled`: the trace's answer, or whether it has a
    /// `named_event` callback; `false` below ``Graph/TraceType/Version/named``.
    func wantsNamedEvent(_ event: Graph.NamedTraceEventID) -> Bool {
        guard type.version.rawValue >= Graph.TraceType.Version.named.rawValue else { return false }
        if let enabled = type.named_event_enabled { return enabled(context, event) }
        return type.named_event != nil
    }

    /// Calls the callback of `event`, if the trace has one (and its version includes it).
    func receive(_ event: TraceEvent) {
        let context = self.context
        switch event {
        case .beginSubgraphUpdate(let subgraph, let flags): type.begin_subgraph_update?(context, subgraph, flags)
        case .endSubgraphUpdate(let subgraph): type.end_subgraph_update?(context, subgraph)
        case .beginNodeUpdate(let attribute): type.begin_node_update?(context, attribute)
        case .endNodeUpdate(let attribute, let changed): type.end_node_update?(context, attribute, changed)
        case .beginValueUpdate(let attribute): type.begin_value_update?(context, attribute)
        case .endValueUpdate(let attribute, let changed): type.end_value_update?(context, attribute, changed)
        case .beginGraphUpdate(let graph): type.begin_graph_update?(context, graph)
        case .endGraphUpdate(let graph): type.end_graph_update?(context, graph)
        case .beginGraphInvalidation(let graph, let attribute): type.begin_graph_invalidation?(context, graph, attribute)
        case .endGraphInvalidation(let graph, let attribute): type.end_graph_invalidation?(context, graph, attribute)
        case .beginModifyNode(let attribute): type.begin_modify_node?(context, attribute)
        case .endModifyNode(let attribute): type.end_modify_node?(context, attribute)
        case .graphCreated(let graph): type.graph_created?(context, graph)
        case .graphDestroy(let graph): type.graph_destroy?(context, graph)
        case .graphNeedsUpdate(let graph): type.graph_needs_update?(context, graph)
        case .subgraphCreated(let subgraph): type.subgraph_created?(context, subgraph)
        case .subgraphDestroy(let subgraph): type.subgraph_destroy?(context, subgraph)
        case .subgraphAddChild(let subgraph, let child): type.subgraph_add_child?(context, subgraph, child)
        case .subgraphRemoveChild(let subgraph, let child): type.subgraph_remove_child?(context, subgraph, child)
        case .nodeAdded(let attribute): type.node_added?(context, attribute)
        case .nodeAddEdge(let attribute, let input, let options): type.node_add_edge?(context, attribute, input, options)
        case .nodeRemoveEdge(let attribute, let input): type.node_remove_edge?(context, attribute, input)
        case .nodeSetEdgePending(let attribute, let input, let pending):
            type.node_set_edge_pending?(context, attribute, input, pending)
        case .nodeSetDirty(let attribute, let dirty): type.node_set_dirty?(context, attribute, dirty)
        case .nodeSetPending(let attribute, let pending): type.node_set_pending?(context, attribute, pending)
        case .nodeSetValue(let attribute, let value): type.node_set_value?(context, attribute, value)
        case .nodeMarkValue(let attribute): type.node_mark_value?(context, attribute)
        case .indirectNodeAdded(let attribute): type.indirect_node_added?(context, attribute)
        case .indirectNodeSetSource(let attribute, let source): type.indirect_node_set_source?(context, attribute, source)
        case .indirectNodeSetDependency(let attribute, let dependency):
            type.indirect_node_set_dependency?(context, attribute, dependency)
        case .profileMark(let name): type.profile_mark?(context, name)
        case .customEvent(let graph, let name, let value, let valueType):
            guard type.version.rawValue >= Graph.TraceType.Version.custom.rawValue else { return }
            type.custom_event?(context, graph, name, value, valueType)
        case .namedEvent(let graph, let event, let count, let arguments, let data, let flags):
            guard type.version.rawValue >= Graph.TraceType.Version.named.rawValue else { return }
            type.named_event?(context, graph, event, count, arguments, data, flags)
        case .setDeadline(let deadline):
            guard type.version.rawValue >= Graph.TraceType.Version.deadline.rawValue else { return }
            type.set_deadline?(context, deadline)
        case .passedDeadline:
            guard type.version.rawValue >= Graph.TraceType.Version.deadline.rawValue else { return }
            type.passed_deadline?(context)
        case .compareFailed(let attribute, let state):
            guard wantsCompareFailed else { return }
            type.compare_failed?(context, attribute, state)
        case .cutOff:
            break
        }
    }
}

/// The traces installed on one graph storage, and what the engine keeps for them while a traced
/// rule runs. Touched only by the thread using the graph.
struct _Traces {
    /// In the order they were installed (the order they see each event in).
    var traces: [InstalledTrace] = []
    /// Input edges a running rule recorded for the first time (consumer, input): reported
    /// pending when recorded, and no longer pending once the rule has run.
    var edgesRecordedWhileRunning: [(consumer: UInt32, input: UInt32)] = []
    /// Start times of the rule runs the timeline is recording, innermost last.
    var timelineRunStarts: [UInt64] = []
    /// The deadline `passed_deadline` was reported for (reported once per deadline).
    var passedDeadline: UInt64?

    var wantCompareFailed: Bool { traces.contains { $0.wantsCompareFailed } }
}
