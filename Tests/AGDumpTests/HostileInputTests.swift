import AGDumpCore
import AttrGraphArchive
import AttrGraph
import AttrGraphTestSupport
import Foundation
import Testing

/// Small archives built in code, for the hostile-input tests.
enum Archives {
    /// One graph: a node per description (ids 100, 101, …), each reading the previous one.
    static func graph(
        descs: [String], values: [String?]? = nil, typeName: String = "Rule", flags: [Int?]? = nil, cause: String? = nil
    ) -> GraphArchive {
        let nodes = descs.indices.map { index in
            GraphArchive.Node(
                type: 0, id: UInt32(100 + index), desc: descs[index], value: values?[index] ?? "v\(index)",
                flags: flags.map { $0[index] } ?? 8)
        }
        let edges = descs.indices.dropFirst().map { GraphArchive.Edge(src: $0 - 1, dst: $0, flags: 16) }
        var graph = GraphArchive.Graph(
            id: 1, types: [GraphArchive.TypeEntry(id: 0, name: typeName, value: "Int")], nodes: nodes, edges: edges,
            subgraphs: [GraphArchive.Subgraph(id: 1, contextID: 1, nodes: Array(descs.indices))])
        if let cause { graph.cycle = CycleRecord(attribute: 100, path: [100, 101, 100], cause: cause) }
        return GraphArchive(graphs: [graph])
    }

    static func bytes(_ archive: GraphArchive) -> [UInt8] {
        Array(archive.jsonText(pretty: false).utf8)
    }

    /// A gzip member of `data` (with an optional extra field), as `gzip` writes it.
    static func gzipMember(_ data: [UInt8], extra: [UInt8]? = nil) -> [UInt8] {
        let zlib = Zlib.deflate(data)
        var member: [UInt8] = [0x1F, 0x8B, 8, extra == nil ? 0 : 0x04, 0, 0, 0, 0, 0, 3]
        if let extra {
            member += [UInt8(extra.count & 0xFF), UInt8(extra.count >> 8)] + extra
        }
        member += zlib[2..<(zlib.count - 4)]  // the raw DEFLATE inside the zlib wrapper
        let crc = Zlib.crc32(data)
        let size = UInt32(truncatingIfNeeded: data.count)
        for value in [crc, size] {
            member += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
        }
        return member
    }
}

/// What hostile archives could do to agdump's output, and now cannot.
@Suite struct DOTInjectionTests {
    /// Text that broke out of quoted DOT strings when escaping worked on `Character`s.
    static let payloads = [
        "\"\u{301}];\n  _666[label=\"injected\" image=\"/etc/passwd\"];\n  _1[label=\"",
        "\\\u{200D}\"]; _667[image=\"/etc/hostname\"]; _2[label=\"",
        "\"\u{FE0F} image=\"/etc/passwd\" x=\"",
        "nul\u{0}byte and bell\u{7} and escape\u{1B}[31m",
        "back\\slash\\\u{301} at the end\\",
        "line\nbreak\r\nand\ttab",
        "<b>html</b> & entity &amp;",
    ]

    @Test func hostileTextStaysInsideItsLabelsForGraphviz() throws {
        let archive = Archives.graph(
            descs: Self.payloads, values: Self.payloads.map { $0 }, typeName: Self.payloads[1], cause: Self.payloads[0])
        let path = Fixture.temporaryFile("hostile.ag-json", contents: Archives.bytes(archive))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for options in [[], ["--include-values"], ["--cluster-subgraphs", "--include-values"]] {
            let run = AGDumpRun([path] + options)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(DOTGrammar.violations(run.stdout) == [], "options \(options)")
            #expect(!run.stdout.unicodeScalars.contains { $0.value == 0 }, "NUL written raw")
            guard let nodes = GraphvizCheck.parseNodes(run.stdout) else { continue }
            let names = Set(nodes.map(\.name).filter { !$0.hasPrefix("cluster") })
            #expect(names == Set((100..<(100 + Self.payloads.count)).map { "_\($0)" }), "Graphviz saw other nodes: \(names.sorted())")
            for node in nodes {
                #expect(node.attributes["image"] == nil, "node \(node.name) got an image attribute")
                #expect(node.attributes["x"] == nil)
            }
            // Each label still holds its payload's visible text.
            let label = nodes.first { $0.name == "_103" }?.attributes["label"] ?? ""
            #expect(label.contains("nul␀byte and bell␇"), "\(label)")
        }
    }

