import AttrGraphArchive

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

    /// What an input holds: a graph archive (with its JSON text, when asked for) or a timeline trace.
    package enum Input {
        case archive(GraphArchive, text: [UInt8]?)
        case trace(Trace)
    }

    /// Reads a graph archive or a timeline trace (told apart by the JSON's top level: an
    /// array is a trace) from the bytes of a file. With `keepText`, an archive comes with its
    /// decoded JSON text (for `--json`, which normalises the text itself).
    package static func input(
        _ bytes: [UInt8], name: String, limit: Int, keepText: Bool = false, progress: Progress? = nil
    ) throws(AGDumpError) -> Input {
        let text: [UInt8]
        do {
            text = try ArchiveReader.decodedText(bytes, limit: limit) { progress?.update($0) }
        } catch {
            throw agdumpError(error, name: name)
        }
        if TraceLoader.isTrace(text) {
            progress?.update("parsing the trace")
            return .trace(try TraceLoader.load(text: text, name: name, limit: limit))
        }
        do {
            return .archive(try ArchiveReader.archive(fromText: text) { progress?.update($0) }, text: keepText ? text : nil)
        } catch {
            // An object with "traceEvents" is a trace too (the format's other form).
            if error.kind == .notAnArchive, let value = try? ArchiveReader.json(from: text, limit: limit),
                value.objectValue?["traceEvents"] != nil
            {
                return .trace(try TraceLoader.load(text: text, name: name, limit: limit))
            }
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
