import AttrGraphArchive
/// How a graph reports cycles (see `AG_PRINT_CYCLES` / `AG_TRAP_CYCLES` in ``AGEnvironment``).
///
///     graph.cycleReporting = CycleReporting(printLevel: 2, trap: false)   // in a test
public struct CycleReporting: Sendable, Hashable {
    /// 0 silent; 1 the AttributeGraph line; 2 + stack, cycle path, cause; 3 + DOT; 4 + archive.
    public var printLevel: Int
    /// Stop the process after reporting the first cycle.
    public var trap: Bool

    public init(printLevel: Int, trap: Bool) {
        self.printLevel = printLevel
        self.trap = trap
    }

    /// The process environment's settings (read once).
    public static var environment: CycleReporting {
        CycleReporting(printLevel: AGEnvironment.printCycles, trap: AGEnvironment.trapCycles)
    }
}

// MARK: - The cycle contract

extension _Engine {
    /// Called when an attribute that must be brought up to date is already being updated (it is
    /// on an update stack): a cycle. Applies AttributeGraph's contract:
    ///
    /// 1. report it, once per update episode (and trap when asked to);
    /// 2. if it has a value, the reader gets that stale value;
    /// 3. else, if its rule type has an `initialValue`, the reader gets that;
    /// 4. else it is evaluated re-entrantly once more, marked cyclic; re-entering a cyclic
    ///    attribute again is fatal (`cyclic graph: N`).
    ///
    /// Returns `true` when the caller must evaluate the attribute re-entrantly.
    func handleReentry(_ index: UInt32) -> Bool {
        let node = self.node(index)
        if !node.pointee.flags.contains(.cycleReported) {
            node.pointee.flags.insert(.cycleReported)
            state.pointee.cycleNodes.append(index)
            state.pointee.episodeHasWork = true
            storage.reportCycle(through: index)
        }
        if node.pointee.flags.contains(.valueExists) {
            return false
        }
        if type(node).pointee.vtable.writeInitialValue(self, node: index) {
            return false
        }
        if node.pointee.flags.contains(.cyclic) {
            _Misuse.cyclicGraph(attribute(index))
        }
        node.pointee.flags.insert(.cyclic)
        state.pointee.cycleNodes.append(index)
        state.pointee.episodeHasWork = true
        return true
    }

    /// The node the running code is reading from: the running rule, else the top frame.
    var reader: UInt32? {
        if state.pointee.current != 0 { return state.pointee.current }
        return state.pointee.frames.isEmpty ? nil : state.pointee.frames.last.node
    }

    /// `Body -> Value` for a node.
    func typeSignature(_ index: UInt32) -> String {
        let record = type(node(index))
        if record.pointee.isIndirect {
            return "IndirectAttribute"
        }
        return "\(_shortTypeName(record.pointee.bodyType)) -> \(_shortTypeName(record.pointee.valueType))"
    }
}

// MARK: - The report


extension GraphStorage {
    /// The context whose settings apply to a report about `index`.
    func reportingContext(for index: UInt32) -> Graph? {
        let node = engine.node(index)
        let contextIndex = state.pointee.subgraphContext[Int(node.pointee.subgraph)]
        return context(at: contextIndex) ?? liveContexts.first
    }

    /// Prints the cycle report for a re-entry of `index` at the configured level, then traps
    /// when asked to.
    func reportCycle(through index: UInt32) {
        let engine = self.engine
        let context = reportingContext(for: index)
        let reporting = context?.cycleReporting ?? .environment
        let sink = context?.sink ?? .default
        let record = cycleRecord(through: index)
        if !episodeRecordedCycle {
            lastCycle = record
            episodeRecordedCycle = true
        }
        if reporting.printLevel >= 1 {
            var text = "=== AttributeGraph: cycle detected through attribute \(engine.attribute(index).rawValue) ===\n"
            if reporting.printLevel >= 2 {
                if reporting.printLevel >= 3 {
                    let onStack = Set(engine.stackFrames().map { engine.attribute($0.frame.node) })
                    text += description(
                        options: GraphDescriptionOptions(format: .dot, attributeIDs: onStack), cycle: record)
                    text += "=== Evaluation stack ===\n"
                }
                text += stackReport()
                text += cyclePathReport(record)
                text += "===\n"
                if reporting.printLevel >= 4 {
                    text += writeArchiveReport(name: "cycle.ag-json", cycle: record)
                }
            }
            sink(text)
        }
        if AGTrace.isEnabled, activity.traceOptions.load(ordering: .relaxed) != 0 {
            AGTrace.instant(
                "cycle", category: "graph",
                args: [
                    "attribute": .int(Int(engine.attribute(index).rawValue)), "graph": .int(Int(graphID)),
                    "report": .string(
                        "cycle detected through attribute \(engine.attribute(index).rawValue)\n" + stackReport()
                            + cyclePathReport(record)),
                ])
            AGTrace.flush()
        }
        if reporting.trap {
            _Misuse.cyclicGraph(engine.attribute(index))
        }
    }

