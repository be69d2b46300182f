import CoreFoundation

extension Graph {
    /// A trace: callbacks the graph calls as it works (AttributeGraph's `AGTraceType`), installed
    /// with ``addTrace(_:context:)`` or ``setTrace(_:context:)``.
    ///
    ///     var trace = Graph.TraceType()
    ///     trace.begin_value_update = { _, attribute in print("running", attribute) }
    ///     trace.end_value_update = { _, attribute, changed in print(attribute, changed ? "changed" : "same") }
    ///     let id = withUnsafeMutablePointer(to: &trace) { graph.addTrace($0, context: nil) }
    ///     …
    ///     graph.removeTrace(traceID: id)
    ///
    /// The fields are AttributeGraph's, with their C names; each is optional, and a `nil` field is
    /// an event the trace does not want. Every callback gets the `context` the trace was installed
    /// with first. Where AttributeGraph's C callbacks take `AGGraphRef`, `AGSubgraphRef`,
    /// `AGAttribute`, `AGTypeID` and friends, these take what those types are in Swift (``Graph``,
    /// ``Subgraph``, ``AnyAttribute``, ``Metadata``, …), so the closures that code written against
    /// AttributeGraph passes compile unchanged. Unlike C function pointers, they may capture.
    ///
    /// When each callback is called — the event semantics are AttributeGraph's:
    ///
    /// * `begin_trace` / `end_trace`: the trace was installed / removed (with the context it was
    ///   installed or removed through). A trace still installed when its graph is destroyed is
    ///   dropped without `end_trace`: the graph can no longer be named then.
    /// * `graph_created` (a context made with ``Graph/init(shared:)`` on the traced graph),
    ///   `graph_destroy` (``Graph/invalidate()``), `graph_needs_update` (``Graph/needsUpdate``
    ///   turns on), `begin_graph_update` / `end_graph_update` (around the context's
    ///   ``Graph/onUpdate(_:)`` callback, called by the next update after
    ///   ``Graph/setNeedsUpdate()``, only when it has one), `begin_graph_invalidation` /
    ///   `end_graph_invalidation` (around the context's ``Graph/onInvalidation(_:)`` callback,
    ///   when a change in another context dirties its readers of cross-context inputs).
    /// * `subgraph_created`, `subgraph_destroy` (``Subgraph/invalidate()``, for the subgraph and
    ///   each child invalidated with it; not when a subgraph is released),
    ///   `subgraph_add_child` (before the child is added), `subgraph_remove_child` (once the child
    ///   no longer lists the parent, before the parent lets go of it),
    ///   `begin_subgraph_update` / `end_subgraph_update` (``Subgraph/update(flags:)`` when it has
    ///   dirty attributes to update).
    /// * `node_added` / `indirect_node_added` (an attribute, an indirect attribute is created),
    ///   `node_set_value` (an input's value is set — even to an equal value —, an attribute is
    ///   created with a value, a rule writes its output), `node_mark_value`
    ///   (``AnyAttribute/invalidateValue()``), `node_set_dirty` / `node_set_pending` (each time
    ///   the attribute's dirty or pending state changes), `node_add_edge` / `node_remove_edge`
    ///   (an input edge is added — by ``AnyAttribute/addInput(_:options:token:)`` or by a rule
    ///   reading an attribute for the first time — or removed: a rule stopped reading it, or the
    ///   input was destroyed with its subgraph), `node_set_edge_pending` (an input edge is marked
    ///   changed, or the mark is cleared after the rule ran), `begin_modify_node` /
    ///   `end_modify_node` (around ``AnyAttribute/mutateBody(as:invalidating:_:)``'s closure),
    ///   `indirect_node_set_source`, `indirect_node_set_dependency`.
    /// * `begin_node_update` / `end_node_update`: an attribute is brought up to date from outside
    ///   a rule's recorded inputs (a read, ``Subgraph/update(flags:)``, a rule reading a new
    ///   dirty input); `changed` is `false` when ``AnyAttribute/prefetchValue()``'s update was
    ///   cancelled. `begin_value_update` / `end_value_update`: around one run of a rule;
    ///   `changed` says whether a value changed meanwhile.
    /// * `compare_failed`: a rule wrote a value unequal to the one it had (not for its first
    ///   value), or ``compareValues(_:_:options:)`` with ``ComparisonOptions/traceCompareFailed``
    ///   returned `false` inside a rule. The ``ComparisonState`` is valid during the call only.
    /// * `custom_event` (``Graph/addTraceEvent(_:value:)``), `named_event`
    ///   (``Graph/addNamedTraceEvent(_:eventArgs:data:flags:)``, whatever `named_event_enabled`
    ///   says), `named_event_enabled` (``Graph/traceEventEnabled(for:)``), `profile_mark`
    ///   (``Graph/markProfile(name:)``), `set_deadline` / `passed_deadline` (once per deadline: a
    ///   rule asking ``Graph/hasDeadlinePassed``, a prefetch past it).
    ///
    /// `version` gates the later fields as in AttributeGraph: `custom_event` needs at least
    /// ``Version/custom``, the named events ``Version/named``, the deadline events
    /// ``Version/deadline``, `compare_failed` ``Version/compareFailed``.
    ///
    /// Callbacks run on the thread using the graph, in the middle of its work: they may record,
    /// not change the graph. Several traces see each event in the order they were installed.
    public struct TraceType {
        /// Which fields the trace knows about (AttributeGraph's `AGTraceTypeVersion`).
        public enum Version: UInt64, Sendable {
            case initial = 0
            case custom = 1
            case named = 2
            case deadline = 3
            case compareFailed = 4
        }

