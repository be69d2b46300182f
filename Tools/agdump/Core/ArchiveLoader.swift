import AttrGraph
import Foundation

/// Reads an archive: bytes from a file or stdin, decompressed when they are compressed (zlib,
/// gzip or raw deflate, detected from the content), parsed as JSON and checked as an archive.
/// Every failure is an ``AGDumpError`` with its own exit code.
package enum ArchiveLoader {
    package static func readBytes(path: String) throws(AGDumpError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw AGDumpError(.inputUnreadable, "agdump: \(path): no such file")
        }
        guard !isDirectory.boolValue else {
            throw AGDumpError(.inputUnreadable, "agdump: \(path): is a directory, not an archive file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AGDumpError(.inputUnreadable, "agdump: \(path): cannot be read (check its permissions)")
        }
        return Array(data)
    }

    /// Parses archive bytes. `name` is used in messages ("stdin" or the path).
    package static func load(_ bytes: [UInt8], name: String, progress: Progress? = nil) throws(AGDumpError) -> GraphArchive {
        var text = bytes
        if isCompressed(bytes) {
            progress?.update("decompressing")
            do {
                text = try Zlib.inflate(bytes)
            } catch {
                throw AGDumpError(.badCompression, "agdump: \(name): \(error.description)")
            }
        }
        if text.isEmpty || text.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw AGDumpError(.malformedJSON, "agdump: \(name): the input is empty (expected a graph archive)")
        }
        progress?.update("parsing \(text.count.formatted()) bytes")
        let json: JSONValue
        do {
            json = try JSONValue.parse(text)
        } catch {
            throw AGDumpError(.malformedJSON, "agdump: \(name): malformed JSON at \(error.description)")
        }
        do {
            return try GraphArchive(json: json)
        } catch {
            switch error {
            case .notAnArchive:
                throw AGDumpError(.notAnArchive, "agdump: \(name): \(error.description)")
            case .unsupportedVersion:
                throw AGDumpError(.unsupportedVersion, "agdump: \(name): \(error.description)")
            case .danglingIndex:
                throw AGDumpError(.danglingIndex, "agdump: \(name): dangling index: \(error.description)")
            }
        }
    }

    /// Compressed input: a zlib or gzip header, or binary data (AttributeGraph's `.ag-gzon` may
    /// be raw deflate). Text is parsed as JSON (and reported as malformed JSON if it is not).
    static func isCompressed(_ bytes: [UInt8]) -> Bool {
        if Zlib.looksCompressed(bytes) { return true }
        guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else {
            return false
        }
        return first < 0x20 || first >= 0x80
    }
}
