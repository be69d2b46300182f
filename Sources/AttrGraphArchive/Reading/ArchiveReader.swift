#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an archive could not be read: a kind (agdump maps each to its exit code) and one line
/// that says what and where.
package struct ArchiveReadError: Error, Equatable, CustomStringConvertible {
    package enum Kind: Equatable, Sendable {
        /// The input does not exist or cannot be read.
        case inputUnreadable
        /// The input, or what it decompresses to, is larger than the limit.
        case tooLarge
        /// Not valid JSON (the message gives line and column), or text in no JSON encoding.
        case malformedJSON
        /// Valid JSON, but not a graph archive (wrong shape, duplicate keys or ids).
        case notAnArchive
        case unsupportedVersion
        /// An index that points past its array.
        case danglingIndex
        /// A truncated or corrupt compressed stream.
        case badCompression
    }

    package var kind: Kind
    package var message: String
    /// Whether the JSON text ended in the middle of a value with nothing wrong before the end:
    /// the text was cut short rather than damaged (a trace cut short is read up to its last
    /// complete event; anything else is an error).
    package var atEndOfInput = false

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    package var description: String { message }
}

/// Reads graph archives for agdump: any file or stream, compressed or not, in any JSON
/// encoding, with a bound on its size, into ``GraphArchive``.
///
///     let bytes = try ArchiveReader.readInput(path: "graph.ag-gzon", limit: ArchiveReader.defaultMaxSize)
///     let archive = try ArchiveReader.archive(from: bytes, limit: ArchiveReader.defaultMaxSize)
///
/// Memory: the input, then (for compressed input) what it inflates to, then the archive model
/// (about 70 bytes a node and 12 an edge); nothing is copied into intermediate trees.
package enum ArchiveReader {
    /// The default bound on input and decompressed sizes: far above real archives (a
    /// million-node archive is ~160 MB of JSON), far below what would exhaust memory.
    package static let defaultMaxSize = 1 << 30

    // MARK: Input

    /// All bytes of the file at `path` — a regular file, or a stream (a FIFO, `/dev/stdin`, a
    /// process substitution) read to its end — at most `limit` of them.
    package static func readInput(path: String, limit: Int) throws(ArchiveReadError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT: throw ArchiveReadError(.inputUnreadable, "no such file")
            case EACCES, EPERM: throw ArchiveReadError(.inputUnreadable, "permission denied (check its permissions)")
            default: throw ArchiveReadError(.inputUnreadable, "cannot be opened: \(String(cString: strerror(code)))")
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw ArchiveReadError(.inputUnreadable, "cannot be read: \(String(cString: strerror(errno)))")
        }
        let type = status.st_mode & S_IFMT
        if type == S_IFDIR { throw ArchiveReadError(.inputUnreadable, "is a directory, not an archive file") }
        var expected = 0
        if type == S_IFREG {
            expected = Int(status.st_size)
            if expected > limit { throw tooLarge(limit) }
        }
        return try readAll(descriptor, limit: limit, expected: expected)
    }

    /// All bytes of an open descriptor (stdin), at most `limit` of them.
    package static func readInput(fileDescriptor descriptor: Int32, limit: Int) throws(ArchiveReadError) -> [UInt8] {
        try readAll(descriptor, limit: limit, expected: 0)
    }

    /// Reads to the end. A regular file of `expected` bytes is read into one allocation of that
    /// size (a file that grows meanwhile continues into a larger one); a stream grows its buffer
    /// by doubling.
    private static func readAll(_ descriptor: Int32, limit: Int, expected: Int) throws(ArchiveReadError) -> [UInt8] {
        var result: [UInt8] = []
        var capacity = expected > 0 ? expected + 1 : 1 << 16
        var failure: Int32 = 0
        while true {
            let previous = result
            result = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                _ = buffer.initialize(from: previous)
                count = previous.count
                while count < buffer.count {
                    let got = read(descriptor, buffer.baseAddress! + count, buffer.count - count)
                    if got < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    if got == 0 { return }
                    count += got
                }
            }
            if failure != 0 {
                throw ArchiveReadError(.inputUnreadable, "cannot be read: \(String(cString: strerror(failure)))")
            }
            if result.count > limit { throw tooLarge(limit) }
            if result.count < capacity { return result }
            capacity = min(capacity * 2, limit + 1)
        }
    }

    static func tooLarge(_ limit: Int) -> ArchiveReadError {
        ArchiveReadError(
            .tooLarge, "is larger than \(ByteCount(limit)) (the --max-size limit; raise it with --max-size if the archive is real)")
    }

    // MARK: Decoding

    /// Reads an archive from the bytes of a file: zlib, gzip (one or more members) or raw
    /// DEFLATE is decompressed (to at most `limit` bytes); UTF-8 with or without a byte-order
    /// mark, UTF-16 and UTF-32 are read; then the JSON is parsed and checked as an archive.
    package static func archive(
        from bytes: [UInt8], limit: Int = defaultMaxSize, progress: ((String) -> Void)? = nil
    ) throws(ArchiveReadError) -> GraphArchive {
        try archive(fromText: try decodedText(bytes, limit: limit, progress: progress), progress: progress)
    }

    /// Reads an archive from text that ``decodedText(_:limit:progress:)`` made.
    package static func archive(fromText text: [UInt8], progress: ((String) -> Void)? = nil) throws(ArchiveReadError) -> GraphArchive {
        progress?("parsing \(ByteCount(text.count))")
        return try text.withUnsafeBufferPointer { (buffer) throws(ArchiveReadError) -> GraphArchive in
            var parser = ArchiveParser(bytes: buffer)
            return try parser.readArchive()
        }
    }

    /// Any JSON document from the bytes of a file (decompressed and decoded as for archives).
    package static func json(from bytes: [UInt8], limit: Int = defaultMaxSize) throws(ArchiveReadError) -> JSONValue {
        let text = try decodedText(bytes, limit: limit, progress: nil)
        return try text.withUnsafeBufferPointer { (buffer) throws(ArchiveReadError) -> JSONValue in
            var scanner = JSONScanner(bytes: buffer)
            if scanner.peek() == nil { throw scanner.error("the input is empty (expected a JSON value)") }
            let value = try scanner.readValue()
            try scanner.finish()
            return value
        }
    }

    /// The elements of the JSON array at the top of decoded `text` (a trace's events).
    ///
    /// A text cut short — it ends inside the array, with nothing wrong before the end — gives
    /// the elements complete before the cut, and `cutShort`. Anything else that is wrong (a
    /// syntax error, a duplicate key, nesting too deep, invalid UTF-8, data after the array),
    /// and a cut before the first element is complete, is thrown as for any JSON.
    package static func arrayElements(fromText text: [UInt8]) throws(ArchiveReadError) -> (elements: [JSONValue], cutShort: Bool) {
        try text.withUnsafeBufferPointer { (buffer) throws(ArchiveReadError) -> ([JSONValue], Bool) in
            var scanner = JSONScanner(bytes: buffer)
            var elements: [JSONValue] = []
            do throws(ArchiveReadError) {
                if scanner.peek() == nil { throw scanner.error("the input is empty (expected a JSON value)") }
                if try scanner.beginArray() {
                    repeat { elements.append(try scanner.readValue()) } while try scanner.nextElement()
                }
                try scanner.finish()
                return (elements, false)
            } catch {
                if error.atEndOfInput && !elements.isEmpty { return (elements, true) }
                throw error
            }
        }
    }

    /// UTF-8 JSON text from the bytes of a file.
    package static func decodedText(_ bytes: [UInt8], limit: Int, progress: ((String) -> Void)?) throws(ArchiveReadError) -> [UInt8] {
        var text = bytes
        if !TextDecoding.isRecognisedText(bytes) && looksCompressed(bytes) {
            progress?("decompressing")
            do {
                text = try Inflate.decompress(bytes, limit: limit)
            } catch {
                if case .tooLarge = error {
                    throw ArchiveReadError(.tooLarge, "\(error.description); raise it with --max-size if the archive is real")
                }
                throw ArchiveReadError(.badCompression, error.description)
            }
        }
        do {
            text = try TextDecoding.utf8(text)
        } catch {
            throw ArchiveReadError(.malformedJSON, "not JSON text: \(error.description)")
        }
        if text.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw ArchiveReadError(.malformedJSON, "the input is empty (expected a graph archive)")
        }
        return text
    }

    /// Compressed input: a zlib or gzip header, or binary data (AttributeGraph's `.ag-gzon` may
    /// be raw deflate). Text is parsed as JSON (and reported as malformed JSON if it is not).
    static func looksCompressed(_ bytes: [UInt8]) -> Bool {
        if Inflate.looksCompressed(bytes) { return true }
        guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else {
            return false
        }
        return first < 0x20 || first >= 0x80
    }
}
