
/// DEFLATE decompression for archives read from untrusted files, with a bound on what it
/// produces.
///
/// - zlib streams (RFC 1950) check their Adler-32; gzip (RFC 1952) checks each member's CRC-32
///   and size, and reads every member of a multi-member file (as `gzip -d` does), with the
///   optional header fields (extra field, name, comment, header CRC) skipped by their lengths;
///   raw DEFLATE (RFC 1951, which AttributeGraph's `.ag-gzon` may be) has no checksum.
/// - Data after the end of the stream is an error, not ignored: a file is one archive.
/// - The output never grows past `limit` bytes (a decompression bomb stops with
///   ``InflateError/tooLarge(limit:)`` before allocating more).
package enum Inflate {
    /// Why compressed input could not be decoded.
    package enum InflateError: Error, Equatable, CustomStringConvertible {
        /// The stream ended before its last block (a truncated file or download).
        case truncated
        /// The bytes are not a valid stream; the reason names what was wrong.
        case corrupt(String)
        /// The decompressed data would be larger than `limit` bytes.
        case tooLarge(limit: Int)

        package var description: String {
            switch self {
            case .truncated: return "the compressed stream is truncated (it ends before its last block)"
            case .corrupt(let reason): return "the compressed stream is corrupt: \(reason)"
            case .tooLarge(let limit): return "it decompresses to more than \(ByteCount(limit)) (the --max-size limit)"
            }
        }
    }

    /// Whether `bytes` start like a zlib stream or a gzip member.
    package static func looksCompressed(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2 else { return false }
        if bytes[0] == 0x1F && bytes[1] == 0x8B { return true }
        return bytes[0] & 0x0F == 8 && bytes[0] >> 4 <= 7 && (UInt16(bytes[0]) << 8 | UInt16(bytes[1])) % 31 == 0
    }

    /// Decompresses a zlib stream, one or more gzip members, or raw DEFLATE (detected from the
    /// first bytes), producing at most `limit` bytes.
    package static func decompress(_ bytes: [UInt8], limit: Int) throws(InflateError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(min(limit, max(bytes.count * 4, 1024)))
        if bytes.count >= 2, bytes[0] == 0x1F, bytes[1] == 0x8B {
            var start = 0
            repeat {
                start = try gzipMember(bytes, at: start, into: &output, limit: limit)
            } while start < bytes.count
            return output
        }
        if looksCompressed(bytes) {
            if bytes[1] & 0x20 != 0 { throw .corrupt("a preset dictionary is required") }
            var reader = BitReader(bytes: bytes, start: 2)
            try Inflater.run(&reader, into: &output, limit: limit)
            let trailer = reader.alignedByteOffset
            guard trailer + 4 <= bytes.count else { throw .truncated }
            let expected = UInt32(bytes[trailer]) << 24 | UInt32(bytes[trailer + 1]) << 16
                | UInt32(bytes[trailer + 2]) << 8 | UInt32(bytes[trailer + 3])
            guard Zlib.adler32(output) == expected else { throw .corrupt("Adler-32 checksum mismatch") }
            try checkNothingAfter(bytes, from: trailer + 4)
            return output
        }
        var reader = BitReader(bytes: bytes, start: 0)
        try Inflater.run(&reader, into: &output, limit: limit)
        try checkNothingAfter(bytes, from: reader.alignedByteOffset)
        return output
    }

    /// Decodes the gzip member at `start`, appending to `output`; returns where the next begins.
    private static func gzipMember(_ bytes: [UInt8], at start: Int, into output: inout [UInt8], limit: Int)
        throws(InflateError) -> Int
    {
        guard bytes.count - start >= 10 else { throw .truncated }
        guard bytes[start] == 0x1F, bytes[start + 1] == 0x8B else {
            throw .corrupt("data after the end of the gzip stream (at byte \(start))")
        }
        guard bytes[start + 2] == 8 else { throw .corrupt("unknown gzip compression method \(bytes[start + 2])") }
        let flags = bytes[start + 3]
        guard flags & 0xE0 == 0 else { throw .corrupt("reserved gzip header flags are set") }
        var offset = start + 10
        if flags & 0x04 != 0 {  // FEXTRA: a two-byte little-endian length, then that many bytes
            guard offset + 2 <= bytes.count else { throw .truncated }
            let length = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
            offset += 2 + length
        }
        for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {  // FNAME, FCOMMENT: zero-terminated
            while offset < bytes.count, bytes[offset] != 0 { offset += 1 }
            guard offset < bytes.count else { throw .truncated }
            offset += 1
        }
        if flags & 0x02 != 0 { offset += 2 }  // FHCRC
        guard offset <= bytes.count else { throw .truncated }
        let memberStart = output.count
        var reader = BitReader(bytes: bytes, start: offset)
        try Inflater.run(&reader, into: &output, limit: limit)
        let trailer = reader.alignedByteOffset
        guard trailer + 8 <= bytes.count else { throw .truncated }
        let expected = UInt32(bytes[trailer]) | UInt32(bytes[trailer + 1]) << 8 | UInt32(bytes[trailer + 2]) << 16
            | UInt32(bytes[trailer + 3]) << 24
        let size = UInt32(bytes[trailer + 4]) | UInt32(bytes[trailer + 5]) << 8 | UInt32(bytes[trailer + 6]) << 16
            | UInt32(bytes[trailer + 7]) << 24
        let crc = output.withUnsafeBytes { Zlib.crc32(UnsafeRawBufferPointer(rebasing: $0[memberStart...])) }
        guard crc == expected else { throw .corrupt("CRC-32 checksum mismatch") }
        guard UInt32(truncatingIfNeeded: output.count - memberStart) == size else {
            throw .corrupt("the gzip member's recorded size does not match its data")
        }
        return trailer + 8
    }

    private static func checkNothingAfter(_ bytes: [UInt8], from offset: Int) throws(InflateError) {
        if offset < bytes.count {
            throw .corrupt("\(bytes.count - offset) bytes of data after the end of the compressed stream")
        }
    }
}