    @Test func svgOfAHostileArchiveEmbedsNoFile() throws {
        guard GraphvizCheck.dotPath != nil else { return }
        let archive = Archives.graph(descs: Self.payloads)
        let input = Fixture.temporaryFile("hostile.ag-json", contents: Archives.bytes(archive))
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("agdump-\(UUID().uuidString).svg").path
        defer {
            try? FileManager.default.removeItem(atPath: input)
            try? FileManager.default.removeItem(atPath: output)
        }
        let run = AGDumpRun([input, "--svg", output])
        #expect(run.status == 0, "\(run.stderr)")
        let svg = try String(contentsOfFile: output, encoding: .utf8)
        #expect(svg.contains("<svg"))
        #expect(!svg.contains("<image"))
        #expect(!svg.contains("root:"), "the contents of /etc/passwd")
    }

    @Test func escapingWorksOnScalarsNotCharacters() {
        let renderer = DOTRenderer()
        #expect(renderer.escape("\"\u{301}", limit: 0) == "\\\"\u{301}")
        #expect(renderer.escape("\\\u{200D}", limit: 0) == "\\\\\u{200D}")
        #expect(renderer.escape("a\u{0}b\u{1F}c\u{7F}d\u{85}e", limit: 0) == "a␀b␟c␡d\u{FFFD}e")
        #expect(renderer.escape("one\ntwo\r", limit: 0) == "one\\ntwo")
    }
}

/// Compressed input: the gzip header read by the format, and no hidden streams.
@Suite struct CompressedInputTests {
    static let plain = Archives.bytes(Archives.graph(descs: ["real", "graph"]))
    static let hidden = Archives.bytes(Archives.graph(descs: ["hidden", "graph", "from", "the", "extra", "field"]))

    @Test func gzipExtraFieldsOfEveryLengthAreSkipped() {
        let expected = AGDumpRun(["-"], stdin: Self.plain).stdout
        for length in [0, 1, 0xFF, 0x100, 0x1FE, 0x1FF, 0x200, 0xFFFF] {
            let member = Archives.gzipMember(Self.plain, extra: [UInt8](repeating: 0x41, count: length))
            let run = AGDumpRun(["-"], stdin: member)
            #expect(run.status == 0, "extra length \(length): \(run.stderr)")
            #expect(run.stdout == expected, "extra length \(length)")
        }
    }

    @Test func aStreamHiddenInTheExtraFieldIsNeverRead() {
        // The old reader took `2 + lo | hi << 8`: for 0x1FE it skipped 0x100 bytes and read on from
        // inside the extra field. Put a whole compressed archive exactly there.
        var extra = [UInt8](repeating: 0, count: 0x1FE)
        let hiddenStream = Array(Archives.gzipMember(Self.hidden).dropFirst(10))  // raw deflate + trailer
        let start = 0x100 - 2
        extra.replaceSubrange(start..<min(0x1FE, start + hiddenStream.count), with: hiddenStream.prefix(0x1FE - start))
        let member = Archives.gzipMember(Self.plain, extra: extra)
        let run = AGDumpRun(["-"], stdin: member)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("real"))
        #expect(!run.stdout.contains("hidden"))
    }

    @Test func multiMemberGzipIsReadWhole() {
        let text = Self.plain
        let cut = text.count / 2
        let members = Archives.gzipMember(Array(text[..<cut])) + Archives.gzipMember(Array(text[cut...]))
        let run = AGDumpRun(["-"], stdin: members)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == AGDumpRun(["-"], stdin: text).stdout)
    }

    @Test func dataAfterTheStreamIsAnError() {
        let zlib = Zlib.deflate(Self.plain) + Array("trailing".utf8)
        let run = AGDumpRun(["-"], stdin: zlib)
        #expect(run.status == ExitCode.badCompression.rawValue)
        #expect(run.stderr.contains("bytes of data after the end of the compressed stream"))
        let gzip = Archives.gzipMember(Self.plain) + [0x00, 0x01]
        #expect(AGDumpRun(["-"], stdin: gzip).status == ExitCode.badCompression.rawValue)
    }

    @Test func aDecompressionBombStopsAtTheLimitWithAClearError() {
        // 64 MiB of zeros compress to ~64 KiB.
        let bomb = Zlib.deflate([UInt8](repeating: 0x20, count: 64 << 20))
        #expect(bomb.count < 1 << 20)
        let run = AGDumpRun(["-", "--max-size", "8M"], stdin: bomb)
        #expect(run.status == ExitCode.inputTooLarge.rawValue)
        #expect(run.stderr == "agdump: stdin: it decompresses to more than 8 MiB (the --max-size limit); raise it with --max-size if the archive is real\n")
    }

    @Test func maxSizeBoundsPlainInputToo() {
        let path = Fixture.temporaryFile("big.ag-json", contents: Self.plain)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = AGDumpRun([path, "--max-size", "100"])
        #expect(run.status == ExitCode.inputTooLarge.rawValue)
        #expect(run.stderr.contains("is larger than 100 bytes (the --max-size limit"))
        #expect(AGDumpRun([path, "--max-size", "1K"]).status == 0)
        #expect(AGDumpRun([path, "--max-size", "lots"]).status == ExitCode.usage.rawValue)
    }
}

