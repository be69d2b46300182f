import Foundation
import Testing

/// Hand-rolled golden files: compare output with `Golden/<name>` next to the test file.
///
/// Run with `AG_RECORD_GOLDEN=1` to write the current output as the new golden file (then
/// review the diff before committing it).
public enum Golden {
    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment["AG_RECORD_GOLDEN"] == "1"
    }

    public static func check(
        _ actual: String, named name: String, testFile: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let url = URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("Golden/\(name)")
        if isRecording {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(actual.utf8).write(to: url)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing golden file \(url.path); run with AG_RECORD_GOLDEN=1 to create it", sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let firstDifference = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(expectedLines.count, actualLines.count)
            Issue.record(
                """
                output differs from golden file \(name) at line \(firstDifference + 1):
                  expected: \(firstDifference < expectedLines.count ? String(expectedLines[firstDifference]) : "<end of file>")
                  actual:   \(firstDifference < actualLines.count ? String(actualLines[firstDifference]) : "<end of file>")
                (AG_RECORD_GOLDEN=1 re-records it)
                """, sourceLocation: sourceLocation)
        }
    }
}

/// Checks DOT with Graphviz: `dot -Tsvg` must accept it. When `dot` is not installed the check
/// is skipped, unless `AG_REQUIRE_GRAPHVIZ=1` (set by `.ci/run`) makes that a failure.
public enum GraphvizCheck {
    public static var dotPath: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/dot" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    public static func validate(_ dot: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let executable = dotPath else {
            if ProcessInfo.processInfo.environment["AG_REQUIRE_GRAPHVIZ"] == "1" {
                Issue.record("Graphviz `dot` is not on PATH but AG_REQUIRE_GRAPHVIZ=1", sourceLocation: sourceLocation)
            }
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-Tsvg", "-o", "/dev/null"]
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        do {
            try process.run()
        } catch {
            Issue.record("could not run \(executable): \(error)", sourceLocation: sourceLocation)
            return
        }
        input.fileHandleForWriting.write(Data(dot.utf8))
        try? input.fileHandleForWriting.close()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Issue.record("dot -Tsvg rejected the DOT (status \(process.terminationStatus)): \(message)", sourceLocation: sourceLocation)
        }
    }
}

extension GraphvizCheck {
    /// A node as Graphviz read it: its name and its attributes (layout attributes included).
    public struct ParsedNode: Sendable {
        public var name: String
        public var attributes: [String: String]
    }

    /// Parses DOT with Graphviz (`dot -Tjson0`) and returns its nodes, or `nil` when Graphviz is
    /// not installed (recorded as a failure under `AG_REQUIRE_GRAPHVIZ=1`) or rejects the text.
    public static func parseNodes(_ dot: String, sourceLocation: SourceLocation = #_sourceLocation) -> [ParsedNode]? {
        guard let executable = dotPath else {
            if ProcessInfo.processInfo.environment["AG_REQUIRE_GRAPHVIZ"] == "1" {
                Issue.record("Graphviz `dot` is not on PATH but AG_REQUIRE_GRAPHVIZ=1", sourceLocation: sourceLocation)
            }
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-Tjson0"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = Pipe()
        do {
            try process.run()
        } catch {
            Issue.record("could not run \(executable): \(error)", sourceLocation: sourceLocation)
            return nil
        }
        DispatchQueue.global().async {
            input.fileHandleForWriting.write(Data(dot.utf8))
            try? input.fileHandleForWriting.close()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            Issue.record("dot -Tjson0 rejected the DOT (status \(process.terminationStatus))", sourceLocation: sourceLocation)
            return nil
        }
        let objects = object["objects"] as? [[String: Any]] ?? []
        return objects.compactMap { entry in
            guard let name = entry["name"] as? String else { return nil }
            var attributes: [String: String] = [:]
            for (key, value) in entry where key != "name" { attributes[key] = "\(value)" }
            return ParsedNode(name: name, attributes: attributes)
        }
    }
}
