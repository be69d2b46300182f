import AttrGraph
import AttrGraphTestSupport
import DeclarativeViews
import Foundation
import RunLoopBridge
import Testing

/// With tree recording on (`AG_TREE=1`), the view hierarchy is recorded as the graph's subgraph
/// trees and agdump shows it. Recording is process-wide, so the app runs in a child process that
/// writes an archive; the parent runs agdump on it, as a user would.
@Suite struct ViewTreeTests {
    struct Row: View {
        let number: Int
        var body: some View { Text("row \(number)") }
    }

    struct Screen: View {
        var showsRows = true
        var body: some View {
            VStack {
                Text("Title")
                if showsRows {
                    ForEach([1, 2], id: \.self) { Row(number: $0) }
                }
            }
        }
    }

    @Test func theViewHierarchyIsRecordedAndAgdumpOutlinesIt() async throws {
        let path = NSTemporaryDirectory() + "attrgraph-view-tree-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).ag-json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        await #expect(processExitsWith: .success) { [path = path as String] in
            setenv("AG_TREE", "1", 1)
            await MainActor.run {
                let host = ViewHost(Screen(), scheduler: ManualUpdateScheduler())
                host.update()
                guard host.archiveJSON(name: path) != nil else { exit(3) }
            }
        }
        let json = try String(contentsOfFile: path, encoding: .utf8)
        // The elements' types, in the order the views were built.
        #expect(json.contains("\"trees\""))
        for name in ["ViewTreeTests.Screen", "VStack<", "ViewTreeTests.Row", "Text", "ForEach<"] {
            #expect(json.contains("\"desc\" : \"\(name)") || json.contains("\"desc\":\"\(name)"), "no element for \(name)")
        }

        let agdump = try #require(ProcessRun.executable("agdump"), "agdump is built with the tests")
        let summary = try ProcessRun(agdump, arguments: [path, "--summary"])
        #expect(summary.status == 0, "\(summary.stderr)")
        #expect(summary.stdout.contains("  tree:       "), "\(summary.stdout)")
        // Each row is a ForEach item's subgraph, hung under the ForEach that made it; Row's body
        // is one of its values.
        let lines = summary.stdout.split(separator: "\n").map(String.init)
        func starts(_ line: String, _ prefix: String) -> Bool { line.drop { $0 == " " }.hasPrefix(prefix) }
        let forEach = try #require(lines.firstIndex { starts($0, "ForEach<") })
        let rows = lines.indices.filter { starts(lines[$0], "ViewTreeTests.Row @") }
        #expect(rows.allSatisfy { $0 > forEach })
        #expect(lines.contains { starts($0, "ViewTreeTests.Screen @") && $0.contains("[body]") })
        #expect(rows.count == 2, "\(summary.stdout)")
        let indent = { (line: String) in line.prefix { $0 == " " }.count }
        for row in rows {
            #expect(indent(lines[row]) > indent(lines[forEach]), "a row is drawn inside the ForEach")
            #expect(lines[row].contains("[body]"))
        }

        let dot = try ProcessRun(agdump, arguments: [path, "--dot"])
        #expect(dot.status == 0)
        #expect(dot.stdout.contains("subgraph cluster_tree {"))
        GraphvizCheck.validate(dot.stdout)
    }
}
