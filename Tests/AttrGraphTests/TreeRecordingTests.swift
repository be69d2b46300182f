import AttrGraphArchive
import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// Subgraph tree recording (`Subgraph.setShouldRecordTree()`, `AG_TREE`). Recording is switched
/// on for the whole process, so each scenario runs in a child process that prints the archive it
/// recorded; the parent reads it back as agdump does and checks what was recorded and drawn.
@Suite struct TreeRecordingTests {
    /// Fails the child with a message (issues recorded in a child process are not the parent's).
    static func check(_ condition: Bool, _ message: String) {
        if !condition {
            FileHandle.standardError.write(Data("tree check failed: \(message)\n".utf8))
            exit(3)
        }
    }

    /// Writes `graph`'s archive and prints it between markers.
    static func printArchive(of graph: Graph) {
        let path = NSTemporaryDirectory() + "attrgraph-tree-\(getpid()).ag-json"
        graph.diagnosticSink = .discard
        guard let url = graph.archiveJSON(name: path), let text = try? String(contentsOf: url, encoding: .utf8) else {
            check(false, "the archive could not be written")
            return
        }
        try? FileManager.default.removeItem(at: url)
        print("<<<ARCHIVE\n\(text)\nARCHIVE>>>")
    }

    static func archive(from output: [UInt8]) throws -> GraphArchive.Graph {
        let text = String(decoding: output, as: UTF8.self)
        let start = try #require(text.range(of: "<<<ARCHIVE\n"))
        let end = try #require(text.range(of: "\nARCHIVE>>>"))
        let archive = try ArchiveReader.archive(from: Array(text[start.upperBound..<end.lowerBound].utf8))
        return try #require(archive.graphs.first)
    }

    @Test func recordingIsOffByDefault() {
        // Child processes of this suite switch it on; this process never does.
        if ProcessInfo.processInfo.environment["AG_TREE"] == nil {
            #expect(!Subgraph.shouldRecordTree)
        }
        let graph = Graph()
        let subgraph = Subgraph(graph: graph)
        subgraph.apply {
            let value = Attribute(value: 1)
            Subgraph.beginTreeElement(value: value, flags: 0)
            Subgraph.endTreeElement(value: value)
        }
        #expect(subgraph.treeRoot == nil || Subgraph.shouldRecordTree)
    }

