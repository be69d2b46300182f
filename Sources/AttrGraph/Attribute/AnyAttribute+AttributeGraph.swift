/// The rest of AttributeGraph's Swift surface for attribute ids and rule contexts: spellings
/// AttributeGraph code uses that AttrGraph's own API words differently.
extension AnyAttribute {
    /// An id from its number (AttributeGraph's unlabelled form of ``init(rawValue:)``).
    public init(_ rawValue: UInt32) {
        self.init(rawValue: rawValue)
    }

    /// AttributeGraph's Objective-C bridging type for attribute ids (its raw value).
    public typealias _ObjectiveCType = UInt32

    /// The subgraph that owns the attribute, or `nil` when it is gone (AttributeGraph's name for
    /// ``subgraph2``).
    public var subgraphOrNil: Subgraph? { subgraph2 }

    /// Traps unless the attribute's value type is `type` (AttributeGraph's `AGGraphVerifyType`).
    public func verifyType(type: Metadata) {
        verify(type: type.type)
    }

    /// ``addInput(_:options:token:)`` without the unused token.
    public func addInput(_ attribute: AnyAttribute, options: InputOptions = []) {
        addInput(attribute, options: options, token: 0)
    }

    /// Brings the attribute up to date without recording a dependency. `options` containing
    /// ``ValueOptions/incrementGraphVersion`` or others are accepted; AttrGraph updates in
    /// place, on this thread.
    public func updateValue(options: ValueOptions) {
        updateValue()
    }
}

/// AttributeGraph's id of no attribute.
public let AGAttributeNil = AnyAttribute.nil

extension Attribute {
    /// The subgraph that owns the attribute, or `nil` when it is gone.
    public var subgraphOrNil: Subgraph? { identifier.subgraphOrNil }
}

extension AnyRuleContext {
    /// `input`'s value and whether it changed since this rule last ran.
    public func changedValue<Value>(of input: Attribute<Value>, options: ValueOptions = []) -> (value: Value, changed: Bool) {
        input.changedValue(options: options)
    }

    /// `input`'s value and its change flags.
    public func valueAndFlags<Value>(of input: Attribute<Value>, options: ValueOptions = []) -> (value: Value, flags: ChangedValueFlags) {
        input.valueAndFlags(options: options)
    }

    /// Reads the attribute `weakAttribute` names, if it still exists, as a dependency.
    public subscript<Value>(weakAttribute: WeakAttribute<Value>) -> Value? {
        weakAttribute.attribute.map { self[$0] }
    }

    /// Reads the attribute `optionalAttribute` names, if any, as a dependency.
    public subscript<Value>(optionalAttribute: OptionalAttribute<Value>) -> Value? {
        optionalAttribute.attribute.map { self[$0] }
    }
}

extension InputOptions {
    /// AttributeGraph's name for the changed bit an input edge carries.
    public static let changed = InputOptions(rawValue: 1 << 3)
}

extension ValueOptions {
    /// The options that are input options too (AttributeGraph's `inputOptionsMask`).
    public static let inputOptionsMask = ValueOptions(rawValue: 3)
    /// AttributeGraph's name for ``unprefetched`` among the input options.
    public static let inputOptionsUnprefetched = ValueOptions(rawValue: 1 << 0)
    /// AttributeGraph's name for ``syncMainRef`` among the input options.
    public static let inputOptionsSyncMainRef = ValueOptions(rawValue: 1 << 1)
}

/// A value read with its change flags (AttributeGraph's `AGChangedValue`).
public struct AGChangedValue {
    public var value: UnsafeRawPointer
    public var flags: ChangedValueFlags

    public init(value: UnsafeRawPointer, flags: ChangedValueFlags) {
        self.value = value
        self.flags = flags
    }
}

/// A weak read with its change flags (AttributeGraph's `AGWeakChangedValue`).
public struct AGWeakChangedValue {
    public var value: UnsafeRawPointer?
    public var flags: ChangedValueFlags

    public init(value: UnsafeRawPointer?, flags: ChangedValueFlags) {
        self.value = value
        self.flags = flags
    }
}

/// A byte range of a value (AttributeGraph's `AGFieldRange`).
public struct FieldRange: Hashable, Sendable {
    public var offset: Int
    public var size: Int

    public init(offset: Int, size: Int) {
        self.offset = offset
        self.size = size
    }
}

/// How a graph update may end (AttributeGraph's `AGGraphUpdateOptions`).
public struct AGGraphUpdateOptions: OptionSet, Sendable, Hashable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let inTransaction = AGGraphUpdateOptions(rawValue: 1 << 0)
    public static let abortIfCancelled = AGGraphUpdateOptions(rawValue: 1 << 1)
    public static let cancelIfPassedDeadline = AGGraphUpdateOptions(rawValue: 1 << 2)
    public static let initializeCleared = AGGraphUpdateOptions(rawValue: 1 << 3)
    public static let endDeferringSubgraphInvalidationOnExit = AGGraphUpdateOptions(rawValue: 1 << 4)
}

/// How a graph update ended (AttributeGraph's `AGGraphUpdateStatus`).
public enum AGGraphUpdateStatus: UInt32, Sendable {
    case noChange = 0
    case changed = 1
    case aborted = 2
    case needsCallMainHandler = 3
}

extension AnyWeakAttribute {
    /// The attribute id referenced (AttributeGraph's `identifier` field of the weak reference).
    public var identifier: AnyAttribute { _details.identifier }
    /// The seed the attribute had when referenced.
    public var seed: UInt32 { _details.seed }
}
