/// Handing a graph to another thread.
///
///     // On the thread that owns the graph:
///     let handoff = graph.handOff()              // the graph now belongs to no thread
///     DispatchQueue.global().async {
///         let graph = handoff.receive()          // … and now to this one
///         graph.update()
///     }
///
/// A graph belongs to the thread that created it. ``Graph/handOff()`` releases it (every context
/// sharing its storage, ``Graph/init(shared:)``, goes with it); the thread that calls
/// ``GraphHandoff/receive()`` takes it over. Between the two, using the graph anywhere stops with a
/// message; after them, so does using it on the old thread.
extension Graph {
    /// Releases this graph from its owning thread, for another thread to ``GraphHandoff/receive()``.
    /// Call it on the owning thread, outside any update. The thread's current subgraph is cleared
    /// if it belongs to this graph.
    public func handOff() -> GraphHandoff {
        let engine = storage.engine
        engine.checkOwner("handOff")
        if engine.isUpdating {
            _Misuse.fail("AttrGraph: handOff() during an update of the graph; hand it off after the update has ended.")
        }
        if let current = Subgraph.current, current.graph.storage === storage {
            Subgraph.current = nil
        }
        engine.state.pointee.owner = 0
        return GraphHandoff(graph: self)
    }
}

/// A graph on its way to another thread (see ``Graph/handOff()``): `Sendable` and usable once.
///
/// `@unchecked Sendable` is sound here: the graph has no owner while the handoff exists, so no
/// thread can use it concurrently, and ``receive()`` gives it to exactly one thread (the handoff is
/// non-copyable and consumed by it).
public struct GraphHandoff: ~Copyable, @unchecked Sendable {
    private let graph: Graph

    init(graph: Graph) {
        self.graph = graph
    }

    /// Makes the calling thread the graph's owner and returns the graph.
    public consuming func receive() -> Graph {
        graph.storage.state.pointee.owner = _currentThreadID()
        return graph
    }

    /// A handoff dropped without ``receive()`` gives the graph to the thread that drops it, so
    /// that the graph (nobody else's) can be released there.
    deinit {
        graph.storage.state.pointee.owner = _currentThreadID()
    }
}