    @Test func elementsValuesAndNodesAreRecordedAndArchived() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent]) {
            Subgraph.setShouldRecordTree()
            TreeRecordingTests.check(Subgraph.shouldRecordTree, "setShouldRecordTree did not switch recording on")
            let graph = Graph()
            let root = Subgraph(graph: graph)
            root.apply {
                let screen = Attribute(value: "screen")
                Subgraph.beginTreeElement(value: screen, flags: 1)
                let title = Attribute(value: "Title")
                Subgraph.addTreeValue(title, forKey: "title", flags: 0)
                let row = Attribute(value: 42)
                Subgraph.beginTreeElement(value: row, flags: 0)
                let label = Attribute(Map(row) { "row \($0)" })
                Subgraph.addTreeValue(label, forKey: "label", flags: 2)
                Subgraph.endTreeElement(value: row)
                Subgraph.endTreeElement(value: screen)
                _ = label.value

                // The Swift API sees the same tree.
                let top = root.treeRoot
                TreeRecordingTests.check(top != nil && top?.value == nil, "the root element has no value")
                let children = top.map { Array($0.children) } ?? []
                TreeRecordingTests.check(children.count == 1, "one top-level element, not \(children.count)")
                let element = children[0]
                TreeRecordingTests.check(element.value == screen.identifier, "the element's value is its attribute")
                TreeRecordingTests.check(element.type == Metadata(String.self), "the element's type is the value's")
                TreeRecordingTests.check(element.flags == 1, "flags are kept")
                let values = Array(element.values)
                TreeRecordingTests.check(
                    values.count == 1 && String(cString: values[0].key) == "title" && values[0].value == title.identifier,
                    "the title value is recorded under its key")
                let grandchildren = Array(element.children)
                TreeRecordingTests.check(grandchildren.count == 1 && grandchildren[0].parent == element, "row is screen's child")
                let rowNodes = Array(grandchildren[0].nodes)
                TreeRecordingTests.check(rowNodes.contains(label.identifier), "attributes created inside an element are its nodes")
                TreeRecordingTests.check(
                    Array(element.nodes).contains(title.identifier) && !Array(element.nodes).contains(label.identifier),
                    "an element's nodes are those created while it was the innermost open element")

                // A child subgraph's tree hangs under the element that made it.
                let child = Subgraph(graph: graph)
                root.addChild(child)
                child.setTreeOwner(label.identifier)
                child.apply {
                    let detail = Attribute(value: 3.5)
                    Subgraph.beginTreeElement(value: detail, flags: 0)
                    Subgraph.endTreeElement(value: detail)
                }
            }
            TreeRecordingTests.printArchive(of: graph)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(!stderr.contains("tree check failed"), "\(stderr)")
        let graph = try Self.archive(from: result?.standardOutputContent ?? [])
        let trees = graph.trees
        func value(_ node: Int?) -> String? { node.flatMap { graph.nodes[$0].value } }
        // Root, screen, row; then the child subgraph's root and its detail element.
        #expect(trees.count == 5)
        guard trees.count == 5 else { return }
        #expect(trees[0].root && trees[0].children == [1] && trees[0].node == nil)
        #expect(trees[1].desc == "String" && trees[1].flags == 1 && value(trees[1].node)?.contains("screen") == true)
        #expect(trees[1].children == [2])
        #expect(trees[1].values.map(\.key) == ["title"] && value(trees[1].values.first?.node)?.contains("Title") == true)
        #expect(trees[2].desc == "Int" && value(trees[2].node)?.contains("42") == true)
        #expect(trees[2].values.map(\.key) == ["label"] && value(trees[2].values.first?.node)?.contains("row 42") == true)
        #expect(trees[3].root && trees[3].owner == 2, "the child subgraph's tree hangs under the row that made its owner")
        #expect(trees[4].desc == "Double")

        // agdump draws them beside the graph, and outlines them in --summary.
        let dot = DOTRenderer().render(graph)
        #expect(dot.contains("subgraph cluster_tree {"))
        #expect(dot.contains("tree_1 -> tree_2[color=darkgreen penwidth=2];"))
        #expect(dot.contains("tree_2 -> tree_3[color=darkgreen style=dotted];"))
        #expect(dot.contains("label=\"title\""))
        GraphvizCheck.validate(dot)
        #expect(!DOTRenderer(options: .init(drawTrees: false)).render(graph).contains("tree_"))
    }

    @Test func aRootsTypeIsTheNullMetadataAsInAttributeGraph() async throws {
        await #expect(processExitsWith: .success) {
            Subgraph.setShouldRecordTree()
            let graph = Graph()
            let subgraph = Subgraph(graph: graph)
            guard let root = subgraph.treeRoot else { return TreeRecordingTests.check(false, "a root is recorded") }
            // The comparison AttributeGraph code makes, and the one AttrGraph offers.
            TreeRecordingTests.check(root.type.rawValue == UnsafePointer(bitPattern: 0), "the root's type is null")
            TreeRecordingTests.check(root.type.isNull && root.type.description == "nil", "isNull, printed as nil")
            TreeRecordingTests.check(!Metadata(Int.self).isNull, "a type's metadata is not null")
            TreeRecordingTests.check(root.value == nil && root.flags == 0, "no value, no flags")
        }
        let trapped = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Subgraph.setShouldRecordTree()
            let graph = Graph()
            let subgraph = Subgraph(graph: graph)
            _ = subgraph.treeRoot?.type.type
        }
        let stderr = String(decoding: trapped?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("this Metadata is null (a subgraph tree root's type) and describes no type"))
    }

    @Test func theEnvironmentVariableSwitchesRecordingOn() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent]) {
            setenv("AG_TREE", "1", 1)
            TreeRecordingTests.check(Subgraph.shouldRecordTree, "AG_TREE=1 switches recording on")
            let graph = Graph()
            let root = Subgraph(graph: graph)
            root.apply {
                let value = Attribute(value: [1, 2])
                Subgraph.beginTreeElement(value: value, flags: 0)
                Subgraph.endTreeElement(value: value)
            }
            let dictionary = Graph.description(graph, options: [DescriptionOption.format: Graph.descriptionFormatDictionary] as NSDictionary)
            let graphs = (dictionary as? [String: Any])?["graphs"] as? [[String: Any]]
            let trees = graphs?.first?["trees"] as? [[String: Any]]
            TreeRecordingTests.check(trees?.count == 2, "graph/dict descriptions carry the trees: \(String(describing: trees))")
            TreeRecordingTests.check(trees?.last?["desc"] as? String == "Array<Int>", "the element's type is named")
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(!stderr.contains("tree check failed"), "\(stderr)")
    }

    /// AttributeGraph's tree of trees: a subgraph whose tree owner (`setTreeOwner`) was created
    /// while an element of the parent subgraph was open has its root, valued by the owner, listed
    /// after that element's own children.
    @Test func aChildSubgraphsRootIsAChildOfTheElementOpenWhenItsOwnerWasCreated() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            Subgraph.setShouldRecordTree()
            let graph = Graph()
            let root = Subgraph(graph: graph)
            var keep: [Subgraph] = []
            root.apply {
                let element = Attribute(value: "element")
                Subgraph.beginTreeElement(value: element, flags: 1)
                let child = Subgraph(graph: graph)
                root.addChild(child)
                keep.append(child)
                let owner = Attribute(value: "owner")
                child.setTreeOwner(owner.identifier)
                let (first, second) = child.apply {
                    let first = Attribute(value: "first")
                    Subgraph.beginTreeElement(value: first, flags: 2)
                    Subgraph.endTreeElement(value: first)
                    let second = Attribute(value: "second")
                    Subgraph.beginTreeElement(value: second, flags: 3)
                    Subgraph.endTreeElement(value: second)
                    return (first, second)
                }
                // An own child element of `element`, begun after the child subgraph's.
                let own = Attribute(value: "own")
                Subgraph.beginTreeElement(value: own, flags: 4)
                Subgraph.endTreeElement(value: own)
                Subgraph.endTreeElement(value: element)

                guard let treeRoot = root.treeRoot else {
                    TreeRecordingTests.check(false, "the root subgraph records a tree")
                    return
                }
                var top = treeRoot.children
                guard let elementNode = top.next() else {
                    TreeRecordingTests.check(false, "the element is the root's child")
                    return
                }
                TreeRecordingTests.check(top.next() == nil, "one top element")
                let children = Array(elementNode.children)
                TreeRecordingTests.check(children.count == 2, "own child, then the child subgraph's root: \(children.count)")
                TreeRecordingTests.check(children.first?.value == own.identifier, "the element's own child comes first")
                let childRoot = children.last
                TreeRecordingTests.check(childRoot?.value == owner.identifier, "the child subgraph's root is valued by its owner")
                TreeRecordingTests.check(childRoot?.flags == 0 && childRoot?.type.isNull == true, "a root has no type (the null metadata) or flags")
                let grandchildren = childRoot.map { Array($0.children) } ?? []
                TreeRecordingTests.check(
                    grandchildren.map(\.value) == [second.identifier, first.identifier],
                    "the child subgraph's elements, most recent first")
                TreeRecordingTests.check(Array(children[0].children).isEmpty, "a leaf owns no subgraph")
            }
            _ = keep
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(!stderr.contains("tree check failed"), "\(stderr)")
    }
}