        public var version: Version

        public var begin_trace: ((UnsafeMutableRawPointer?, Graph) -> Void)?
        public var end_trace: ((UnsafeMutableRawPointer?, Graph) -> Void)?

        public var begin_subgraph_update: ((UnsafeMutableRawPointer?, Subgraph, Subgraph.Flags) -> Void)?
        public var end_subgraph_update: ((UnsafeMutableRawPointer?, Subgraph) -> Void)?
        public var begin_node_update: ((UnsafeMutableRawPointer?, AnyAttribute) -> Void)?
        public var end_node_update: ((UnsafeMutableRawPointer?, AnyAttribute, Bool) -> Void)?
        public var begin_value_update: ((UnsafeMutableRawPointer?, AnyAttribute) -> Void)?
        public var end_value_update: ((UnsafeMutableRawPointer?, AnyAttribute, Bool) -> Void)?
        public var begin_graph_update: ((UnsafeMutableRawPointer?, Graph) -> Void)?
        public var end_graph_update: ((UnsafeMutableRawPointer?, Graph) -> Void)?

        public var begin_graph_invalidation: ((UnsafeMutableRawPointer?, Graph, AnyAttribute) -> Void)?
        public var end_graph_invalidation: ((UnsafeMutableRawPointer?, Graph, AnyAttribute) -> Void)?

        public var begin_modify_node: ((UnsafeMutableRawPointer?, AnyAttribute) -> Void)?
        public var end_modify_node: ((UnsafeMutableRawPointer?, AnyAttribute) -> Void)?

        public var begin_event: ((UnsafeMutableRawPointer?, AnyAttribute, UnsafePointer<CChar>) -> Void)?
        public var end_event: ((UnsafeMutableRawPointer?, AnyAttribute, UnsafePointer<CChar>) -> Void)?

        public var graph_created: ((UnsafeMutableRawPointer?, Graph) -> Void)?
        public var graph_destroy: ((UnsafeMutableRawPointer?, Graph) -> Void)?
        public var graph_needs_update: ((UnsafeMutableRawPointer?, Graph) -> Void)?

        public var subgraph_created: ((UnsafeMutableRawPointer?, Subgraph) -> Void)?
        public var subgraph_destroy: ((UnsafeMutableRawPointer?, Subgraph) -> Void)?
        public var subgraph_add_child: ((UnsafeMutableRawPointer?, Subgraph, Subgraph) -> Void)?
        public var subgraph_remove_child: ((UnsafeMutableRawPointer?, Subgraph, Subgraph) -> Void)?

        public var node_added: ((UnsafeMutableRawPointer?, AnyAttribute) -> Void)?
        public var node_add_edge: ((UnsafeMutableRawPointer?, AnyAttribute, AnyAttribute, InputOptions) -> Void)?
        public var node_remove_edge: ((UnsafeMutableRawPointer?, AnyAttribute, AnyAttribute) -> Void)?
        public var node_set_edge_pending: ((UnsafeMutableRawPointer?, AnyAttribute, AnyAttribute, Bool) -> Void)?

