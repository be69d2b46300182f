/// What Swift knows statically about a type, reached from its metatype by opening it once
/// (``_typeOps(_:)``): its size and alignment, and typed copies of its values.
protocol TypeOps {
    static var size: Int { get }
    static var alignment: Int { get }
    /// Trivially copyable and destroyable ("plain old data").
    static var isPOD: Bool { get }
    /// Calls `body` with copies of two values (each copy retains what it holds) that it may
    /// change in place, as long as it leaves them valid values again.
    static func withCopies(
        _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ body: (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Bool
    ) -> Bool
    /// For existential types: the same dynamic type, then the same value of it in `mode`.
    static func dynamicValuesEqual(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, mode: ComparisonMode) -> Bool
    /// For existential types: calls `body` with the dynamic type and copies of the values two
    /// existentials hold, when the dynamic types are the same (`false` otherwise).
    static func withDynamicValues(
        _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer,
        _ body: (Any.Type, UnsafeRawPointer, UnsafeRawPointer) -> Bool
    ) -> Bool
}

enum TypeOpsFor<T>: TypeOps {
    static var size: Int { MemoryLayout<T>.size }
    static var alignment: Int { MemoryLayout<T>.alignment }
    static var isPOD: Bool { _isPOD(T.self) }
}

/// The ``TypeOps`` of `type`.
func _typeOps(_ type: Any.Type) -> any TypeOps.Type {
    func open<T>(_: T.Type) -> any TypeOps.Type { TypeOpsFor<T>.self }
    return _openExistential(type, do: open)
}
