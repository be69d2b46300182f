/// The state bits of an attribute's value (AttributeGraph's `AGValueState`).
public struct ValueState: OptionSet, Sendable, Hashable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let dirty = ValueState(rawValue: 1 << 0)
    public static let pending = ValueState(rawValue: 1 << 1)
    public static let updating = ValueState(rawValue: 1 << 2)
    public static let valueExists = ValueState(rawValue: 1 << 3)
    public static let mainThread = ValueState(rawValue: 1 << 4)
    public static let mainRef = ValueState(rawValue: 1 << 5)
    public static let requiresMainThread = ValueState(rawValue: 1 << 6)
    public static let selfModified = ValueState(rawValue: 1 << 7)
}

/// Options for an input edge added with ``AnyAttribute/addInput(_:options:token:)``.
public struct InputOptions: OptionSet, Sendable, Hashable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let unprefetched = InputOptions(rawValue: 1 << 0)
    public static let syncMainRef = InputOptions(rawValue: 1 << 1)
    /// Never pruned when a run does not read it. An edge added with `addInput` without it is
    /// dropped after the first run of the rule that does not read the input (AttributeGraph's rule).
    public static let alwaysEnabled = InputOptions(rawValue: 1 << 2)
    /// The consumer's running rule read the input (AttributeGraph's `AGInputOptionsEnabled`).
    public static let enabled = InputOptions(rawValue: 1 << 4)
}

/// Options for reading a value (``Attribute/changedValue(options:)``).
public struct ValueOptions: OptionSet, Sendable, Hashable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let unprefetched = ValueOptions(rawValue: 1 << 0)
    public static let syncMainRef = ValueOptions(rawValue: 1 << 1)
    public static let incrementGraphVersion = ValueOptions(rawValue: 1 << 2)
}

/// Flags returned with a value by ``Attribute/valueAndFlags(options:)``.
public struct ChangedValueFlags: OptionSet, Sendable, Hashable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The input changed since the running rule last ran.
    public static let changed = ChangedValueFlags(rawValue: 1 << 0)
    public static let requiresMainThread = ChangedValueFlags(rawValue: 1 << 1)
}

/// Options for ``AnyAttribute/breadthFirstSearch(options:_:)``.
public struct SearchOptions: OptionSet, Sendable, Hashable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Walk the attributes this one reads (with neither direction, only the start is visited).
    public static let searchInputs = SearchOptions(rawValue: 1 << 0)
    /// Walk the attributes that read this one.
    public static let searchOutputs = SearchOptions(rawValue: 1 << 1)
    /// Also cross into other contexts of a shared graph.
    public static let traverseGraphContexts = SearchOptions(rawValue: 1 << 2)
}

/// How a body type's values are compared for the equality cut-off.
public enum ComparisonMode: UInt8, Sendable {
    /// Bytes, never `==`: plain data byte by byte, references by identity, `indirect` enum
    /// payloads by their box.
    case bitwise = 0
    /// Like `equatableUnlessPOD`, with class-bound existentials compared by reference.
    case indirect = 1
    /// The default of rules: `==` for `Equatable` types that are not plain data; plain data byte
    /// by byte; other types field by field, enums by case and payload.
    case equatableUnlessPOD = 2
    /// `==` for every `Equatable` type, plain data included (``compareValues(_:_:mode:)``'s default).
    case equatableAlways = 3
}

// Names used by code written against AttributeGraph's C-level Swift imports.
public typealias AGValueState = ValueState
public typealias AGInputOptions = InputOptions
public typealias AGValueOptions = ValueOptions
public typealias AGChangedValueFlags = ChangedValueFlags
public typealias AGSearchOptions = SearchOptions
public typealias AGComparisonMode = ComparisonMode
