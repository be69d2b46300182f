/// A byte offset of a `Member` inside a `Base` value: where a stored property (or a property of a
/// property) lives, for offset attributes and for reaching into raw memory.
///
///     let second = PointerOffset<Pair, Int>.offset { .of(&$0.second) }   // byteOffset 8
///     let attribute = pair.applying(offset: second)                      // an Attribute<Int>
///     pointer[offset: second] = 3                                        // through a pointer
@frozen
public struct PointerOffset<Base, Member>: Hashable, Sendable {
    public var byteOffset: Int

    public init(byteOffset: Int) {
        self.byteOffset = byteOffset
    }

    /// The offset of a stored property, when `keyPath` names one.
    public init?(keyPath: KeyPath<Base, Member>) {
        guard let offset = MemoryLayout<Base>.offset(of: keyPath) else { return nil }
        byteOffset = offset
    }

    /// The offset of `member` inside the base that ``offset(_:)`` passes to its closure: call it
    /// with a stored property of that base (`.of(&base.field)`).
    public static func of(_ member: inout Member) -> PointerOffset<Base, Member> {
        let base = Int(bitPattern: invalidScenePointer())
        return withUnsafeMutablePointer(to: &member) { PointerOffset(byteOffset: Int(bitPattern: $0) - base) }
    }

    /// The offset `body` computes from a base value that is never read: `body` receives the base
    /// at ``invalidScenePointer()`` and returns ``of(_:)`` of one of its stored properties. A
    /// `Member` of size 0 has offset 0 and `body` is not called.
    public static func offset(_ body: (inout Base) -> PointerOffset<Base, Member>) -> PointerOffset<Base, Member> {
        if MemoryLayout<Member>.size == 0 { return PointerOffset(byteOffset: 0) }
        // Stored properties of an `inout` base are reached by address: nothing is read at 0x1.
        return body(&invalidScenePointer().pointee)
    }

    /// The address ``offset(_:)`` pretends a base value is at (`0x1`, as in AttributeGraph's 2024
    /// release): never dereferenced, only used to take offsets from.
    public static func invalidScenePointer() -> UnsafeMutablePointer<Base> {
        UnsafeMutablePointer(bitPattern: 0x1).unsafelyUnwrapped
    }
}

extension PointerOffset where Base == Member {
    /// The zero offset.
    public init() {
        byteOffset = 0
    }
}

extension PointerOffset {
    /// Chains offsets: `Member` of `T`, itself inside `Base`.
    public static func + <T>(lhs: PointerOffset<Base, T>, rhs: PointerOffset<T, Member>) -> PointerOffset<Base, Member> {
        PointerOffset(byteOffset: lhs.byteOffset + rhs.byteOffset)
    }
}

extension UnsafePointer {
    /// The address of the `Member` at `rhs` inside the pointee.
    public static func + <Member>(lhs: UnsafePointer<Pointee>, rhs: PointerOffset<Pointee, Member>) -> UnsafePointer<Member> {
        UnsafeRawPointer(lhs).advanced(by: rhs.byteOffset).assumingMemoryBound(to: Member.self)
    }

    /// The `Member` at `offset` inside the pointee.
    public subscript<Member>(offset offset: PointerOffset<Pointee, Member>) -> Member {
        unsafeAddress { self + offset }
    }

    /// The `Member` at `offset` inside the pointee (AttributeGraph also spells it without a label).
    public subscript<Member>(_ offset: PointerOffset<Pointee, Member>) -> Member {
        unsafeAddress { self + offset }
    }
}

extension UnsafeMutablePointer {
    /// The address of the `Member` at `rhs` inside the pointee.
    public static func + <Member>(
        lhs: UnsafeMutablePointer<Pointee>, rhs: PointerOffset<Pointee, Member>
    ) -> UnsafeMutablePointer<Member> {
        UnsafeMutableRawPointer(lhs).advanced(by: rhs.byteOffset).assumingMemoryBound(to: Member.self)
    }

    /// The `Member` at `offset` inside the pointee, readable and writable.
    public subscript<Member>(offset offset: PointerOffset<Pointee, Member>) -> Member {
        unsafeAddress { UnsafePointer(self + offset) }
        nonmutating unsafeMutableAddress { self + offset }
    }
}
