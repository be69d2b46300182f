import AttrGraph
@_spi(Reflection) import Swift
import Foundation

/// Types that say themselves whether two of their values are the same view input.
protocol _CustomViewEquatable {
    static func _viewEqual(_ lhs: UnsafePointer<Self>, _ rhs: UnsafePointer<Self>) -> Bool
}

/// Whether a new view value is the same as the previous one, so that its body need not run
/// again — SwiftUI's rule, which views need not be `Equatable` for:
///
/// * `Equatable` values compare with `==`; plain-old-data values byte by byte;
/// * otherwise field by field: `State` and `Environment` properties by their installed
///   storage, `Binding`s by the place they point to, closures and objects by identity;
/// * anything else (a non-`Equatable` enum with payloads, say) counts as changed.
///
/// The field layout of each type is worked out once and cached.
package enum _ViewEquality {
    package static func equal<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
        withUnsafePointer(to: lhs) { lhs in
            withUnsafePointer(to: rhs) { rhs in equal(lhs, rhs) }
        }
    }

    static func equal<Value>(_ lhs: UnsafePointer<Value>, _ rhs: UnsafePointer<Value>) -> Bool {
        plan(for: Value.self).equal(UnsafeRawPointer(lhs), UnsafeRawPointer(rhs))
    }

    private static let plans = Locked<[ObjectIdentifier: ComparisonPlan]>([:])

    static func plan(for type: Any.Type) -> ComparisonPlan {
        let key = ObjectIdentifier(type)
        if let plan = plans.withLock({ $0[key] }) { return plan }
        // Built outside the lock: building recurses into field types.
        let plan = ComparisonPlan(type: type)
        plans.withLock { $0[key] = plan }
        return plan
    }
}

/// How to compare two values of one type.
final class ComparisonPlan: @unchecked Sendable {
    // @unchecked: immutable after init.
    enum Step {
        /// Bytes `offset..<offset+count` must be equal.
        case bytes(offset: Int, count: Int)
        /// The value at `offset` compares with its type's plan.
        case field(offset: Int, plan: ComparisonPlan)
    }

    enum Kind {
        case bytes(Int)
        case equatable(any _Comparer.Type)
        case custom(any _CustomViewEquatable.Type)
        case fields([Step])
        case alwaysDifferent
    }

    let kind: Kind

    init(type: Any.Type) {
        kind = Self.kind(for: type)
    }

    private static func kind(for type: Any.Type) -> Kind {
        if let custom = type as? any _CustomViewEquatable.Type {
            return .custom(custom)
        }
        if let equatable = type as? any Equatable.Type {
            func open<T: Equatable>(_: T.Type) -> any _Comparer.Type { _EquatableComparer<T>.self }
            return .equatable(open(equatable))
        }
        if _isPOD(type) {
            return .bytes(_size(of: type))
        }
        // `_forEachField` walks the stored fields of structs (and tuples); enums and
        // existentials have none it can report, and count as always different.
        guard _isStructOrTuple(type) else { return .alwaysDifferent }
        var fields: [(offset: Int, type: Any.Type, kind: _MetadataKind)] = []
        let walked = _forEachField(of: type, options: []) { _, offset, fieldType, kind in
            fields.append((offset, fieldType, kind))
            return true
        }
        guard walked else { return .alwaysDifferent }
        var steps: [Step] = []
        for field in fields {
            if _isPOD(field.type) || field.type is AnyObject.Type || field.kind == .function {
                // Plain data, objects and closures: equal bytes (closures and objects by identity).
                steps.append(.bytes(offset: field.offset, count: _size(of: field.type)))
            } else {
                steps.append(.field(offset: field.offset, plan: _ViewEquality.plan(for: field.type)))
            }
        }
        return .fields(coalesce(steps))
    }

    /// Merges adjacent byte ranges into one.
    private static func coalesce(_ steps: [Step]) -> [Step] {
        var result: [Step] = []
        for step in steps {
            if case .bytes(let offset, let count) = step, case .bytes(let lastOffset, let lastCount)? = result.last,
               lastOffset + lastCount == offset
            {
                result[result.count - 1] = .bytes(offset: lastOffset, count: lastCount + count)
            } else {
                result.append(step)
            }
        }
        return result
    }

    func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        switch kind {
        case .bytes(let count):
            return memcmp(lhs, rhs, count) == 0
        case .equatable(let comparer):
            return comparer.equal(lhs, rhs)
        case .custom(let type):
            func open<T: _CustomViewEquatable>(_: T.Type) -> Bool {
                T._viewEqual(lhs.assumingMemoryBound(to: T.self), rhs.assumingMemoryBound(to: T.self))
            }
            return open(type)
        case .fields(let steps):
            for step in steps {
                switch step {
                case .bytes(let offset, let count):
                    if memcmp(lhs + offset, rhs + offset, count) != 0 { return false }
                case .field(let offset, let plan):
                    if !plan.equal(lhs + offset, rhs + offset) { return false }
                }
            }
            return true
        case .alwaysDifferent:
            return false
        }
    }
}

protocol _Comparer {
    static func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool
}

enum _EquatableComparer<T: Equatable>: _Comparer {
    static func equal(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
        lhs.assumingMemoryBound(to: T.self).pointee == rhs.assumingMemoryBound(to: T.self).pointee
    }
}

private func _size(of type: Any.Type) -> Int {
    func open<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
    return _openExistential(type, do: open)
}

private func _isStructOrTuple(_ type: Any.Type) -> Bool {
    let kind = _metadataKind(of: type)
    return kind == .struct || kind == .tuple
}

/// A struct with one field of type `T`, to learn `T`'s metadata kind from its field list.
private struct _KindProbe<T> {
    var value: T
}

private func _metadataKind(of type: Any.Type) -> _MetadataKind {
    func open<T>(_: T.Type) -> _MetadataKind {
        var kind = _MetadataKind.unknown
        _forEachField(of: _KindProbe<T>.self) { _, _, _, fieldKind in
            kind = fieldKind
            return false
        }
        return kind
    }
    return _openExistential(type, do: open)
}

/// Optionals compare by case, then by their wrapped value.
extension Optional: _CustomViewEquatable {
    static func _viewEqual(_ lhs: UnsafePointer<Self>, _ rhs: UnsafePointer<Self>) -> Bool {
        switch (lhs.pointee, rhs.pointee) {
        case (nil, nil): return true
        case (let left?, let right?): return _ViewEquality.equal(left, right)
        default: return false
        }
    }
}
