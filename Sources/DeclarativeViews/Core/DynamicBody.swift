import AttrGraph

/// How a body rule gets the body of its container: a view's `body`, a scene's, an app's, a
/// view modifier's `body(content:)` (SwiftUI's body accessors).
protocol BodyAccessor {
    associatedtype Container
    associatedtype Body
    /// Runs on the main actor (the host's thread); see ``_callOnMainActor(_:_:)``.
    static func body(of container: Container) -> Body
}

enum ViewBodyAccessor<V: View>: BodyAccessor {
    static func body(of view: V) -> V.Body {
        _callOnMainActor(view) { $0.body }
    }
}

/// A body rule (SwiftUI's `DynamicBody`): runs the container's body when the container's value
/// really changed (compared field by field with the previous one) or something the body read
/// changed; otherwise keeps its value and its dependencies without calling the body.
///
/// Before each call it installs the container's dynamic properties (``State``,
/// ``Environment``…) into a copy of the container, creating their storage on the first run.
struct DynamicBody<Accessor: BodyAccessor>: StatefulRule, CustomStringConvertible {
    typealias Value = Accessor.Body

    let container: _GraphValue<Accessor.Container>
    let environment: Attribute<EnvironmentValues>
    @HostReference var host: _HostCore
    /// The host's evaluation counter for the container type.
    let counter: Int
    /// The container's dynamic properties, installed on the first run.
    var links: DynamicPropertyLinks?
    /// The container value the body last ran with.
    var last: Accessor.Container?
    /// How to compare container values (looked up on the first comparison).
    var comparison: _ComparisonLayout?
    /// Invalidates this rule when an observable property its body read changes.
    var observation: ObservationInvalidator?

    var description: String { "\(_typeName(Accessor.Container.self, qualified: false)).body" }

    /// Inlined into ``_makeBody(_:container:inputs:)``: as a separate function (the memberwise
    /// one), it would look up this type's metadata and its optionals' a second time.
    @inline(__always)
    init(container: _GraphValue<Accessor.Container>, environment: Attribute<EnvironmentValues>, host: _HostCore, counter: Int) {
        self.container = container
        self.environment = environment
        _host = HostReference(wrappedValue: host)
        self.counter = counter
    }

    mutating func updateValue() {
        let (view, viewChanged) = container.changedValue()
        let othersChanged = Graph.anyInputsChanged(except: container.base)
        var selfChanged = viewChanged
        if hasValue, let last {
            if viewChanged {
                let plan = comparison ?? _ViewEquality.layout(for: Accessor.Container.self)
                comparison = plan
                selfChanged = !withUnsafePointer(to: last) { lhs in
                    withUnsafePointer(to: view) { rhs in plan.equal(UnsafeRawPointer(lhs), UnsafeRawPointer(rhs)) }
                }
            }
            if viewChanged && !selfChanged && !othersChanged {
                // An equal container and nothing else changed: the body would return the same.
                Graph.keepInputs()
                return
            }
        }
        // The body closure below uses locals only: reaching `self` from it would look up this
        // rule's own generic metadata at each run.
        let host = self.host
        let firstRun = links == nil
        if firstRun {
            links = DynamicPropertyLinks.make(for: view, host: host, environment: environment)
            let current = AnyAttribute.current.unsafelyUnwrapped
            observation = ObservationInvalidator(
                attribute: current, validity: current.subgraph.validity, graphThread: host.graphThread,
                host: host.handle)
        }
        let observation = self.observation.unsafelyUnwrapped
        let observedChange = observation.takeChanged()
        last = view
        host.bodyCounts[counter] &+= 1
        let links = self.links.unsafelyUnwrapped
        var installed = view
        let body = withUnsafeMutablePointer(to: &installed) { pointer in
            links.install(into: UnsafeMutableRawPointer(pointer))
            let evaluation = BodyEvaluation(
                container: Accessor.Container.self, host: host, firstRun: firstRun,
                selfChanged: selfChanged, observedChange: observedChange, links: links, view: UnsafeRawPointer(pointer),
                previous: BodyEvaluation.current)
            BodyEvaluation.current = evaluation
            defer { BodyEvaluation.current = evaluation.previous }
            guard AGTrace.isEnabled else { return observation.tracking { Accessor.body(of: pointer.pointee) } }
            // Traced: the body run as a span named by the view type, with _printChanges' reason.
            let started = AGTrace.now()
            let body = observation.tracking { Accessor.body(of: pointer.pointee) }
            AGTrace.complete(
                "body " + _typeName(Accessor.Container.self, qualified: false), category: "view", start: started,
                args: ["changes": .string(evaluation.changesLine)])
            return body
        }
        value = body
    }
}

/// Creates the body rule for a container attribute.
func _makeBody<Accessor: BodyAccessor>(
    _: Accessor.Type, container: _GraphValue<Accessor.Container>, inputs: _ViewInputs
) -> Attribute<Accessor.Body> {
    Attribute(
        DynamicBody<Accessor>(
            container: container, environment: inputs.environment, host: inputs.host,
            counter: inputs.host.counterSlot(for: Accessor.Container.self)))
}

/// The body being evaluated, for `_printChanges()` and state-write warnings.
final class BodyEvaluation {
    /// The type whose body is running (its name is worked out only when printed).
    let container: Any.Type
    @HostReference var host: _HostCore
    let firstRun: Bool
    let selfChanged: Bool
    /// An `@Observable` property the body read last time changed.
    let observedChange: Bool
    let links: DynamicPropertyLinks
    /// The container with its properties installed, valid while its body runs.
    let view: UnsafeRawPointer
    let previous: BodyEvaluation?

    init(container: Any.Type, host: _HostCore, firstRun: Bool, selfChanged: Bool, observedChange: Bool,
         links: DynamicPropertyLinks, view: UnsafeRawPointer, previous: BodyEvaluation?) {
        self.container = container
        _host = HostReference(wrappedValue: host)
        self.firstRun = firstRun
        self.selfChanged = selfChanged
        self.observedChange = observedChange
        self.links = links
        self.view = view
        self.previous = previous
    }

    /// Bodies run on the main actor only, one at a time (nested ones stack through `previous`).
    nonisolated(unsafe) static var current: BodyEvaluation?

    /// SwiftUI's wording: `AView: @self changed.`, `Counter: _count changed.` (a `@State`, a
    /// `@StateObject` or `@ObservedObject` that sent `objectWillChange`), `Row: @dependencies
    /// changed.` (an `@Observable` property the body read), `AView: unchanged.`
    var changesLine: String {
        let name = _typeName(container, qualified: false)
        var changes: [String] = []
        if firstRun {
            changes = ["@self", "@identity"] + links.names
        } else {
            if selfChanged { changes.append("@self") }
            changes += links.changedNames(view: view)
            // SwiftUI's word for Observation-tracked properties.
            if observedChange { changes.append("@dependencies") }
        }
        return changes.isEmpty ? "\(name): unchanged." : "\(name): \(changes.joined(separator: ", ")) changed."
    }
}

extension View {
    /// Prints why the body is running, in SwiftUI's words — call it inside `body`:
    ///
    ///     var body: some View {
    ///         let _ = Self._printChanges()   // "Counter: _count changed."
    ///         …
    ///     }
    ///
    /// The line goes to the host's ``ViewHost/printSink`` (standard output by default).
    public static func _printChanges() {
        guard let evaluation = BodyEvaluation.current else {
            print("\(Self.self): _printChanges() is only meaningful inside body.")
            return
        }
        evaluation.host.printLine(evaluation.changesLine)
    }
}
