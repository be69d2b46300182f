/// Every way of misusing the graph ends here, with a message that says what happened and what
/// to do instead: never silent corruption.
///
/// AttributeGraph's own fatal conditions keep AG's wording (`precondition failure: …`).
enum _Misuse {
    static func fail(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
        if AGTrace.isEnabled {
            // The trace keeps what led here: the failure is its last event.
            AGTrace.instant("precondition failure", category: "graph", args: ["message": .string(message)])
            AGTrace.flush()
        }
        fatalError(message, file: file, line: line)
    }

    static func unknownAttribute(_ attribute: AnyAttribute) -> Never {
        if attribute == .nil {
            fail("AttrGraph: read of the nil attribute (AnyAttribute.nil). Check the attribute was created before use.")
        }
        fail(
            "AttrGraph: \(attribute) is not an attribute of any live graph: its graph was released, "
                + "or the id was never created. Keep the Graph (or a Subgraph of it) alive while you use its attributes.")
    }

    static func destroyedAttribute(_ attribute: AnyAttribute) -> Never {
        fail(
            "AttrGraph: attribute \(attribute) belongs to an invalidated subgraph and was destroyed; it can no "
                + "longer be read or changed. Hold a WeakAttribute to find out when an attribute has gone.")
    }

    static func foreignAttribute(_ attribute: AnyAttribute, graphSlot: UInt32, use: String) -> Never {
        fail(
            "AttrGraph: attribute \(attribute) belongs to another graph and cannot be used in \(use). "
                + "Attributes of different graphs cannot depend on each other; create the graphs with "
                + "Graph(shared:) to connect them.")
    }

    static func invalidatedSubgraphsGraph(_ subgraphID: UInt32) -> Never {
        fail(
            "AttrGraph: subgraph \(subgraphID) was invalidated (or its graph released) and belongs to no graph any "
                + "more. Check Subgraph.isValid before asking for its graph, and keep the Graph alive while its "
                + "subgraphs are in use.")
    }

    static func staleAttribute(_ attribute: AnyAttribute, replacement: String) -> Never {
        fail(
            "AttrGraph: attribute \(attribute) is stale: the attribute it named was destroyed (its subgraph was "
                + "invalidated) and its slot now holds another attribute (\(replacement)). Do not keep ids of "
                + "attributes past their subgraph; hold a WeakAttribute to find out when an attribute has gone.")
    }

    /// Two threads inside one graph at once (see ``_Engine/enter(_:)``).
    static func overlappingUse(use: String, holder: UInt, holderUse: String) -> Never {
        fail(
            "AttrGraph: overlapping use of a graph: \(_describeThread(ThreadLocal.identity)) started \(use) while "
                + "\(_describeThread(holder)) is \(holderUse). A graph may be used from any thread, but by one thread at "
                + "a time: make its uses serial (one serial DispatchQueue or actor for the graph, or a lock around each "
                + "use), or give each thread a graph of its own.")
    }

    /// A use away from the thread a host pinned the graph to (see ``Graph/pin(to:)``).
    static func pinnedElsewhere(use: String, pinned: UInt) -> Never {
        fail(
            "AttrGraph: \(use) on \(_describeThread(ThreadLocal.identity)), but the graph's host updates it on "
                + "\(_describeThread(pinned)) (a RunLoopBridge scheduler or a DeclarativeViews host pinned it there): "
                + "hop to that thread first (for the main thread, DispatchQueue.main.async { … } or "
                + "CFRunLoopPerformBlock(CFRunLoopGetMain(), …); for a MainActor app, MainActor.run).")
    }

    static func setComputedDuringUpdate(_ attribute: AnyAttribute, bodyType: Any.Type) -> Never {
        fail(
            "AttrGraph: cannot set the value of computed attribute \(attribute) (\(_shortTypeName(bodyType))) while "
                + "the graph is updating. Set an input attribute instead, or write the value from the rule itself "
                + "(StatefulRule).")
    }

    static func cyclicEdge(_ attribute: AnyAttribute) -> Never {
        let id = attribute.rawValue
        fail("precondition failure: cyclic edge: \(id) -> \(id) (the rule of attribute \(id) read its own value)")
    }

    static func failedInitialValue(_ attribute: AnyAttribute, bodyType: Any.Type) -> Never {
        fail("precondition failure: attribute failed to set an initial value: \(attribute.rawValue), \(_shortTypeName(bodyType))")
    }

    static func cyclicGraph(_ attribute: AnyAttribute) -> Never {
        fail("precondition failure: cyclic graph: \(attribute.rawValue)")
    }

    static func noValue(_ attribute: AnyAttribute, type: Any.Type) -> Never {
        fail(
            "AttrGraph: attribute \(attribute) (\(_shortTypeName(type))) has no value yet: "
                + "set the input's value before reading it.")
    }

    static func invalidatedDuringUpdate(_ attribute: AnyAttribute, type: String) -> Never {
        fail(
            "AttrGraph: attribute \(attribute) (\(type)) has no value: its subgraph was invalidated during this "
                + "update (it is destroyed when the update ends), before its rule produced a value. Do not read "
                + "attributes of a subgraph after invalidating it; a rule should not invalidate its own subgraph.")
    }

    static func destroyedDuringItsUpdate(_ attribute: AnyAttribute) -> Never {
        fail(
            "AttrGraph: attribute \(attribute) was destroyed by the update that read it: its subgraph was invalidated "
                + "while it was being updated (by its own rule, or a rule it read), so it was destroyed, value and all, "
                + "when the update ended. Do not invalidate a subgraph from inside its own rules; invalidate it after "
                + "the update (from the host, or an observer).")
    }

    static func noCurrentAttribute(_ use: String) -> Never {
        fail("AttrGraph: \(use) can only be used while a rule is running.")
    }

    static func noSubgraph(creating type: Any.Type) -> Never {
        fail(
            "AttrGraph: attempting to create attribute with no subgraph: \(_shortTypeName(type)). "
                + "Create attributes inside `subgraph.apply { … }` or set `Subgraph.current`.")
    }

    static func invalidSubgraph(creating type: Any.Type) -> Never {
        fail(
            "AttrGraph: attempting to create attribute \(_shortTypeName(type)) in an invalidated subgraph. "
                + "Create a new Subgraph instead.")
    }

    static func typeMismatch(_ attribute: AnyAttribute, expected: Any.Type, actual: Any.Type) -> Never {
        fail(
            "AttrGraph: attribute \(attribute) holds \(_shortTypeName(actual)) but was used as "
                + "\(_shortTypeName(expected)). Check the attribute id and the Attribute<Value> type.")
    }
}