        public var node_set_dirty: ((UnsafeMutableRawPointer?, AnyAttribute, Bool) -> Void)?
        public var node_set_pending: ((UnsafeMutableRawPointer?, AnyAttribute, Bool) -> Void)?
        public var node_set_value: ((UnsafeMutableRawPointer?, AnyAttribute, UnsafeRawPointer) -> Void)?
        public var node_mark_value: ((UnsafeMutableRawPointer?, AnyAttribute) -> Void)?

        public var indirect_node_added: ((UnsafeMutableRawPointer?, AnyAttribute) -> Void)?
        public var indirect_node_set_source: ((UnsafeMutableRawPointer?, AnyAttribute, AnyAttribute) -> Void)?
        public var indirect_node_set_dependency: ((UnsafeMutableRawPointer?, AnyAttribute, AnyAttribute) -> Void)?

        public var profile_mark: ((UnsafeMutableRawPointer?, UnsafePointer<CChar>) -> Void)?

        public var custom_event:
            ((UnsafeMutableRawPointer?, Graph, UnsafePointer<CChar>, UnsafeRawPointer, Metadata) -> Void)?
        public var named_event:
            (
                (
                    UnsafeMutableRawPointer?, Graph, Graph.NamedTraceEventID, Int, UnsafePointer<UInt32>?, CFData?,
                    Graph.NamedTraceEventFlags
                ) -> Void
            )?
        public var named_event_enabled: ((UnsafeMutableRawPointer?, Graph.NamedTraceEventID) -> Bool)?

        public var set_deadline: ((UnsafeMutableRawPointer?, UInt64) -> Void)?
        public var passed_deadline: ((UnsafeMutableRawPointer?) -> Void)?

        public var compare_failed: ((UnsafeMutableRawPointer?, AnyAttribute, ComparisonState) -> Void)?

        /// A trace with no callbacks, at ``Version/initial`` (AttributeGraph's zero-initialised struct).
        public init() {
            version = .initial
        }

