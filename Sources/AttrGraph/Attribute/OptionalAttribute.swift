/// An attribute that may be absent (a plain or weak reference, or none).
@frozen
public struct AnyOptionalAttribute: Hashable, Sendable, CustomStringConvertible {
    public var identifier: AnyAttribute

    public init() {
        identifier = .nil
    }

    public init(_ attribute: AnyAttribute?) {
        identifier = attribute ?? .nil
    }

    public init(_ weakAttribute: AnyWeakAttribute) {
        identifier = weakAttribute.attribute ?? .nil
    }

    public init<Value>(_ attribute: OptionalAttribute<Value>) {
        self = attribute.base
    }

    public var attribute: AnyAttribute? {
        get { identifier == .nil ? nil : identifier }
        set { identifier = newValue ?? .nil }
    }

    public func map<V>(_ body: (AnyAttribute) -> V) -> V? {
        attribute.map(body)
    }

    public func unsafeCast<Value>(to _: Value.Type) -> OptionalAttribute<Value> {
        OptionalAttribute(base: self)
    }

    public static var current: AnyOptionalAttribute {
        AnyOptionalAttribute(AnyAttribute.current)
    }

    public var description: String { attribute?.description ?? "nil" }
}

/// A typed attribute that may be absent.
///
///     @OptionalAttribute var selection: Int?   // nil when no attribute was given
@frozen
@propertyWrapper
@dynamicMemberLookup
public struct OptionalAttribute<Value>: Hashable, CustomStringConvertible {
    public var base: AnyOptionalAttribute

    public init() {
        base = AnyOptionalAttribute()
    }

    public init(base: AnyOptionalAttribute) {
        self.base = base
    }

    public init(_ attribute: Attribute<Value>) {
        base = AnyOptionalAttribute(attribute.identifier)
    }

    public init(_ attribute: Attribute<Value>?) {
        base = AnyOptionalAttribute(attribute?.identifier)
    }

    public init(_ weakAttribute: WeakAttribute<Value>) {
        base = AnyOptionalAttribute(weakAttribute.base)
    }

    public var attribute: Attribute<Value>? {
        get { base.attribute?.unsafeCast(to: Value.self) }
        set { base.attribute = newValue?.identifier }
    }

    /// The value (a dependency when read inside a rule), or `nil` when there is no attribute.
    public var value: Value? { attribute?.value }

    public func changedValue(options: ValueOptions = []) -> (value: Value, changed: Bool)? {
        attribute?.changedValue(options: options)
    }

    public func map<V>(_ body: (Attribute<Value>) -> V) -> V? {
        attribute.map(body)
    }

    public var wrappedValue: Value? { value }

    public var projectedValue: Attribute<Value>? {
        get { attribute }
        set { attribute = newValue }
    }

    public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> Attribute<Member>? {
        attribute?[keyPath: keyPath]
    }

    public var description: String { attribute?.description ?? "nil" }
}
