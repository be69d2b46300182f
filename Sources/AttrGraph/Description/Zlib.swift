/// DEFLATE in pure Swift: enough to read and write compressed graph archives (`.ag-gzon`)
/// without linking a system library.
///
/// - ``inflate(_:)`` accepts a zlib stream (RFC 1950), a gzip member (RFC 1952) or raw
///   DEFLATE (RFC 1951), detected from the first bytes, and checks the trailer checksum.
/// - ``deflate(_:)`` writes a zlib stream using LZ77 with fixed Huffman codes.
package enum Zlib {
    /// Why a compressed stream could not be decoded.
    package enum DecodeError: Error, Equatable, CustomStringConvertible {
        /// The stream ended before its last block (a truncated file or download).
        case truncated
        /// The bytes are not a valid stream; the reason names what was wrong.
        case corrupt(String)

        package var description: String {
            switch self {
            case .truncated: return "the compressed stream is truncated (it ends before its last block)"
            case .corrupt(let reason): return "the compressed stream is corrupt: \(reason)"
            }
        }
    }

    /// Whether `bytes` start like a zlib stream or a gzip member.
    package static func looksCompressed(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2 else { return false }
        if bytes[0] == 0x1F && bytes[1] == 0x8B { return true }
        return bytes[0] & 0x0F == 8 && bytes[0] >> 4 <= 7 && (UInt16(bytes[0]) << 8 | UInt16(bytes[1])) % 31 == 0
    }

    // MARK: Inflate

    package static func inflate(_ bytes: [UInt8]) throws(DecodeError) -> [UInt8] {
        if bytes.count >= 2, bytes[0] == 0x1F, bytes[1] == 0x8B {
            return try inflateGzip(bytes)
        }
        if looksCompressed(bytes) {
            if bytes[1] & 0x20 != 0 { throw .corrupt("a preset dictionary is required") }
            var reader = _BitReader(bytes: bytes, start: 2)
            let output = try _Inflater.run(&reader)
            let trailer = reader.alignedByteOffset
            guard trailer + 4 <= bytes.count else { throw .truncated }
            let expected = UInt32(bytes[trailer]) << 24 | UInt32(bytes[trailer + 1]) << 16
                | UInt32(bytes[trailer + 2]) << 8 | UInt32(bytes[trailer + 3])
            guard adler32(output) == expected else { throw .corrupt("Adler-32 checksum mismatch") }
            return output
        }
        var reader = _BitReader(bytes: bytes, start: 0)
        return try _Inflater.run(&reader)
    }

    private static func inflateGzip(_ bytes: [UInt8]) throws(DecodeError) -> [UInt8] {
        guard bytes.count >= 10 else { throw .truncated }
        guard bytes[2] == 8 else { throw .corrupt("unknown gzip compression method \(bytes[2])") }
        let flags = bytes[3]
        var offset = 10
        if flags & 0x04 != 0 {
            guard offset + 2 <= bytes.count else { throw .truncated }
            offset += 2 + Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
        }
        for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {
            while offset < bytes.count, bytes[offset] != 0 { offset += 1 }
            offset += 1
        }
        if flags & 0x02 != 0 { offset += 2 }
        guard offset <= bytes.count else { throw .truncated }
        var reader = _BitReader(bytes: bytes, start: offset)
        let output = try _Inflater.run(&reader)
        let trailer = reader.alignedByteOffset
        guard trailer + 8 <= bytes.count else { throw .truncated }
        let expected = UInt32(bytes[trailer]) | UInt32(bytes[trailer + 1]) << 8 | UInt32(bytes[trailer + 2]) << 16
            | UInt32(bytes[trailer + 3]) << 24
        guard crc32(output) == expected else { throw .corrupt("CRC-32 checksum mismatch") }
        return output
    }

    // MARK: Checksums

    package static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        var index = 0
        while index < bytes.count {
            let end = min(index + 5552, bytes.count)
            while index < end {
                a &+= UInt32(bytes[index])
                b &+= a
                index += 1
            }
            a %= 65521
            b %= 65521
        }
        return b << 16 | a
    }

    private static let crcTable: [UInt32] = (0..<256).map { value in
        var crc = UInt32(value)
        for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        return crc
    }

    package static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    // MARK: Deflate

    /// Compresses `bytes` into a zlib stream (LZ77 with a 32 KiB window, fixed Huffman codes).
    package static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var writer = _BitWriter()
        writer.bytes.reserveCapacity(bytes.count / 4 + 64)
        writer.bytes.append(0x78)
        writer.bytes.append(0x9C)
        writer.writeBits(1, count: 1)  // final block
        writer.writeBits(1, count: 2)  // fixed Huffman
        let hashBits = 15
        var head = [Int32](repeating: -1, count: 1 << hashBits)
        var previous = [Int32](repeating: -1, count: 1 << 15)
        func hash(_ position: Int) -> Int {
            let value = Int(bytes[position]) << 16 | Int(bytes[position + 1]) << 8 | Int(bytes[position + 2])
            return (value &* 2_654_435_761) >> (32 - hashBits) & ((1 << hashBits) - 1)
        }
        var position = 0
        let count = bytes.count
        while position < count {
            var bestLength = 0
            var bestDistance = 0
            if position + 3 <= count {
                let key = hash(position)
                var candidate = Int(head[key])
                var chain = 32
                while candidate >= 0, position - candidate <= 32768, chain > 0 {
                    if bytes[candidate + bestLength] == bytes[position + bestLength] || bestLength == 0 {
                        var length = 0
                        let limit = min(258, count - position)
                        while length < limit, bytes[candidate + length] == bytes[position + length] { length += 1 }
                        if length > bestLength {
                            bestLength = length
                            bestDistance = position - candidate
                            if length == limit { break }
                        }
                    }
                    candidate = Int(previous[candidate & 32767])
                    chain -= 1
                }
                previous[position & 32767] = head[key]
                head[key] = Int32(position)
            }
            if bestLength >= 3 {
                writer.writeLength(bestLength)
                writer.writeDistance(bestDistance)
                let end = position + bestLength
                position += 1
                while position < end {
                    if position + 3 <= count {
                        let key = hash(position)
                        previous[position & 32767] = head[key]
                        head[key] = Int32(position)
                    }
                    position += 1
                }
            } else {
                writer.writeLiteral(Int(bytes[position]))
                position += 1
            }
        }
        writer.writeLiteral(256)
        writer.flush()
        let checksum = adler32(bytes)
        writer.bytes += [UInt8(checksum >> 24), UInt8(checksum >> 16 & 0xFF), UInt8(checksum >> 8 & 0xFF), UInt8(checksum & 0xFF)]
        return writer.bytes
    }
}

