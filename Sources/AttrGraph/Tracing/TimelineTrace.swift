/// The timeline trace (`AG_TRACE`, ``Graph/startTracing(_:options:)``) as a consumer of the
/// engine's event stream (``TraceEvent``), beside the installed traces: rule runs become spans
/// (`"ph":"X"`, rule type, value type, attribute, whether the value changed), cut-offs and the
/// events code adds (custom, named, profile marks) instants. The update episodes, nested updates,
/// cycles and observer callbacks are written by the engine where they happen.
///
/// Rule runs and cut-offs are recorded in the update episodes that started while the graph was
/// traced (the episode's ``_Instrumentation/trace``).
enum TimelineTrace {
    static func receive(_ event: TraceEvent, engine: _Engine) {
        switch event {
        case .beginValueUpdate:
            guard engine.state.pointee.instrumentation.contains(.trace) else { return }
            engine.storage.tracing.timelineRunStarts.append(AGTrace.now())
        case .endValueUpdate(let attribute, let changed):
            guard engine.state.pointee.instrumentation.contains(.trace),
                let start = engine.storage.tracing.timelineRunStarts.popLast()
            else { return }
            let index = GraphRegistry.index(attribute.rawValue)
            AGTrace.ruleRun(
                fragments(engine, engine.node(index).pointee.typeIndex), start: start, end: AGTrace.now(),
                attribute: attribute.rawValue, changed: changed, graph: engine.storage.graphID)
        case .cutOff(let attribute):
            guard engine.state.pointee.instrumentation.contains(.trace) else { return }
            let index = GraphRegistry.index(attribute.rawValue)
            let names = engine.state.pointee.activity.typeName(engine.node(index).pointee.typeIndex)
            AGTrace.instant(
                "cut-off", category: "rule", args: ["attribute": .int(Int(attribute.rawValue)), "type": .string(names.body)])
        case .customEvent(_, let name, _, let type):
            AGTrace.instant(
                String(cString: name), category: "custom",
                args: ["graph": .int(Int(engine.storage.graphID)), "type": .string(type.description)])
        case .namedEvent(_, let event, let count, let arguments, _, _):
            let name = Graph.traceEventName(for: event).map { String(cString: $0) } ?? "event \(event.rawValue)"
            let subsystem = Graph.traceEventSubsystem(for: event).map { String(cString: $0) } ?? ""
            let values = arguments.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
            AGTrace.instant(
                name, category: subsystem.isEmpty ? "named" : subsystem,
                args: [
                    "graph": .int(Int(engine.storage.graphID)),
                    "args": .string(values.map(String.init).joined(separator: ",")),
                ])
        case .profileMark(let name):
            AGTrace.instant(String(cString: name), category: "mark", args: ["graph": .int(Int(engine.storage.graphID))])
        default:
            break
        }
    }

    /// The fixed parts of the events of rule type `typeIndex`, made on first use.
    private static func fragments(_ engine: _Engine, _ typeIndex: UInt32) -> TraceFragments {
        let storage = engine.storage
        let position = Int(typeIndex)
        if position < storage.traceFragments.count, let fragments = storage.traceFragments[position] { return fragments }
        while storage.traceFragments.count <= position { storage.traceFragments.append(nil) }
        let names = engine.state.pointee.activity.typeName(typeIndex)
        let fragments = TraceFragments(ruleType: names.body, valueType: names.value)
        storage.traceFragments[position] = fragments
        return fragments
    }
}