/// Text encodings, and what agdump says about values of the wrong kind.
@Suite struct EncodingTests {
    static let plain = Archives.bytes(Archives.graph(descs: ["naïve", "日本語", "emoji 🎉"]))

    static func utf16(_ text: [UInt8], bigEndian: Bool, bom: Bool) -> [UInt8] {
        var bytes: [UInt8] = bom ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in String(decoding: text, as: UTF8.self).utf16 {
            bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        return bytes
    }

    @Test func utf8WithAByteOrderMarkUTF16AndUTF32AreRead() {
        let expected = AGDumpRun(["-"], stdin: Self.plain)
        #expect(expected.status == 0)
        var inputs: [(String, [UInt8])] = [("UTF-8 with BOM", [0xEF, 0xBB, 0xBF] + Self.plain)]
        for bigEndian in [true, false] {
            for bom in [true, false] {
                inputs.append(("UTF-16 \(bigEndian ? "BE" : "LE") \(bom ? "with" : "without") BOM",
                               Self.utf16(Self.plain, bigEndian: bigEndian, bom: bom)))
            }
        }
        var utf32: [UInt8] = [0xFF, 0xFE, 0, 0]
        for scalar in String(decoding: Self.plain, as: UTF8.self).unicodeScalars {
            let value = scalar.value
            utf32 += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
        }
        inputs.append(("UTF-32 LE with BOM", utf32))
        inputs.append(("compressed UTF-16", Zlib.deflate(Self.utf16(Self.plain, bigEndian: false, bom: true))))
        for (name, bytes) in inputs {
            let run = AGDumpRun(["-"], stdin: bytes)
            #expect(run.status == 0, "\(name): \(run.stderr)")
            #expect(run.stdout == expected.stdout, "\(name)")
        }
    }

    @Test func brokenUTF16AndUTF8AreMalformed() {
        let units: [UInt8] = "{\"a\":\"".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let lone: [UInt8] = [0xFF, 0xFE] + units + [0x00, 0xD8]
        let run = AGDumpRun(["-"], stdin: lone)
        #expect(run.status == ExitCode.malformedJSON.rawValue)
        #expect(run.stderr.contains("invalid UTF-16"))
        let badUTF8 = Array("{\"version\": 2, \"graphs\": [{\"nodes\": [{\"type\": 0, \"id\": 1, \"desc\": \"".utf8) + [0xC3, 0x28]
            + Array("\"}]}]}".utf8)
        let bad = AGDumpRun(["-"], stdin: badUTF8)
        #expect(bad.status == ExitCode.malformedJSON.rawValue)
        #expect(bad.stderr.contains("invalid UTF-8 in a string"))
    }

    @Test func aFractionWhereAnIntegerBelongsIsNamed() {
        let text = #"{"version": 2, "graphs": [{"types": [{"name": "T", "value": "Int"}], "nodes": [{"type": 0, "id": 0.5}]}]}"#
        let run = AGDumpRun(["-"], stdin: Array(text.utf8))
        #expect(run.status == ExitCode.notAnArchive.rawValue)
        #expect(run.stderr == "agdump: stdin: not a graph archive: graphs[0].nodes[0].id: expected an integer, found 0.5 (line 1, column 97)\n")
        let range = #"{"version": 2, "graphs": [{"types": [{"name": "T", "value": "Int"}], "nodes": [{"type": 0, "id": 1, "subgraph_flags": 300}]}]}"#
        let outOfRange = AGDumpRun(["-"], stdin: Array(range.utf8))
        #expect(outOfRange.status == ExitCode.notAnArchive.rawValue)
        #expect(outOfRange.stderr.contains("graphs[0].nodes[0].subgraph_flags: 300 is out of range (expected an integer from 0 to 255)"))
    }
}

/// Ambiguous archives are rejected, not guessed at.
@Suite struct AmbiguityTests {
    @Test func duplicateKeysAreRejectedWhereTheyAre() {
        let text = "{\"version\": 2, \"graphs\": [{\"types\": [{\"name\": \"T\", \"value\": \"Int\"}],\n \"nodes\": [{\"type\": 0, \"id\": 1, \"flags\": 8, \"flags\": 0}]}]}"
        let run = AGDumpRun(["-"], stdin: Array(text.utf8))
        #expect(run.status == ExitCode.notAnArchive.rawValue)
        #expect(run.stderr == "agdump: stdin: duplicate key \"flags\" at line 2, column 44: each key may appear once in an object (agdump does not guess which value was meant)\n")
        let unknown = #"{"version": 2, "graphs": [], "note": 1, "note": 2}"#
        #expect(AGDumpRun(["-"], stdin: Array(unknown.utf8)).status == ExitCode.notAnArchive.rawValue)
        let top = #"{"version": 2, "version": 3, "graphs": []}"#
        #expect(AGDumpRun(["-"], stdin: Array(top.utf8)).stderr.contains("duplicate key \"version\""))
    }

