extension _LayoutDescriptor {
    /// Whether two values of `size` bytes are equal by a descriptor, instruction by instruction,
    /// as AttributeGraph runs it: byte ranges compared, skips skipped, `==` called through the
    /// witness table each `equals` instruction carries, enums compared by tag and then — on
    /// projected copies — by the listed case's instructions, `indirect` boxes by identity or by
    /// their payloads' descriptors, existentials by dynamic type and then that type's descriptor,
    /// closure contexts and heap references by identity. `nil` and ``trivial`` compare the bytes.
    ///
    /// The engine does not run descriptors (it compiles them into ``_ComparisonLayout``s); this
    /// is the reference the compiled layouts are checked against.
    package static func valuesEqual(
        _ descriptor: UnsafePointer<UInt8>?, _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, size: Int,
        mode: ComparisonMode
    ) -> Bool {
        guard let descriptor, descriptor != trivial else { return _bytesEqual(lhs, rhs, count: size) }
        var reader = Reader(descriptor)
        return Interpreter(mode: mode).run(&reader, lhs, rhs, until: nil)
    }

    private struct Interpreter {
        let mode: ComparisonMode

        /// Runs instructions from the reader's position, with `lhs` and `rhs` at that position's
        /// offset 0, up to `limit` or the descriptor's end.
        func run(
            _ reader: inout Reader, _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, until limit: UnsafePointer<UInt8>?
        ) -> Bool {
            var offset = 0
            while reader.position != limit {
                switch reader.next() {
                case .end:
                    return true
                case .read(let count):
                    if !_bytesEqual(lhs + offset, rhs + offset, count: count) { return false }
                    offset += count
                case .skip(let count):
                    offset += count
                case .equals(let type, let witnessTable):
                    if !equals(type, witnessTable, lhs + offset, rhs + offset) { return false }
                    offset += _typeOps(type).size
                case .existential(let type):
                    let ops = _typeOps(type)
                    let equal = ops.withDynamicValues(lhs + offset, rhs + offset) { dynamicType, left, right in
                        let descriptor = _LayoutDescriptorCache.shared.fetch(dynamicType, mode: mode, synchronously: true)
                        return valuesEqual(
                            descriptor.descriptor, left, right, size: _typeOps(dynamicType).size, mode: mode)
                    }
                    if !equal { return false }
                    offset += ops.size
                case .heapReference, .captureReference:
                    if !_bytesEqual(lhs + offset, rhs + offset, count: SwiftABI.wordSize) { return false }
                    offset += SwiftABI.wordSize
                case .nested(let nested, let size):
                    var nestedReader = Reader(nested)
                    if !run(&nestedReader, lhs + offset, rhs + offset, until: nil) { return false }
                    offset += size
                case .indirect(let payload):
                    // Only inside an enum case, on projected copies: the payloads' boxes.
                    let leftBox = (lhs + offset).load(as: UnsafeRawPointer.self)
                    let rightBox = (rhs + offset).load(as: UnsafeRawPointer.self)
                    if leftBox != rightBox {
                        let ops = _typeOps(payload)
                        let descriptor = _LayoutDescriptorCache.shared.fetch(payload, mode: mode, synchronously: true)
                        if !valuesEqual(
                            descriptor.descriptor, SwiftABI.boxedValue(leftBox, alignment: ops.alignment),
                            SwiftABI.boxedValue(rightBox, alignment: ops.alignment), size: ops.size, mode: mode)
                        {
                            return false
                        }
                    }
                    offset += _typeOps(payload).size
                case .enumStart(let tag, let type):
                    if !enumValuesEqual(&reader, type: type, firstTag: tag, lhs + offset, rhs + offset) { return false }
                    offset += _typeOps(type).size
                case .enumContinue, .enumEnd:
                    _Misuse.fail("AttrGraph: a layout descriptor has an enum instruction outside an enum.")
                }
            }
            return true
        }

        /// The enum at `lhs`/`rhs`: the tags, then the instructions of the values' case (if
        /// listed) on projected copies. Leaves the reader after the enum's end.
        private func enumValuesEqual(
            _ reader: inout Reader, type: Any.Type, firstTag: Int, _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer
        ) -> Bool {
            let metadata = Metadata(type)
            let valueTag = metadata.enumTag(lhs)
            let tagsEqual = valueTag == metadata.enumTag(rhs)
            var result = tagsEqual
            var tag = firstTag
            while true {
                let start = reader.position
                let end = start + length(start)
                if tagsEqual, tag == Int(valueTag) {
                    result = _typeOps(type).withCopies(lhs, rhs) { left, right in
                        metadata.projectEnumData(left)
                        metadata.projectEnumData(right)
                        defer {
                            metadata.injectEnumTag(tag: valueTag, left)
                            metadata.injectEnumTag(tag: valueTag, right)
                        }
                        var caseReader = Reader(start)
                        return run(&caseReader, left, right, until: end)
                    }
                }
                reader.position = end
                switch reader.next() {
                case .enumContinue(let next):
                    tag = next
                case .enumEnd:
                    return result
                default:
                    _Misuse.fail("AttrGraph: a layout descriptor's enum case does not end at a case or the enum's end.")
                }
            }
        }

        /// An `equals` instruction: the type's own comparison, else `==` through the witness table.
        private func equals(
            _ type: Any.Type, _ witnessTable: UnsafeRawPointer, _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer
        ) -> Bool {
            if let custom = type as? any _ComparisonOverride.Type {
                func compare<T: _ComparisonOverride>(_: T.Type) -> Bool {
                    T._isSameValue(lhs.assumingMemoryBound(to: T.self), rhs.assumingMemoryBound(to: T.self))
                }
                return compare(custom)
            }
            func compare<T: Equatable>(_: T.Type) -> Bool {
                lhs.assumingMemoryBound(to: T.self).pointee == rhs.assumingMemoryBound(to: T.self).pointee
            }
            return compare(_equatableType(type, witnessTable: witnessTable))
        }
    }
}
