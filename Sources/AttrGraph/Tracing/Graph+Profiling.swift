import AttrGraphArchive
import Synchronization

/// Profiling (AttributeGraph's `AGGraphStartProfiling` family): while on, every rule run of the
/// graph is timed, per attribute and per rule type — runs, value changes, total and longest
/// time. The data is in ``profile``, in descriptions and archives (`attrgraph_profile`), and
/// `agdump ARCHIVE --profile` prints it.
///
///     Graph.startProfiling(graph)
///     … updates …
///     print(graph.profile.rules.prefix(5))     // the rule types that took longest
///     Graph.stopProfiling(graph)
extension Graph {
    /// Starts profiling `graph` (with `nil`, every graph alive now) from its next update.
    public static func startProfiling(_ graph: Graph?) {
        forEachActivity(graph) { $0.setProfiling(true) }
    }

    /// Stops profiling `graph` (with `nil`, every graph alive now); the data collected stays.
    public static func stopProfiling(_ graph: Graph?) {
        forEachActivity(graph) { $0.setProfiling(false) }
    }

    /// Forgets the profile data of `graph` (with `nil`, of every graph alive now). From another
    /// thread than the graph's, the data is dropped when its next update starts.
    public static func resetProfile(_ graph: Graph?) {
        if let graph {
            let engine = graph.storage.engine
            if engine.tryEnter("resetting the profile") {
                defer { engine.leave(true) }
                if !engine.isUpdating { graph.storage.profile = _Profile() } else {
                    graph.storage.activity.profileResetRequested.store(true, ordering: .relaxed)
                }
            } else if !engine.isHeldByAnotherThread, !engine.isUpdating {
                graph.storage.profile = _Profile()
            } else {
                graph.storage.activity.profileResetRequested.store(true, ordering: .relaxed)
            }
        } else {
            forEachActivity(nil) { $0.profileResetRequested.store(true, ordering: .relaxed) }
        }
    }

    /// The profile data collected so far (AttrGraph's addition; AttributeGraph shows it in
    /// Instruments only). Read on the graph's thread.
    public var profile: Profile {
        let entered = storage.engine.enter("reading the profile")
        defer { storage.engine.leave(entered) }
        return storage.makeProfile()
    }

    /// What profiling measured.
    public struct Profile: Sendable, Equatable {
        /// One rule type's or one attribute's runs.
        public struct Entry: Sendable, Equatable {
            /// The attribute, for an attribute's entry; `nil` for a rule type's.
            public var attribute: AnyAttribute?
            /// The rule (body) type and the value type.
            public var ruleType: String
            public var valueType: String
            public var runs: Int
            /// Runs whose value changed (the others were cut off by equality).
            public var changes: Int
            /// Seconds.
            public var totalTime: Double
            public var maxTime: Double
        }

        /// Per rule type, longest total time first.
        public var rules: [Entry]
        /// Per attribute, longest total time first.
        public var attributes: [Entry]

        public var isEmpty: Bool { rules.isEmpty }
    }
}

extension GraphStorage {
    /// The profile as sorted entries with type names.
    func makeProfile() -> Graph.Profile {
        func entry(_ value: _Profile.Entry, type: UInt32, attribute: AnyAttribute?) -> Graph.Profile.Entry {
            let names = activity.typeName(type)
            return Graph.Profile.Entry(
                attribute: attribute, ruleType: names.body, valueType: names.value, runs: value.runs, changes: value.changes,
                totalTime: Double(value.totalNanoseconds) / 1e9, maxTime: Double(value.maxNanoseconds) / 1e9)
        }
        func order(_ lhs: Graph.Profile.Entry, _ rhs: Graph.Profile.Entry) -> Bool {
            if lhs.totalTime != rhs.totalTime { return lhs.totalTime > rhs.totalTime }
            if lhs.ruleType != rhs.ruleType { return lhs.ruleType < rhs.ruleType }
            return (lhs.attribute?.rawValue ?? 0) < (rhs.attribute?.rawValue ?? 0)
        }
        let rules = profile.byType.enumerated().filter { $0.element.runs > 0 }
            .map { entry($0.element, type: UInt32($0.offset), attribute: nil) }.sorted(by: order)
        let attributes = profile.byAttribute
            .map { entry($0.value.entry, type: $0.value.type, attribute: AnyAttribute(rawValue: $0.key)) }.sorted(by: order)
        return Graph.Profile(rules: rules, attributes: attributes)
    }

    /// The profile as an archive member (`attrgraph_profile`): times in nanoseconds.
    func profileJSON() -> JSONValue? {
        guard !profile.isEmpty else { return nil }
        let made = makeProfile()
        func object(_ entry: Graph.Profile.Entry) -> JSONValue {
            var members: [(key: String, value: JSONValue)] = []
            if let attribute = entry.attribute { members.append(("attribute", .int(Int(attribute.rawValue)))) }
            members += [
                ("changes", .int(entry.changes)), ("max_ns", .int(Int((entry.maxTime * 1e9).rounded()))),
                ("runs", .int(entry.runs)), ("total_ns", .int(Int((entry.totalTime * 1e9).rounded()))),
                ("type", .string(entry.ruleType)), ("value", .string(entry.valueType)),
            ]
            return .object(JSONObject(members))
        }
        return .object(JSONObject([
            ("attributes", .array(made.attributes.map(object))), ("rules", .array(made.rules.map(object))),
        ]))
    }
}
