/// Options for ``Rule/cachedValue(options:owner:)`` (AttributeGraph's `AGCachedValueOptions`).
public struct CachedValueOptions: OptionSet, Sendable, Hashable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The read is not prefetched (accepted; AttrGraph reads in place).
    public static let unprefetched = CachedValueOptions(rawValue: 1)
}

/// Cached rule values (AttributeGraph's `AGGraphReadCachedAttribute`): one attribute per equal
/// rule body, made on first use and shared by every later reader.
///
///     struct Formatted: Rule, Hashable { let number: Int; var value: String { "\(number)" } }
///     let text = Formatted(number: 3).cachedValue(options: [], owner: nil)   // "3"
///
/// The cache is the graph's; an entry lives as long as its attribute, in `owner`'s subgraph (the
/// current subgraph when `owner` is `nil`). Inside a rule the read records a dependency of that
/// rule, as any read does. Cost: a hash lookup and `==` on the bodies with the same hash.
extension Rule where Self: Hashable {
    /// The value of the cached attribute for this body, made (and computed) if there is none.
    public func cachedValue(options: CachedValueOptions, owner: AnyAttribute?) -> Value {
        withUnsafePointer(to: self) { body in
            Self._cachedValue(options: options, owner: owner, hashValue: hashValue, bodyPtr: UnsafeRawPointer(body)) {
                { _, _ in }
            }.pointee
        }
    }

    /// The value of the cached attribute for this body if there is one (`nil`: nothing is made).
    public func cachedValueIfExists(options: CachedValueOptions, owner: AnyAttribute?) -> Value? {
        guard let attribute = RuleCache.existing(Self.self, hashValue: hashValue, body: self, owner: owner) else {
            return nil
        }
        return attribute.value
    }

    /// AttributeGraph's form: the body at `bodyPtr`, its `hashValue`; `update` is accepted (the
    /// cached attribute runs the rule's own ``value``).
    public static func _cachedValue(
        options: CachedValueOptions, owner: AnyAttribute?, hashValue: Int, bodyPtr: UnsafeRawPointer,
        update: () -> (UnsafeMutableRawPointer, AnyAttribute) -> Void
    ) -> UnsafePointer<Value> {
        let body = bodyPtr.assumingMemoryBound(to: Self.self).pointee
        let attribute =
            RuleCache.existing(Self.self, hashValue: hashValue, body: body, owner: owner)
            ?? RuleCache.make(body, hashValue: hashValue, owner: owner)
        return _Engine.readValue(attribute.identifier, type: Value.self).assumingMemoryBound(to: Value.self)
    }
}

/// The graph's cache of rule attributes by body (see ``Rule/cachedValue(options:owner:)``).
enum RuleCache {
    struct Key: Hashable {
        var type: ObjectIdentifier
        var hash: Int
    }

    struct Entry {
        var body: Any
        var attribute: AnyWeakAttribute
    }

    /// The subgraph a cached attribute lives in.
    private static func subgraph(owner: AnyAttribute?) -> Subgraph {
        if let owner, owner != .nil { return owner.subgraph }
        guard let current = Subgraph.current else { _Misuse.noSubgraph(creating: RuleCache.self) }
        return current
    }

    static func existing<R: Rule & Hashable>(_: R.Type, hashValue: Int, body: R, owner: AnyAttribute?) -> Attribute<R.Value>? {
        let storage = subgraph(owner: owner).storage
        let key = Key(type: ObjectIdentifier(R.self), hash: hashValue)
        guard var entries = storage.ruleCache[key] else { return nil }
        // Entries whose attribute was destroyed (its subgraph invalidated) go.
        entries.removeAll { $0.attribute.attribute == nil }
        storage.ruleCache[key] = entries.isEmpty ? nil : entries
        for entry in entries where (entry.body as? R) == body {
            if let attribute = entry.attribute.attribute { return Attribute(identifier: attribute) }
        }
        return nil
    }

    static func make<R: Rule & Hashable>(_ body: R, hashValue: Int, owner: AnyAttribute?) -> Attribute<R.Value> {
        let subgraph = subgraph(owner: owner)
        let attribute = Graph.withoutUpdate { subgraph.apply { Attribute(body) } }
        let key = Key(type: ObjectIdentifier(R.self), hash: hashValue)
        subgraph.storage.ruleCache[key, default: []].append(Entry(body: body, attribute: AnyWeakAttribute(attribute.identifier)))
        return attribute
    }
}