/// A byte count as people read it: `1 GiB`, `512 MiB`, `4000 bytes`.
package struct ByteCount: CustomStringConvertible {
    package var bytes: Int

    package init(_ bytes: Int) {
        self.bytes = bytes
    }

    package var description: String {
        for (unit, shift) in [("GiB", 30), ("MiB", 20), ("KiB", 10)] where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift) \(unit)"
        }
        return "\(bytes) bytes"
    }
}

// MARK: - Inflate internals

private struct BitReader {
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
    mutating func bits(_ count: Int) throws(Inflate.InflateError) -> Int {
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

    /// After ``alignToByte()``: copies `count` stored bytes (from the bit buffer, then the input).
    mutating func copyBytes(_ count: Int, into output: inout [UInt8]) throws(Inflate.InflateError) {
        var remaining = count
        while remaining > 0, bitCount >= 8 {
            output.append(UInt8(truncatingIfNeeded: bitBuffer))
            bitBuffer >>= 8
            bitCount -= 8
            remaining -= 1
        }
        guard position + remaining <= bytes.count else { throw .truncated }
        output.append(contentsOf: bytes[position..<position + remaining])
        position += remaining
    }
}

/// A canonical Huffman decoding table indexed by the next `maxLength` bits.
private struct HuffmanTable {
    var entries: [UInt16]  // symbol << 4 | length (length 0 = invalid code)
    var maxLength: Int

    init(lengths: [Int]) throws(Inflate.InflateError) {
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
    func decode(_ reader: inout BitReader) throws(Inflate.InflateError) -> Int {
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

private enum Inflater {
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    static func run(_ reader: inout BitReader, into output: inout [UInt8], limit: Int) throws(Inflate.InflateError) {
        var final = false
        while !final {
            final = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0:
                reader.alignToByte()
                let length = try reader.bits(16)
                let complement = try reader.bits(16)
                guard length == ~complement & 0xFFFF else { throw .corrupt("a stored block's length check failed") }
                guard output.count + length <= limit else { throw .tooLarge(limit: limit) }
                try reader.copyBytes(length, into: &output)
            case 1:
                try inflateBlock(&reader, &output, limit: limit, literals: fixedLiterals, distances: fixedDistances)
            case 2:
                let (literals, distances) = try dynamicTables(&reader)
                try inflateBlock(&reader, &output, limit: limit, literals: literals, distances: distances)
            default:
                throw .corrupt("a block of reserved type 3")
            }
        }
    }

    static let fixedLiterals: HuffmanTable = {
        var lengths = [Int](repeating: 8, count: 288)
        for index in 144..<256 { lengths[index] = 9 }
        for index in 256..<280 { lengths[index] = 7 }
        return try! HuffmanTable(lengths: lengths)
    }()

    static let fixedDistances: HuffmanTable = try! HuffmanTable(lengths: [Int](repeating: 5, count: 30))

    static func dynamicTables(_ reader: inout BitReader) throws(Inflate.InflateError) -> (HuffmanTable, HuffmanTable) {
        let literalCount = try reader.bits(5) + 257
        let distanceCount = try reader.bits(5) + 1
        let codeLengthCount = try reader.bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw .corrupt("too many Huffman codes") }
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeLengthCount { codeLengths[codeLengthOrder[index]] = try reader.bits(3) }
        let codeLengthTable = try HuffmanTable(lengths: codeLengths)
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
            try HuffmanTable(lengths: Array(lengths[0..<literalCount])),
            try HuffmanTable(lengths: Array(lengths[literalCount...]))
        )
    }

    static func inflateBlock(
        _ reader: inout BitReader, _ output: inout [UInt8], limit: Int, literals: HuffmanTable,
        distances: HuffmanTable
    ) throws(Inflate.InflateError) {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                guard output.count < limit else { throw .tooLarge(limit: limit) }
                output.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let lengthIndex = symbol - 257
                guard lengthIndex < 29 else { throw .corrupt("an invalid length code") }
                let length = Zlib.lengthBase[lengthIndex] + (try reader.bits(Zlib.lengthExtra[lengthIndex]))
                let distanceSymbol = try distances.decode(&reader)
                guard distanceSymbol < 30 else { throw .corrupt("an invalid distance code") }
                let distance = Zlib.distanceBase[distanceSymbol] + (try reader.bits(Zlib.distanceExtra[distanceSymbol]))
                guard distance <= output.count else { throw .corrupt("a distance before the start of the data") }
                guard output.count + length <= limit else { throw .tooLarge(limit: limit) }
                let start = output.count - distance
                for offset in 0..<length { output.append(output[start + offset]) }
            }
        }
    }
}
