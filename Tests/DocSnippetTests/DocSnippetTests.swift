import Foundation
import Testing

/// A ```swift block of README.md or a page of docs/, as `Scripts/doc-snippets.py` found it.
struct DocSnippet: Equatable, CustomStringConvertible {
    /// The page, relative to the repository root (`README.md`, `docs/engine.md`).
    /// How it is compiled, from the line before its fence.
    enum Kind: Equatable {
        /// No mark: compiled everywhere.
        case compiled
        /// `<!-- linux-only … -->`: compiled inside `#if os(Linux)` (this package's Combine additions).
        case linuxOnly
        /// `<!-- fragment … -->`: listed, not compiled.
        case fragment
    }

    var page: String
    var kind: Kind
    /// The block's text, without the fences (and without the fence's indentation).
    var source: String

    var description: String {
        "\(page) (\(kind)): \(source.split(separator: "\n").first ?? "")…"
    }
}

/// The documentation's Swift compiles: `Scripts/doc-snippets.py` turns every ```swift block of
/// README.md and docs/*.md into code of this target (`Generated-*.swift`), so `swift build
/// --build-tests` compiles each snippet, and lists them in `DocSnippetManifest.swift`. These tests
/// read the pages again and check that the generated code is current.
@Suite struct DocSnippetTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// README.md, then docs/*.md by name — the pages the script reads.
    static func pages() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }

    /// The page's ```swift blocks, by the script's rules: a fence is a line starting (after
    /// spaces) with three backquotes, the block ends at a line of three backquotes alone, an
    /// indented block loses its fence's indentation, only the info string `swift` counts, and the
    /// line before the fence starting with `<!-- fragment` marks a fragment (`<!-- linux-only`, a
    /// snippet compiled on Linux only).
    static func snippets(page: String, text: String) -> [DocSnippet] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func leadingSpaces(_ line: String) -> Int { line.prefix { $0 == " " }.count }
        func trimmed(_ line: String) -> String { line.trimmingCharacters(in: .whitespaces) }
        var found: [DocSnippet] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let indent = leadingSpaces(line)
            let stripped = line.dropFirst(indent)
            guard stripped.hasPrefix("```") else {
                index += 1
                continue
            }
            let info = trimmed(String(stripped.dropFirst(3)))
            var end = index + 1
            while end < lines.count, trimmed(lines[end]) != "```" { end += 1 }
            if info == "swift" {
                let body = lines[(index + 1)..<end].map { String($0.dropFirst(min(leadingSpaces($0), indent))) }
                let before = index > 0 ? trimmed(lines[index - 1]) : ""
                let kind: DocSnippet.Kind =
                    before.hasPrefix("<!-- fragment") ? .fragment : before.hasPrefix("<!-- linux-only") ? .linuxOnly : .compiled
                found.append(DocSnippet(page: page, kind: kind, source: body.joined(separator: "\n")))
            }
            index = end + 1
        }
        return found
    }

    static func documented() throws -> [DocSnippet] {
        try pages().flatMap { page in
            snippets(page: page, text: try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8))
        }
    }

    @Test func everySwiftSnippetOfTheDocsIsTheOneCompiled() throws {
        let documented = try Self.documented()
        let missing = documented.filter { !docSnippets.contains($0) }
        let stale = docSnippets.filter { !documented.contains($0) }
        #expect(missing.isEmpty, "snippets not compiled (run Scripts/doc-snippets.py): \(missing.prefix(3))")
        #expect(stale.isEmpty, "compiled snippets the docs no longer hold (run Scripts/doc-snippets.py): \(stale.prefix(3))")
        #expect(documented == docSnippets, "the snippets changed order (run Scripts/doc-snippets.py)")
    }

    @Test func theReadmeAndTheTopicPagesHaveCompiledSnippets() throws {
        let compiled = try Self.documented().filter { $0.kind == .compiled }
        #expect(compiled.contains { $0.page == "README.md" })
        for page in ["docs/engine.md", "docs/declarative-views.md", "docs/run-loop.md", "docs/threads.md"] {
            #expect(compiled.contains { $0.page == page }, "\(page) shows compiled Swift")
        }
    }

    /// Fragments are the exception: at most one snippet in five.
    @Test func fragmentsAreFew() throws {
        let all = try Self.documented()
        let fragments = all.filter { $0.kind == .fragment }
        #expect(fragments.count * 5 <= all.count, "\(fragments.count) fragments of \(all.count) snippets: \(fragments)")
    }

    @Test func theExtractionFollowsTheScriptsRules() {
        let page = """
            Text.
            ```swift
            let a = 1
            ```
            - a list item:

              ```swift
              struct B {
                  var c = 2
              }
              ```
            <!-- fragment: a piece -->
            ```swift
            dependencies: []
            ```
            <!-- linux-only: TestScheduler -->
            ```swift
            let d = 4
            ```
            ```sh
            swift test
            ```
            ```swift fragment
            not a snippet
            ```
            """
        let found = Self.snippets(page: "p.md", text: page)
        #expect(found == [
            DocSnippet(page: "p.md", kind: .compiled, source: "let a = 1"),
            DocSnippet(page: "p.md", kind: .compiled, source: "struct B {\n    var c = 2\n}"),
            DocSnippet(page: "p.md", kind: .fragment, source: "dependencies: []"),
            DocSnippet(page: "p.md", kind: .linuxOnly, source: "let d = 4"),
        ])
    }
}