// MARK: - Inflate internals

private struct _BitReader {
    let bytes: [UInt8]
    var position: Int
    var bitBuffer: UInt64 = 0
    var bitCount = 0

    init(bytes: [UInt8], start: Int) {
        self.bytes = bytes
        position = start
    }

    /// The byte offset after the last fully consumed byte (used once the final block ended).
    var alignedByteOffset: Int { position - bitCount / 8 }

    @inline(__always)
    mutating func refill() {
        while bitCount <= 56, position < bytes.count {
            bitBuffer |= UInt64(bytes[position]) << UInt64(bitCount)
            position += 1
            bitCount += 8
        }
    }

    @inline(__always)
    mutating func bits(_ count: Int) throws(Zlib.DecodeError) -> Int {
        if count == 0 { return 0 }
        if bitCount < count {
            refill()
            if bitCount < count { throw .truncated }
        }
        let value = Int(bitBuffer & ((1 << UInt64(count)) - 1))
        bitBuffer >>= UInt64(count)
        bitCount -= count
        return value
    }

    mutating func alignToByte() {
        let drop = bitCount % 8
        bitBuffer >>= UInt64(drop)
        bitCount -= drop
    }
}

/// A canonical Huffman decoding table indexed by the next `maxLength` bits.
private struct _HuffmanTable {
    var entries: [UInt16]  // symbol << 4 | length (length 0 = invalid code)
    var maxLength: Int

    init(lengths: [Int]) throws(Zlib.DecodeError) {
        maxLength = max(lengths.max() ?? 0, 1)
        entries = [UInt16](repeating: 0, count: 1 << maxLength)
        var countPerLength = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { countPerLength[length] += 1 }
        var code = 0
        var nextCode = [Int](repeating: 0, count: 16)
        for length in 1..<16 {
            code = (code + countPerLength[length - 1]) << 1
            nextCode[length] = code
        }
        for (symbol, length) in lengths.enumerated() where length > 0 {
            let value = nextCode[length]
            nextCode[length] += 1
            guard value < 1 << length else { throw .corrupt("an over-subscribed Huffman code") }
            var reversed = 0
            for bit in 0..<length where value & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
            var index = reversed
            while index < entries.count {
                entries[index] = UInt16(symbol << 4 | length)
                index += 1 << length
            }
        }
    }

    @inline(__always)
    func decode(_ reader: inout _BitReader) throws(Zlib.DecodeError) -> Int {
        if reader.bitCount < maxLength { reader.refill() }
        let available = min(reader.bitCount, maxLength)
        let entry = entries[Int(reader.bitBuffer & ((1 << UInt64(maxLength)) - 1))]
        let length = Int(entry & 15)
        if length == 0 {
            if available < maxLength { throw .truncated }
            throw .corrupt("an invalid Huffman code")
        }
        if length > available { throw .truncated }
        reader.bitBuffer >>= UInt64(length)
        reader.bitCount -= length
        return Int(entry >> 4)
    }
}

