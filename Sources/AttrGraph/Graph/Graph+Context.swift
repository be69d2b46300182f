/// What a host attaches to a graph, and the handles AttributeGraph's lower-level API passes around.
extension Graph {
    /// A pointer the host keeps with this graph context (AttributeGraph's `AGGraphGetContext` /
    /// `AGGraphSetContext`): SwiftUI stores its graph host here. The graph neither retains nor
    /// reads it.
    ///
    ///     graph.context = UnsafeRawPointer(Unmanaged.passUnretained(host).toOpaque())
    public var context: UnsafeRawPointer? {
        get { hostContext }
        set { hostContext = newValue }
    }

    /// The graph as AttributeGraph's C functions name it (`AGUnownedGraphContextRef`), for
    /// ``internAttributeType(ctx:body:makeAttributeType:)``. It does not keep the graph alive.
    public var graphContext: UnownedGraphContext {
        UnownedGraphContext(graph: self)
    }

    /// Runs `body`. AttributeGraph calls `mainThreadHandler` with the work of rules flagged
    /// ``_AttributeType/Flags/mainThread`` that an update on another thread meets, so that the
    /// host runs it on the main thread; AttrGraph runs every rule on the thread that updates
    /// (one thread at a time), so the handler is never called.
    public func withMainThreadHandler(_ mainThreadHandler: (() -> Void) -> Void, do body: () -> Void) {
        body()
    }
}

/// A graph context without a reference to it (AttributeGraph's `AGUnownedGraphContextRef`).
public struct UnownedGraphContext {
    unowned(unsafe) let graph: Graph
}
