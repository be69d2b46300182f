/// A growable array of trivially-copyable elements in raw memory, for the engine's work stacks
/// (update frames, dirty-propagation worklists, queued observers) and its type table.
///
/// Unlike `Array`, reading and writing elements costs no reference counting and no uniqueness
/// check. Non-copyable, so that exactly one owner frees the memory, in `deinit`. Elements must be
/// trivially copyable (checked when the buffer is created): they are never deinitialised.
struct UnsafeGrowableBuffer<Element>: ~Copyable {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count: Int = 0
    private(set) var capacity: Int

    init(capacity: Int = 16) {
        precondition(_isPOD(Element.self), "UnsafeGrowableBuffer holds trivially-copyable elements only")
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    @inline(__always)
    var isEmpty: Bool { count == 0 }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        base[count] = element
        count += 1
    }

    @inline(__always)
    mutating func removeLast() -> Element {
        count -= 1
        return base[count]
    }

    /// Drops the last element; the caller knows the buffer is not empty.
    @inline(__always)
    mutating func removeLastUnchecked() {
        count &-= 1
    }

    @inline(__always)
    var last: Element { base[count - 1] }

    @inline(__always)
    func pointer(at index: Int) -> UnsafeMutablePointer<Element> { base + index }

    mutating func removeAll() { count = 0 }

    /// Reverses the elements from `start` to the end, in place.
    mutating func reverseElements(from start: Int) {
        var elements = UnsafeMutableBufferPointer(start: base + start, count: count - start)
        elements.reverse()
    }

    /// Drops elements past `newCount`.
    mutating func truncate(to newCount: Int) { count = min(count, newCount) }

    @inline(never)
    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    var elements: UnsafeMutableBufferPointer<Element> {
        UnsafeMutableBufferPointer(start: base, count: count)
    }
}