        /// A trace with the given callbacks (AttributeGraph's memberwise initialiser; here every
        /// callback may be left out).
        public init(
            version: Version,
            begin_trace: ((UnsafeMutableRawPointer?, Graph) -> Void)? = nil,
            end_trace: ((UnsafeMutableRawPointer?, Graph) -> Void)? = nil,
            begin_subgraph_update: ((UnsafeMutableRawPointer?, Subgraph, Subgraph.Flags) -> Void)? = nil,
            end_subgraph_update: ((UnsafeMutableRawPointer?, Subgraph) -> Void)? = nil,
            begin_node_update: ((UnsafeMutableRawPointer?, AnyAttribute) -> Void)? = nil,
            end_node_update: ((UnsafeMutableRawPointer?, AnyAttribute, Bool) -> Void)? = nil,
            begin_value_update: ((UnsafeMutableRawPointer?, AnyAttribute) -> Void)? = nil,
            end_value_update: ((UnsafeMutableRawPointer?, AnyAttribute, Bool) -> Void)? = nil,
            begin_graph_update: ((UnsafeMutableRawPointer?, Graph) -> Void)? = nil,
            end_graph_update: ((UnsafeMutableRawPointer?, Graph) -> Void)? = nil,
            begin_graph_invalidation: ((UnsafeMutableRawPointer?, Graph, AnyAttribute) -> Void)? = nil,
            end_graph_invalidation: ((UnsafeMutableRawPointer?, Graph, AnyAttribute) -> Void)? = nil,
            begin_modify_node: ((UnsafeMutableRawPointer?, AnyAttribute) -> Void)? = nil,
            end_modify_node: ((UnsafeMutableRawPointer?, AnyAttribute) -> Void)? = nil,
            begin_event: ((UnsafeMutableRawPointer?, AnyAttribute, UnsafePointer<CChar>) -> Void)? = nil,
            end_event: ((UnsafeMutableRawPointer?, AnyAttribute, UnsafePointer<CChar>) -> Void)? = nil,
            graph_created: ((UnsafeMutableRawPointer?, Graph) -> Void)? = nil,
            graph_destroy: ((UnsafeMutableRawPointer?, Graph) -> Void)? = nil,
            graph_needs_update: ((UnsafeMutableRawPointer?, Graph) -> Void)? = nil,
            subgraph_created: ((UnsafeMutableRawPointer?, Subgraph) -> Void)? = nil,
            subgraph_destroy: ((UnsafeMutableRawPointer?, Subgraph) -> Void)? = nil,
            subgraph_add_child: ((UnsafeMutableRawPointer?, Subgraph, Subgraph) -> Void)? = nil,
            subgraph_remove_child: ((UnsafeMutableRawPointer?, Subgraph, Subgraph) -> Void)? = nil,
            node_added: ((UnsafeMutableRawPointer?, AnyAttribute) -> Void)? = nil,
            node_add_edge: ((UnsafeMutableRawPointer?, AnyAttribute, AnyAttribute, InputOptions) -> Void)? = nil,
            node_remove_edge: ((UnsafeMutableRawPointer?, AnyAttribute, AnyAttribute) -> Void)? = nil,
            node_set_edge_pending: ((UnsafeMutableRawPointer?, AnyAttribute, AnyAttribute, Bool) -> Void)? = nil,
            node_set_dirty: ((UnsafeMutableRawPointer?, AnyAttribute, Bool) -> Void)? = nil,
            node_set_pending: ((UnsafeMutableRawPointer?, AnyAttribute, Bool) -> Void)? = nil,
            node_set_value: ((UnsafeMutableRawPointer?, AnyAttribute, UnsafeRawPointer) -> Void)? = nil,
            node_mark_value: ((UnsafeMutableRawPointer?, AnyAttribute) -> Void)? = nil,
            indirect_node_added: ((UnsafeMutableRawPointer?, AnyAttribute) -> Void)? = nil,
            indirect_node_set_source: ((UnsafeMutableRawPointer?, AnyAttribute, AnyAttribute) -> Void)? = nil,
            indirect_node_set_dependency: ((UnsafeMutableRawPointer?, AnyAttribute, AnyAttribute) -> Void)? = nil,
            profile_mark: ((UnsafeMutableRawPointer?, UnsafePointer<CChar>) -> Void)? = nil,
            custom_event: ((UnsafeMutableRawPointer?, Graph, UnsafePointer<CChar>, UnsafeRawPointer, Metadata) -> Void)? =
                nil,
            named_event: (
                (
                    UnsafeMutableRawPointer?, Graph, Graph.NamedTraceEventID, Int, UnsafePointer<UInt32>?, CFData?,
                    Graph.NamedTraceEventFlags
                ) -> Void
            )? = nil,
            named_event_enabled: ((UnsafeMutableRawPointer?, Graph.NamedTraceEventID) -> Bool)? = nil,
            set_deadline: ((UnsafeMutableRawPointer?, UInt64) -> Void)? = nil,
            passed_deadline: ((UnsafeMutableRawPointer?) -> Void)? = nil,
            compare_failed: ((UnsafeMutableRawPointer?, AnyAttribute, ComparisonState) -> Void)? = nil
        ) {
            self.version = version
            self.begin_trace = begin_trace
            self.end_trace = end_trace
            self.begin_subgraph_update = begin_subgraph_update
            self.end_subgraph_update = end_subgraph_update
            self.begin_node_update = begin_node_update
            self.end_node_update = end_node_update
            self.begin_value_update = begin_value_update
            self.end_value_update = end_value_update
            self.begin_graph_update = begin_graph_update
            self.end_graph_update = end_graph_update
            self.begin_graph_invalidation = begin_graph_invalidation
            self.end_graph_invalidation = end_graph_invalidation
            self.begin_modify_node = begin_modify_node
            self.end_modify_node = end_modify_node
            self.begin_event = begin_event
            self.end_event = end_event
            self.graph_created = graph_created
            self.graph_destroy = graph_destroy
            self.graph_needs_update = graph_needs_update
            self.subgraph_created = subgraph_created
            self.subgraph_destroy = subgraph_destroy
            self.subgraph_add_child = subgraph_add_child
            self.subgraph_remove_child = subgraph_remove_child
            self.node_added = node_added
            self.node_add_edge = node_add_edge
            self.node_remove_edge = node_remove_edge
            self.node_set_edge_pending = node_set_edge_pending
            self.node_set_dirty = node_set_dirty
            self.node_set_pending = node_set_pending
            self.node_set_value = node_set_value
            self.node_mark_value = node_mark_value
            self.indirect_node_added = indirect_node_added
            self.indirect_node_set_source = indirect_node_set_source
            self.indirect_node_set_dependency = indirect_node_set_dependency
            self.profile_mark = profile_mark
            self.custom_event = custom_event
            self.named_event = named_event
            self.named_event_enabled = named_event_enabled
            self.set_deadline = set_deadline
            self.passed_deadline = passed_deadline
            self.compare_failed = compare_failed
        }
    }
}

@available(*, unavailable)
extension Graph.TraceType: Sendable {}
