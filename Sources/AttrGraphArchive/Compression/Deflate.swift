/// DEFLATE in pure Swift, the writing half: compressed graph archives (`.ag-gzon`) without
/// linking a system library. (Reading — inflate, with its limits — is agdump's `ArchiveReader`.)
///
/// ``deflate(_:)`` writes a zlib stream (RFC 1950) using LZ77 with fixed Huffman codes; the
/// checksums are shared with the reader.
package enum Zlib {
    // MARK: Code tables (RFC 1951, 3.2.5)

    package static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    package static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    package static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    package static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    // MARK: Checksums

    package static func adler32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { adler32($0) }
    }

    package static func adler32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
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
        bytes.withUnsafeBytes { crc32($0) }
    }

    package static func crc32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        crcTable.withUnsafeBufferPointer { table in
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
            }
            return crc ^ 0xFFFF_FFFF
        }
    }

    // MARK: Deflate

    /// Compresses `bytes` into a zlib stream (LZ77 with a 32 KiB window, fixed Huffman codes).
    package static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
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

// MARK: - Deflate internals

private struct BitWriter {
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
        while Zlib.lengthBase[index] > length { index -= 1 }
        writeLiteral(257 + index)
        writeBits(length - Zlib.lengthBase[index], count: Zlib.lengthExtra[index])
    }

    mutating func writeDistance(_ distance: Int) {
        var index = 29
        while Zlib.distanceBase[index] > distance { index -= 1 }
        writeCode(index, length: 5)
        writeBits(distance - Zlib.distanceBase[index], count: Zlib.distanceExtra[index])
    }

    mutating func flush() {
        if count > 0 {
            bytes.append(UInt8(buffer & 0xFF))
            buffer = 0
            count = 0
        }
    }
}