    @Test func duplicateNodeIDsAreRejected() {
        var archive = Archives.graph(descs: ["a", "b", "c"])
        archive.graphs[0].nodes[2].id = 100
        let run = AGDumpRun(["-"], stdin: Archives.bytes(archive))
        #expect(run.status == ExitCode.notAnArchive.rawValue)
        #expect(run.stderr == "agdump: stdin: not a graph archive: graphs[0].nodes[2].id: attribute 100 appears twice (also graphs[0].nodes[0]); an archive lists each attribute once\n")
    }
}

/// `--json` keeps everything the DOT depends on, whatever its value.
@Suite struct JSONRoundTripTests {
    @Test func archiveToJSONToDOTIsIdentical() throws {
        var archive = Archives.graph(descs: ["no flags", "flags 0", "dirty", "value"], flags: [nil, 0, 9, 8])
        archive.graphs[0].nodes[1].subgraphFlags = 0
        archive.graphs[0].edges[0] = GraphArchive.Edge(src: 0, dst: 1, flags: 0)
        archive.graphs[0].extra["unknown_key"] = .array([.int(1), .string("kept")])
        let original = Archives.bytes(archive)
        let dot = AGDumpRun(["-", "--include-values"], stdin: original)
        let json = AGDumpRun(["-", "--json"], stdin: original)
        #expect(json.status == 0)
        #expect(json.stdout.contains("\"flags\": 0"))
        let again = AGDumpRun(["-", "--include-values"], stdin: Array(json.stdout.utf8))
        #expect(again.stdout == dot.stdout)
        #expect(try ArchiveReader.archive(from: Array(json.stdout.utf8)) == archive)
        // A node written without flags keeps having none; one with 0 has no value (dashed).
        #expect(dot.stdout.contains(#"_100[label="100: no flags → v0" style="bold"]"#))
        #expect(dot.stdout.contains(#"_101[label="101: flags 0" style="dashed"]"#))
    }

    @Test func theEnginesArchiveSaysWhenAnInputHasNoValue() throws {
        let test = TestGraph()
        let empty = test { Attribute(type: Int.self) }
        let archive = test.graph.archive()
        let node = try #require(archive.graphs.first?.nodes.first { $0.id == empty.identifier.rawValue })
        #expect(node.flags == 0)
        let json = archive.jsonText(pretty: false)
        let reread = try ArchiveReader.archive(from: Array(json.utf8))
        #expect(reread.jsonText(pretty: false) == json)
        #expect(reread.graphs[0].nodes.first { $0.id == empty.identifier.rawValue }?.hasValue == false)
    }
}
