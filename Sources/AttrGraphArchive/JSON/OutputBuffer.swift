/// Text written in pieces and handed on in chunks: descriptions, DOT and archive JSON of a
/// million nodes are streamed to their destination (a file, a pipe, `dot`) instead of being
/// built as one string.
///
///     var output = OutputBuffer { chunk in try file.write(chunk) }
///     try output.write("digraph {\n")
///     try output.finish()
///
/// A chunk is handed on once 64 KiB have accumulated, and by ``finish()``. A failing sink (a
/// closed pipe, a full disk) stops the writing: its error is rethrown by the next write.
package struct OutputBuffer {
    private var bytes: [UInt8] = []
    private let chunkSize: Int
    private let sink: (UnsafeRawBufferPointer) throws -> Void

    package init(chunkSize: Int = 64 << 10, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.chunkSize = chunkSize
        self.sink = sink
        bytes.reserveCapacity(min(chunkSize, 64 << 10))
    }

    package mutating func write(_ text: String) throws {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
        if bytes.count >= chunkSize { try flush() }
    }

    package mutating func write(_ text: StaticString) throws {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        if bytes.count >= chunkSize { try flush() }
    }

    package mutating func write(byte: UInt8) throws {
        bytes.append(byte)
        if bytes.count >= chunkSize { try flush() }
    }

    /// Writes an integer in decimal without building a string.
    package mutating func write(_ value: Int) throws {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            if value == Int.min {
                try write("9223372036854775808")
                return
            }
        }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: buffer[(24 - count)...])
        }
        if bytes.count >= chunkSize { try flush() }
    }

    /// Hands on everything written so far.
    package mutating func finish() throws {
        if !bytes.isEmpty { try flush() }
    }

    private mutating func flush() throws {
        try bytes.withUnsafeBytes { try sink($0) }
        bytes.removeAll(keepingCapacity: true)
    }
}

extension OutputBuffer {
    /// Runs `body` with a buffer that collects everything into one string. `body` may throw only
    /// the buffer's own errors, and this buffer's sink never fails.
    package static func collect(_ body: (inout OutputBuffer) throws -> Void) -> String {
        let collected = _Collected()
        var output = OutputBuffer(chunkSize: Int.max) { chunk in collected.bytes.append(contentsOf: chunk) }
        do {
            try body(&output)
            try output.finish()
        } catch {
            fatalError("AttrGraph internal error: writing into memory failed: \(error)")
        }
        return String(decoding: collected.bytes, as: UTF8.self)
    }
}

private final class _Collected {
    var bytes: [UInt8] = []
}
