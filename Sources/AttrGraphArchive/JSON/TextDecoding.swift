/// JSON text in the encodings RFC 8259 and RFC 4627 allow, turned into UTF-8 for the parser:
/// UTF-8 with or without a byte-order mark, and UTF-16 or UTF-32 in either byte order — with a
/// byte-order mark, or recognised from the pattern of zero bytes that the first two characters
/// of any JSON text (both ASCII) leave.
package enum TextDecoding {
    package enum Encoding: Equatable, Sendable {
        case utf8, utf16BigEndian, utf16LittleEndian, utf32BigEndian, utf32LittleEndian
    }

    /// The encoding of `bytes` and the length of its byte-order mark.
    package static func detect(_ bytes: [UInt8]) -> (encoding: Encoding, bomLength: Int) {
        func starts(_ prefix: [UInt8]) -> Bool { bytes.count >= prefix.count && Array(bytes.prefix(prefix.count)) == prefix }
        if starts([0x00, 0x00, 0xFE, 0xFF]) { return (.utf32BigEndian, 4) }
        if starts([0xFF, 0xFE, 0x00, 0x00]) { return (.utf32LittleEndian, 4) }
        if starts([0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if starts([0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        if starts([0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        guard bytes.count >= 4 else { return (.utf8, 0) }
        switch (bytes[0] == 0, bytes[1] == 0, bytes[2] == 0, bytes[3] == 0) {
        case (true, true, true, false): return (.utf32BigEndian, 0)
        case (false, true, true, true): return (.utf32LittleEndian, 0)
        case (true, false, true, false): return (.utf16BigEndian, 0)
        case (false, true, false, true): return (.utf16LittleEndian, 0)
        default: return (.utf8, 0)
        }
    }

    /// Whether `bytes` look like text in one of the encodings (rather than compressed data).
    package static func isRecognisedText(_ bytes: [UInt8]) -> Bool {
        let (encoding, bom) = detect(bytes)
        return encoding != .utf8 || bom > 0
    }

    /// `bytes` as UTF-8 (without a byte-order mark). Invalid UTF-16 or UTF-32 is an error that
    /// says at which byte; UTF-8 is validated by the parser, which knows line and column.
    package static func utf8(_ bytes: [UInt8]) throws(DecodingError) -> [UInt8] {
        let (encoding, bom) = detect(bytes)
        switch encoding {
        case .utf8:
            return bom == 0 ? bytes : Array(bytes[bom...])
        case .utf16BigEndian, .utf16LittleEndian:
            guard (bytes.count - bom) % 2 == 0 else { throw DecodingError(offset: bytes.count - 1, reason: "an odd number of bytes in UTF-16 text") }
            let bigEndian = encoding == .utf16BigEndian
            var units: [UInt16] = []
            units.reserveCapacity((bytes.count - bom) / 2)
            var index = bom
            while index < bytes.count {
                let high = UInt16(bytes[index]), low = UInt16(bytes[index + 1])
                units.append(bigEndian ? high << 8 | low : low << 8 | high)
                index += 2
            }
            return try transcode(units, as: UTF16.self, unitSize: 2, bom: bom)
        case .utf32BigEndian, .utf32LittleEndian:
            guard (bytes.count - bom) % 4 == 0 else { throw DecodingError(offset: bytes.count - 1, reason: "a length that is not a multiple of 4 in UTF-32 text") }
            let bigEndian = encoding == .utf32BigEndian
            var units: [UInt32] = []
            units.reserveCapacity((bytes.count - bom) / 4)
            var index = bom
            while index < bytes.count {
                let b = (UInt32(bytes[index]), UInt32(bytes[index + 1]), UInt32(bytes[index + 2]), UInt32(bytes[index + 3]))
                units.append(bigEndian ? b.0 << 24 | b.1 << 16 | b.2 << 8 | b.3 : b.3 << 24 | b.2 << 16 | b.1 << 8 | b.0)
                index += 4
            }
            return try transcode(units, as: UTF32.self, unitSize: 4, bom: bom)
        }
    }

    private static func transcode<Codec: UnicodeCodec>(
        _ units: [Codec.CodeUnit], as _: Codec.Type, unitSize: Int, bom: Int
    ) throws(DecodingError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(units.count)
        var position = 0
        var failedAt: Int?
        var codec = Codec()
        var iterator = units.makeIterator()
        decoding: while true {
            switch codec.decode(&iterator) {
            case .scalarValue(let scalar):
                UTF8.encode(scalar) { output.append($0) }
                position += scalar.value > 0xFFFF && unitSize == 2 ? 2 : 1
            case .emptyInput:
                break decoding
            case .error:
                failedAt = position
                break decoding
            }
        }
        if let failedAt {
            throw DecodingError(offset: bom + failedAt * unitSize, reason: "invalid \(unitSize == 2 ? "UTF-16" : "UTF-32") text")
        }
        return output
    }

    package struct DecodingError: Error, Equatable, CustomStringConvertible {
        package var offset: Int
        package var reason: String

        package var description: String { "\(reason) at byte \(offset)" }
    }
}