private enum _Inflater {
    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    static func run(_ reader: inout _BitReader) throws(Zlib.DecodeError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(reader.bytes.count * 4)
        var final = false
        while !final {
            final = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0:
                reader.alignToByte()
                let length = try reader.bits(16)
                let complement = try reader.bits(16)
                guard length == ~complement & 0xFFFF else { throw .corrupt("a stored block's length check failed") }
                for _ in 0..<length { output.append(UInt8(try reader.bits(8))) }
            case 1:
                try inflateBlock(&reader, &output, literals: fixedLiterals, distances: fixedDistances)
            case 2:
                let (literals, distances) = try dynamicTables(&reader)
                try inflateBlock(&reader, &output, literals: literals, distances: distances)
            default:
                throw .corrupt("a block of reserved type 3")
            }
        }
        return output
    }

    static let fixedLiterals: _HuffmanTable = {
        var lengths = [Int](repeating: 8, count: 288)
        for index in 144..<256 { lengths[index] = 9 }
        for index in 256..<280 { lengths[index] = 7 }
        return try! _HuffmanTable(lengths: lengths)
    }()

    static let fixedDistances: _HuffmanTable = try! _HuffmanTable(lengths: [Int](repeating: 5, count: 30))

    static func dynamicTables(_ reader: inout _BitReader) throws(Zlib.DecodeError) -> (_HuffmanTable, _HuffmanTable) {
        let literalCount = try reader.bits(5) + 257
        let distanceCount = try reader.bits(5) + 1
        let codeLengthCount = try reader.bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw .corrupt("too many Huffman codes") }
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeLengthCount { codeLengths[codeLengthOrder[index]] = try reader.bits(3) }
        let codeLengthTable = try _HuffmanTable(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try codeLengthTable.decode(&reader)
            switch symbol {
            case 0..<16: lengths.append(symbol)
            case 16:
                guard let last = lengths.last else { throw .corrupt("a repeat with no previous length") }
                lengths += [Int](repeating: last, count: 3 + (try reader.bits(2)))
            case 17: lengths += [Int](repeating: 0, count: 3 + (try reader.bits(3)))
            default: lengths += [Int](repeating: 0, count: 11 + (try reader.bits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw .corrupt("code lengths overflow the table") }
        guard lengths[256] > 0 else { throw .corrupt("no end-of-block code") }
        return (
            try _HuffmanTable(lengths: Array(lengths[0..<literalCount])),
            try _HuffmanTable(lengths: Array(lengths[literalCount...]))
        )
    }

    static func inflateBlock(
        _ reader: inout _BitReader, _ output: inout [UInt8], literals: _HuffmanTable, distances: _HuffmanTable
    ) throws(Zlib.DecodeError) {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                output.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let lengthIndex = symbol - 257
                guard lengthIndex < 29 else { throw .corrupt("an invalid length code") }
                let length = lengthBase[lengthIndex] + (try reader.bits(lengthExtra[lengthIndex]))
                let distanceSymbol = try distances.decode(&reader)
                guard distanceSymbol < 30 else { throw .corrupt("an invalid distance code") }
                let distance = distanceBase[distanceSymbol] + (try reader.bits(distanceExtra[distanceSymbol]))
                guard distance <= output.count else { throw .corrupt("a distance before the start of the data") }
                let start = output.count - distance
                for offset in 0..<length { output.append(output[start + offset]) }
            }
        }
    }
}

// MARK: - Deflate internals

private struct _BitWriter {
    var bytes: [UInt8] = []
    var buffer: UInt64 = 0
    var count = 0

    @inline(__always)
    mutating func writeBits(_ value: Int, count bits: Int) {
        buffer |= UInt64(value) << UInt64(count)
        count += bits
        while count >= 8 {
            bytes.append(UInt8(buffer & 0xFF))
            buffer >>= 8
            count -= 8
        }
    }

    /// Writes a Huffman code (most significant bit first).
    @inline(__always)
    mutating func writeCode(_ code: Int, length: Int) {
        var reversed = 0
        for bit in 0..<length where code & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
        writeBits(reversed, count: length)
    }

    mutating func writeLiteral(_ symbol: Int) {
        switch symbol {
        case 0..<144: writeCode(0x30 + symbol, length: 8)
        case 144..<256: writeCode(0x190 + symbol - 144, length: 9)
        case 256..<280: writeCode(symbol - 256, length: 7)
        default: writeCode(0xC0 + symbol - 280, length: 8)
        }
    }

    mutating func writeLength(_ length: Int) {
        var index = 28
        while _Inflater.lengthBase[index] > length { index -= 1 }
        writeLiteral(257 + index)
        writeBits(length - _Inflater.lengthBase[index], count: _Inflater.lengthExtra[index])
    }

    mutating func writeDistance(_ distance: Int) {
        var index = 29
        while _Inflater.distanceBase[index] > distance { index -= 1 }
        writeCode(index, length: 5)
        writeBits(distance - _Inflater.distanceBase[index], count: _Inflater.distanceExtra[index])
    }

    mutating func flush() {
        if count > 0 {
            bytes.append(UInt8(buffer & 0xFF))
            buffer = 0
            count = 0
        }
    }
}
