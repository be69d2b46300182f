/// How everything a host's graph keeps refers to the host: `@HostReference var host: _HostCore`.
///
/// The reference is unowned and unchecked, for one reason stated here once: **the host owns the
/// graph, and the graph owns every holder.** Rules, links, hosted slots and body records live in
/// the host's subgraphs; the host invalidates its root subgraph when it is torn down or released
/// (``_HostCore/tearDown()``, its `deinit`), which destroys every attribute and, with it, every
/// value holding this reference. So no holder can use the host after it is gone. A strong
/// reference would be a cycle (host → graph → rule → host); a `weak` one would move the host's
/// reference counts to a side table and put every retain and release of it on the slow path.
///
/// Debug builds (`AG_INTERNAL_CHECKS`) check the argument on every use: the host's
/// ``HostHandle`` is cleared when the host begins to deinitialise, and a use after that stops
/// with a message naming the holder's type instead of reading freed memory. Release builds
/// store the one word.
@propertyWrapper
package struct HostReference {
    private unowned(unsafe) let host: _HostCore
    #if AG_INTERNAL_CHECKS
    /// Outlives the host (it is a separate object) and says whether the host is still there.
    private let handle: HostHandle
    #endif

    package init(wrappedValue host: _HostCore) {
        self.host = host
        #if AG_INTERNAL_CHECKS
        handle = host.handle
        #endif
    }

    package var wrappedValue: _HostCore {
        #if AG_INTERNAL_CHECKS
        if handle.host == nil {
            fatalError("DeclarativeViews internal error: a value kept by a host's graph used the host after it was released")
        }
        #endif
        return host
    }
}
