import AttrGraph

/// AttrGraph set up the way the js-reactivity-benchmark harness expects: a signal is an input
/// attribute, a computed is a rule, an effect is an attribute observer (it runs once when
/// created, then after each batch in which its attribute changed), and a batch is some writes
/// followed by one ``Graph/update()``.
final class Reactive {
    let graph = Graph()
    let root: Subgraph
    private var observers: [Registration] = []

    init() {
        root = Subgraph(graph: graph)
    }

    /// Builds the graph: attributes created in `body` go into the root subgraph.
    func build<R>(_ body: () throws -> R) rethrows -> R {
        let saved = Subgraph.current
        Subgraph.current = root
        defer { Subgraph.current = saved }
        return try body()
    }

    func signal<T>(_ value: T) -> Attribute<T> {
        Attribute(value: value)
    }

    func computed<T>(_ body: @escaping () -> T) -> Attribute<T> {
        Attribute(Computed(body: body))
    }

    /// An effect on `attribute`: runs now, then after every batch that changed it.
    func effect<T>(_ attribute: Attribute<T>, _ body: @escaping (T) -> Void) {
        body(attribute.value)
        observers.append(attribute.observe(body))
    }

    func batch(_ body: () -> Void) {
        body()
        graph.update()
    }

    /// Rule runs so far (computeds and effects).
    var ruleRuns: Int { Int(graph.counter(for: .updates)) }

    /// Releases the graph's attributes (the js harness's `cleanup`).
    func cleanup() {
        observers.removeAll()
        root.invalidate()
    }
}

/// A rule computing its value with a closure (the js-style `computed`).
struct Computed<Value>: Rule {
    let body: () -> Value
    var value: Value { body() }
}

/// Counts effect runs (the js suites' `callCounter`). The count lives in raw memory so that
/// incrementing it from an effect does not pay Swift's dynamic exclusivity check on class
/// properties, which would be measured as engine time.
final class Counter {
    private let storage = UnsafeMutablePointer<Int>.allocate(capacity: 1)

    init() { storage.initialize(to: 0) }
    deinit { storage.deallocate() }

    var count: Int {
        get { storage.pointee }
        set { storage.pointee = newValue }
    }
}

/// The js suites' `busy()`: 100 increments the optimiser cannot remove.
@inline(never)
func busy() {
    var accumulator = 0
    for index in 0..<100 {
        accumulator &+= index
        blackHole(accumulator)
    }
}
