import Foundation

// A binding to a collection is a collection of bindings (SwiftUI's `Binding: RandomAccessCollection`
// where the value is a mutable collection): `$items[i]` — or each element of
// `for item in $items` — reads and writes the element at its index in the bound collection.

extension Binding: Sequence where Value: MutableCollection {
    public typealias Element = Binding<Value.Element>
    public typealias Iterator = IndexingIterator<Binding<Value>>
    public typealias SubSequence = Slice<Binding<Value>>
}

extension Binding: Collection where Value: MutableCollection {
    public typealias Index = Value.Index
    public typealias Indices = Value.Indices

    public var startIndex: Binding<Value>.Index { wrappedValue.startIndex }
    public var endIndex: Binding<Value>.Index { wrappedValue.endIndex }
    public var indices: Value.Indices { wrappedValue.indices }

    public func index(after i: Binding<Value>.Index) -> Binding<Value>.Index {
        wrappedValue.index(after: i)
    }

    public func formIndex(after i: inout Binding<Value>.Index) {
        wrappedValue.formIndex(after: &i)
    }

    /// A binding to the element at `position` of the bound collection. Once the collection no
    /// longer has that position (a row about to go away), it reads the element it was made with
    /// and ignores writes.
    ///
    /// Two such bindings are the same place when they are made from the same place at the same
    /// position (so a parent re-creating a child with `$items[i]` does not make it different).
    public subscript(position: Binding<Value>.Index) -> Binding<Value>.Element {
        Binding<Value.Element>(location: ElementLocation(base: location, position: position))
    }
}

extension Binding: BidirectionalCollection where Value: BidirectionalCollection & MutableCollection {
    public func index(before i: Binding<Value>.Index) -> Binding<Value>.Index {
        wrappedValue.index(before: i)
    }

    public func formIndex(before i: inout Binding<Value>.Index) {
        wrappedValue.formIndex(before: &i)
    }
}

extension Binding: RandomAccessCollection where Value: RandomAccessCollection & MutableCollection {}

// MARK: - Bindings made from other bindings

extension Binding {
    /// A binding to an optional that is never `nil` while `base` exists: writing `nil` leaves
    /// `base` as it is, writing a value writes it to `base`.
    public init<V>(_ base: Binding<V>) where Value == V? {
        self.init(get: { base.wrappedValue }, set: { if let value = $0 { base.wrappedValue = value } })
    }

    /// A binding to `base`'s value as an `AnyHashable`: writing a value of another type leaves
    /// `base` as it is.
    public init<V: Hashable>(_ base: Binding<V>) where Value == AnyHashable {
        self.init(get: { AnyHashable(base.wrappedValue) }, set: { if let value = $0.base as? V { base.wrappedValue = value } })
    }

    /// A binding whose setter is also given the transaction of the write (the one of the
    /// enclosing ``withTransaction(_:_:)`` or ``withAnimation(_:_:)``, an empty one otherwise).
    public init(get: @escaping () -> Value, set: @escaping (Value, Transaction) -> Void) {
        self.init(get: get, set: { set($0, Transaction.current ?? Transaction()) })
    }
}
