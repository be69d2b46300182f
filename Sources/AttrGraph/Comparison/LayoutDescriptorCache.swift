import Dispatch

/// The process's layout descriptors (``_LayoutDescriptor``): one per type and ``ComparisonMode``,
/// built on first request and kept, with its address, for the life of the process — the pointers
/// ``prefetchCompareValues(type:options:priority:)`` returns stay valid, as AttributeGraph's do.
///
/// **Synchronous by default.** A descriptor is built when it is first asked for, on the asking
/// thread. With ``AGEnvironment/asyncLayouts`` (`AG_ASYNC_LAYOUTS=1`, AttributeGraph's setting
/// and its default on Apple platforms) a request without
/// ``ComparisonOptions/fetchLayoutsSynchronously`` that finds no descriptor queues the type for a
/// background build (highest `priority` first) and answers "not ready" (`nil`) until it is built;
/// ``compareValues(_:_:options:)`` compares the values' bytes meanwhile. A request with
/// `fetchLayoutsSynchronously` always gets the descriptor, built on the spot if it is still queued.
///
/// With ``AGEnvironment/printLayouts`` (`AG_PRINT_LAYOUTS`) each descriptor is printed to the
/// diagnostics stream when it is built: `== Type, N bytes ==` and its instructions.
package final class _LayoutDescriptorCache: Sendable {
    /// The cache `prefetchCompareValues`, `compareValues` and the engine use.
    package static let shared = _LayoutDescriptorCache(
        asynchronous: AGEnvironment.asyncLayouts, printing: AGEnvironment.printLayouts)

    /// A descriptor pointer (`nil`, ``_LayoutDescriptor/trivial`` or instructions that are never
    /// freed nor changed, so it can be shared between threads).
    package struct Descriptor: @unchecked Sendable {
        package var pointer: UnsafePointer<UInt8>?
    }

    private struct Key: Hashable {
        var type: ObjectIdentifier
        var mode: ComparisonMode
    }

    private enum Entry {
        case queued
        case built(Descriptor)
    }

    private struct Request {
        var key: Key
        var type: Metadata
        var priority: UInt32
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        /// Types to build in the background, in the order they were asked for.
        var queue: [Request] = []
        var draining = false
    }

    private let state = Locked(State())
    private let asynchronous: Bool
    private let printing: Bool
    private let report: DiagnosticSink?
    /// Entered while the background queue drains (``waitForBackgroundBuilds()``).
    private let backgroundBuilds = DispatchGroup()

    /// - Parameters:
    ///   - asynchronous: AttributeGraph's background building (see the type's documentation).
    ///   - printing: print each descriptor built.
    ///   - report: where to print; `nil` is the diagnostics stream at the time of printing
    ///     (``DiagnosticSink/default``).
    package init(asynchronous: Bool, printing: Bool, report: DiagnosticSink? = nil) {
        self.asynchronous = asynchronous
        self.printing = printing
        self.report = report
    }

    /// `type`'s descriptor in `mode`, and whether it is ready: `(nil, false)` when it is queued
    /// for a background build (asynchronous mode, a request without `synchronously`).
    package func fetch(
        _ type: Any.Type, mode: ComparisonMode, synchronously: Bool, priority: UInt32 = 0
    ) -> (descriptor: UnsafePointer<UInt8>?, isReady: Bool) {
        let key = Key(type: ObjectIdentifier(type), mode: mode)
        let waitsForBackground = asynchronous && !synchronously
        let found: Entry? = state.withLock { state in
            if let entry = state.entries[key] { return entry }
            guard waitsForBackground else { return nil }
            state.entries[key] = .queued
            state.queue.append(Request(key: key, type: Metadata(type), priority: priority))
            if !state.draining {
                state.draining = true
                startDraining()
            }
            return .queued
        }
        switch found {
        case .built(let descriptor)?:
            return (descriptor.pointer, true)
        case .queued?:
            if waitsForBackground { return (nil, false) }
        case nil:
            break
        }
        let built = build(type, mode: mode)
        return (store(built, for: key).pointer, true)
    }

    /// Blocks until the background queue is empty and every queued descriptor is built.
    package func waitForBackgroundBuilds() {
        backgroundBuilds.wait()
    }

    // MARK: Building

    /// Stores a descriptor built for `key`; if another thread stored one first, that one stays
    /// (one address per type and mode) and is returned.
    private func store(_ descriptor: Descriptor, for key: Key) -> Descriptor {
        state.withLock { state in
            if case .built(let existing)? = state.entries[key] { return existing }
            state.entries[key] = .built(descriptor)
            return descriptor
        }
    }

    private func build(_ type: Any.Type, mode: ComparisonMode) -> Descriptor {
        var builder = LayoutDescriptorBuilder(mode: mode) { [self] nestedType, nestedMode in
            fetch(nestedType, mode: nestedMode, synchronously: true).descriptor
        }
        guard let items = builder.items(for: type) else { return Descriptor(pointer: nil) }
        let size = _typeOps(type).size
        switch LayoutDescriptorBuilder.encode(items, size: size) {
        case .trivial:
            return Descriptor(pointer: _LayoutDescriptor.trivial)
        case .existing(let descriptor):
            return Descriptor(pointer: descriptor)
        case .program(let bytes):
            // Never freed: the address is handed out for the life of the process.
            let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
            storage.initialize(from: bytes, count: bytes.count)
            let descriptor = UnsafePointer(storage)
            if printing {
                (report ?? .default)(
                    "== \(_typeName(type, qualified: false)), \(size) bytes ==\n"
                        + _LayoutDescriptor.description(of: descriptor))
            }
            return Descriptor(pointer: descriptor)
        }
    }

    // MARK: The background queue

    private func startDraining() {
        backgroundBuilds.enter()
        DispatchQueue.global(qos: .utility).async { [self] in
            drain()
            backgroundBuilds.leave()
        }
    }

    /// Builds queued types, highest priority first (first asked first among equals), until none is left.
    private func drain() {
        while true {
            let next: Request? = state.withLock { state in
                guard let index = state.queue.indices.max(by: { state.queue[$0].priority < state.queue[$1].priority })
                else {
                    state.draining = false
                    return nil
                }
                return state.queue.remove(at: index)
            }
            guard let request = next else { return }
            guard case .queued? = state.withLock({ $0.entries[request.key] }) else { continue }
            _ = store(build(request.type.type, mode: request.key.mode), for: request.key)
        }
    }
}
