import ArchiveReader
import AttrGraph

/// Reads agdump's input through `ArchiveReader` and turns its failures into agdump's errors:
/// one line naming the input, and the exit code of the failure's kind.
package enum ArchiveLoader {
    package static func load(path: String, limit: Int, progress: Progress? = nil) throws(AGDumpError) -> GraphArchive {
        progress?.update("reading \(path)")
        let bytes: [UInt8]
        do {
            bytes = try ArchiveReader.readInput(path: path, limit: limit)
        } catch {
            throw agdumpError(error, name: path)
        }
        return try load(bytes, name: path, limit: limit, progress: progress)
    }

    /// Parses archive bytes. `name` is used in messages ("stdin" or the path).
    package static func load(_ bytes: [UInt8], name: String, limit: Int, progress: Progress? = nil) throws(AGDumpError) -> GraphArchive {
        do {
            return try ArchiveReader.archive(from: bytes, limit: limit) { progress?.update($0) }
        } catch {
            throw agdumpError(error, name: name)
        }
    }

    package static func agdumpError(_ error: ArchiveReadError, name: String) -> AGDumpError {
        let code: ExitCode
        switch error.kind {
        case .inputUnreadable: code = .inputUnreadable
        case .tooLarge: code = .inputTooLarge
        case .malformedJSON: code = .malformedJSON
        case .notAnArchive: code = .notAnArchive
        case .unsupportedVersion: code = .unsupportedVersion
        case .danglingIndex: code = .danglingIndex
        case .badCompression: code = .badCompression
        }
        return AGDumpError(code, "agdump: \(name): \(error.message)")
    }
}
