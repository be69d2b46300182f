import AttrGraphTestSupport
import DeclarativeViews
import Foundation
import Testing

/// Pictures: `ViewHost.svg()` draws the current frame as SVG, and `DV_SVG` keeps a headless app's
/// latest frame in a file.
@MainActor @Suite struct SVGRenderingTests {
    @Test func aSmallScreensSVGHasItsElementsAtExactCoordinates() {
        // A 136 × 16 text over a 32-point circle and a padded, stroked square: an 80-point-high
        // stack centred in a 200 × 120 window.
        let host = layOut(VStack(spacing: 0) {
            Text("Fish & <Chips> \"'").foregroundColor(.red)
            Circle().fill(Color.blue).frame(width: 32, height: 32)
            Rectangle().stroke(Color.green, lineWidth: 2).frame(width: 16, height: 16).padding(8).background(Color.yellow)
        }, width: 200, height: 120)
        #expect(host.svg() == """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="200" height="120" viewBox="0 0 200 120" font-family="monospace" font-size="13">
            <rect x="0" y="0" width="200" height="120" fill="#FFFFFF"/>
            <text x="32" y="32" fill="#FF3B30" xml:space="preserve">Fish &amp; &lt;Chips&gt; &quot;&#39;</text>
            <rect x="84" y="36" width="32" height="32" fill="none" stroke="#C7C7CC" stroke-width="1"/>
            <path d="M116 52 C116 60.84 108.84 68 100 68 C91.16 68 84 60.84 84 52 C84 43.16 91.16 36 100 36 C108.84 36 116 43.16 116 52 Z" fill="#007AFF"/>
            <rect x="84" y="68" width="32" height="32" fill="#FFCC00"/>
            <rect x="84" y="68" width="32" height="32" fill="none" stroke="#C7C7CC" stroke-width="1"/>
            <rect x="92" y="76" width="16" height="16" fill="none" stroke="#C7C7CC" stroke-width="1"/>
            <path d="M92 76 L108 76 L108 92 L92 92 Z" fill="none" stroke="#34C759" stroke-width="2"/>
            </svg>

            """)
    }

    @Test func backgroundsArePaintedBeforeTheirContentAndColoursKeepTheirOpacity() {
        let host = layOut(
            Text("Hi").foregroundStyle(Color(red: 1, green: 0.5, blue: 0, opacity: 0.5))
                .background { Capsule().fill(Color.blue.opacity(0.25)) }
                .opacity(0.5),
            width: 16, height: 16)
        let lines = host.svg().split(separator: "\n").map(String.init)
        #expect(Array(lines[3...6]) == [
            #"<g opacity="0.5">"#,
            ##"<path d="M8 0 L8 0 C12.42 0 16 3.58 16 8 L16 8 C16 12.42 12.42 16 8 16 L8 16 C3.58 16 0 12.42 0 8 L0 8 C0 3.58 3.58 0 8 0 Z" fill="#007AFF" fill-opacity="0.25"/>"##,
            ##"<text x="0" y="12" fill="#FF8000" fill-opacity="0.5" xml:space="preserve">Hi</text>"##,
            "</g>",
        ])
        #expect(!Self.hasControlCharacters(layOut(Text("a\u{7}b"), width: 40, height: 16).svg()), "XML has no place for them")
    }

    @Test func anEvenOddFillIsDrawnWithItsRule() {
        let ring = Path { path in
            path.addRect(CGRect(x: 0, y: 0, width: 16, height: 16))
            path.addRect(CGRect(x: 4, y: 4, width: 8, height: 8))
        }
        let host = layOut(ring.fill(Color.black, style: FillStyle(eoFill: true)), width: 16, height: 16)
        #expect(host.renderTree[0].attributes["fill"] == "black evenOdd")
        #expect(host.svg().contains(##"<path d="M0 0 L16 0 L16 16 L0 16 Z M4 4 L12 4 L12 12 L4 12 Z" fill="#000000" fill-rule="evenodd"/>"##))
    }

    @Test func aClipShapeClipsTheNodesDrawing() {
        let host = layOut(Color.red.frame(width: 32, height: 16).clipShape(.capsule), width: 32, height: 16)
        let lines = host.svg().split(separator: "\n").map(String.init)
        #expect(Array(lines[3...7]) == [
            ##"<clipPath id="clip1"><path d="M8 0 L24 0 C28.42 0 32 3.58 32 8 L32 8 C32 12.42 28.42 16 24 16 L8 16 C3.58 16 0 12.42 0 8 L0 8 C0 3.58 3.58 0 8 0 Z"/></clipPath>"##,
            ##"<g clip-path="url(#clip1)">"##,
            ##"<rect x="0" y="0" width="32" height="16" fill="none" stroke="#C7C7CC" stroke-width="1"/>"##,
            ##"<rect x="0" y="0" width="32" height="16" fill="#FF3B30"/>"##,
            "</g>",
        ])
    }

    static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }
    }

    @Test func dvSVGKeepsTheLatestFrameInTheFile() throws {
        let app = try #require(ProcessRun.executable("AGIssueAppFixed"))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("dv-svg-\(UUID().uuidString).svg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try ProcessRun(app, environment: ["DV_RUN_SECONDS": "0.2", "DV_SVG": path])
        #expect(run.status == 0 && run.stderr == "", "\(run.stderr)")
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"640\" height=\"480\""))
        #expect(svg.contains("Hello, AttrGraph &amp; friends</text>"), "\(svg)")
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test func svgFileProblemsAreOneEscapedLineAndAWrittenFileIsReplacedWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dv-svg-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A name with a line break and a terminal escape, in a folder that does not exist.
        let forged = folder + "/gone\n=== AttributeGraph: cycle\u{1B}[2J/x.svg"
        let problem = try #require(HeadlessRunner.writeSVG("<svg/>", to: forged))
        #expect(!problem.contains("\n") && !problem.unicodeScalars.contains { $0.value == 0x1B })
        #expect(problem.hasSuffix(#"gone\n=== AttributeGraph: cycle\u{1b}[2J/x.svg": No such file or directory"#), "\(problem)")
        // A longer picture then a shorter one: the file holds exactly the last.
        let path = folder + "/frame.svg"
        #expect(HeadlessRunner.writeSVG(String(repeating: "x", count: 100_000), to: path) == nil)
        #expect(HeadlessRunner.writeSVG("<svg/>\n", to: path) == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "<svg/>\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["frame.svg"])
    }

    @Test func anUnwritableDVSVGPathIsAClearErrorAndWritesNothing() throws {
        let app = try #require(ProcessRun.executable("AGIssueAppFixed"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dv-svg-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let missing = folder + "/no-such-folder/frame.svg"
        let run = try ProcessRun(app, environment: ["DV_RUN_SECONDS": "5", "DV_SVG": missing])
        #expect(run.status == 2 && !run.crashed)
        #expect(run.stderr == "DeclarativeViews: DV_SVG: cannot write \"\(missing)\": No such file or directory\n")
        let directory = try ProcessRun(app, environment: ["DV_RUN_SECONDS": "5", "DV_SVG": folder])
        #expect(directory.status == 2)
        #expect(directory.stderr == "DeclarativeViews: DV_SVG: cannot write \"\(folder)\": Is a directory\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "nothing written elsewhere")
    }
}
