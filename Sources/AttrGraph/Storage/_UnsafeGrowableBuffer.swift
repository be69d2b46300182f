/// A growable array of trivially-copyable elements in raw memory, for the engine's work stacks
/// (update frames, dirty-propagation worklists, queued observers).
///
/// Unlike `Array`, reading and writing elements costs no reference counting and no uniqueness
/// check; the owner frees it with ``release()``. Elements must be trivially copyable (checked
/// when the buffer is created): they are never deinitialised.
struct _UnsafeGrowableBuffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count: Int = 0
    private(set) var capacity: Int
    /// When not `nil`, storage outgrown by ``append(_:)`` is kept here until ``release()``
    /// instead of being freed, so that another thread reading a possibly stale `base` (see
    /// ``Graph/racyRunningAttribute()``) never reads freed memory.
    private var retired: [UnsafeMutablePointer<Element>]?

    init(capacity: Int = 16, keepsOutgrownStorage: Bool = false) {
        precondition(_isPOD(Element.self), "_UnsafeGrowableBuffer holds trivially-copyable elements only")
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
        retired = keepsOutgrownStorage ? [] : nil
    }

    func release() {
        base.deallocate()
        retired?.forEach { $0.deallocate() }
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

    /// Drops elements past `newCount`.
    mutating func truncate(to newCount: Int) { count = min(count, newCount) }

    @inline(never)
    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        if retired != nil {
            retired!.append(base)
        } else {
            base.deallocate()
        }
        base = newBase
        capacity = newCapacity
    }

    var elements: UnsafeMutableBufferPointer<Element> {
        UnsafeMutableBufferPointer(start: base, count: count)
    }
}