    /// AttributeGraph's frame lines, innermost first, each followed by the body and value type.
    func stackReport() -> String {
        let engine = self.engine
        var text = ""
        for (segment, frameIndex, frame) in engine.stackFrames() {
            let node = engine.node(frame.node)
            var flags = ""
            if frame.flags.contains(.pending) { flags += "P" }
            if frame.flags.contains(.cancelled) { flags += "C" }
            if node.pointee.flags.contains(.dirty) { flags += "D" }
            if node.pointee.flags.contains(.valueExists) { flags += "V" }
            text += "frame \(segment).\(frameIndex): attribute \(engine.attribute(frame.node).rawValue); count=\(node.pointee.updateCount), "
            text += "index=\(frame.inputIndex)/\(node.inputs.count) \(flags)  "
            text += engine.typeSignature(frame.node) + "\n"
        }
        return text
    }

    /// The path from the first update of the re-entered attribute to the re-entry, and the
    /// nested update that caused it.
    func cycleRecord(through index: UInt32) -> CycleRecord {
        let engine = self.engine
        // Frames outermost first, with their segment numbers.
        let frames = engine.stackFrames().reversed()
        var path: [UInt32] = []
        var firstSegment: Int?
        for (segment, _, frame) in frames {
            if firstSegment == nil {
                if frame.node == index { firstSegment = segment } else { continue }
            }
            if path.last != frame.node { path.append(frame.node) }
        }
        if let reader = engine.reader, path.last != reader, firstSegment != nil {
            path.append(reader)
        }
        path.append(index)
        // The cause: the outermost nested update that began while the re-entered attribute was
        // already on the stack (it started the update that re-entered it).
        var cause: String?
        if let firstFrame = firstFrameIndex(of: index) {
            var candidate = state.pointee.activeNestedUpdate
            var chosen: _NestedUpdate?
            while candidate >= 0 {
                let update = nestedUpdates[Int(candidate)]
                if update.frameCount > firstFrame { chosen = update }
                candidate = update.parent
            }
            if let update = chosen {
                var text = "nested update started by \(update.reason)"
                if let outer = update.outerAttribute {
                    let outerIndex = GraphRegistry.index(outer.rawValue)
                    text += " while attribute \(outer.rawValue) (\(engine.typeSignature(outerIndex))) was updating"
                }
                cause = text
            }
        }
        return CycleRecord(
            attribute: engine.attribute(index).rawValue, path: path.map { engine.attribute($0).rawValue }, cause: cause)
    }

    /// The position in the frame buffer of the first (outermost) frame updating `index`.
    func firstFrameIndex(of index: UInt32) -> Int? {
        for position in 0..<state.pointee.frames.count where state.pointee.frames[position].node == index {
            return position
        }
        return nil
    }

    func cyclePathReport(_ record: CycleRecord) -> String {
        let engine = self.engine
        var text = "=== Cycle path ===\n"
        for (position, id) in record.path.enumerated() {
            let prefix = position == 0 ? "" : "  -> "
            let suffix = position == record.path.count - 1 && position > 0 ? " (re-entered)" : ""
            let signature = engine.typeSignature(GraphRegistry.index(id))
            text += "\(prefix)attribute \(id) (\(signature))\(suffix)\n"
        }
        if let cause = record.cause {
            text += "cause: \(cause)\n"
        }
        return text
    }
}
