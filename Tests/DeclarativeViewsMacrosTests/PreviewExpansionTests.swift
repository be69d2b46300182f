import Foundation
import Testing

@testable import DeclarativeViewsMacros

@Suite("#Preview's compiler plugin")
struct PreviewExpansionTests {
    @Test func aNamedPreviewBecomesAPreviewRegistryWithTheSameArguments() throws {
        let source = "\n#Preview(\"Counter\") {\n    Counter()\n}"
        let expanded = try #require(PreviewExpansion.expand(source: source, discriminator: "$s4Demo1x7PreviewfMf_"))
        #expect(expanded.contains("@MainActor enum $s4Demo1x7PreviewfMf_7PreviewfMu_: DeclarativeViews.PreviewRegistry"))
        #expect(expanded.contains("DeclarativeViews.Preview(\"Counter\") {\n    Counter()\n}"))
    }

    @Test func aBareTrailingClosureStaysATrailingClosure() throws {
        let expanded = try #require(PreviewExpansion.expand(source: "#Preview { Text(\"x\") }", discriminator: "$d"))
        #expect(expanded.contains("DeclarativeViews.Preview { Text(\"x\") }"))
    }

    @Test func sourceWithoutPreviewIsNotExpanded() {
        #expect(PreviewExpansion.expand(source: "#Other { }", discriminator: "$d") == nil)
    }

    @Test func theUniqueNameIsTheCompilersForm() {
        #expect(PreviewExpansion.uniqueName("Preview", discriminator: "$sABC") == "$sABC7PreviewfMu_")
    }

    @Test func capabilityRequestIsAnsweredWithTheProtocolVersion() throws {
        let reply = PluginMessages.reply(to: ["getCapability": ["capability": ["protocolVersion": 7]]])
        let result = try #require(reply["getCapabilityResult"] as? [String: Any])
        let capability = try #require(result["capability"] as? [String: Any])
        #expect(capability["protocolVersion"] as? Int == PluginMessages.protocolVersion)
    }

    @Test func expansionRequestIsAnsweredWithTheExpandedSource() throws {
        let request: [String: Any] = [
            "expandFreestandingMacro": [
                "discriminator": "$sX", "macroRole": "declaration",
                "syntax": ["kind": "declaration", "source": "#Preview { A() }"],
            ] as [String: Any]
        ]
        let result = try #require(PluginMessages.reply(to: request)["expandMacroResult"] as? [String: Any])
        #expect((result["expandedSource"] as? String)?.contains("DeclarativeViews.Preview { A() }") == true)
        #expect((result["diagnostics"] as? [Any])?.isEmpty == true)
    }

    @Test func unknownRequestIsAnsweredWithAnErrorDiagnostic() throws {
        let result = try #require(PluginMessages.reply(to: ["expandAttachedMacro": [:]])["expandMacroResult"] as? [String: Any])
        let diagnostics = try #require(result["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.first?["severity"] as? String == "error")
        #expect(result["expandedSource"] == nil)
    }

    @Test func framesCarryTheirLengthLittleEndian() throws {
        let frame = try PluginMessages.frame(["a": 1])
        let json = frame.dropFirst(8)
        #expect(PluginMessages.length(ofHeader: frame.prefix(8)) == json.count)
        #expect(String(decoding: json, as: UTF8.self) == "{\"a\":1}")
        #expect(PluginMessages.length(ofHeader: Data([1, 1, 0, 0, 0, 0, 0, 0])) == 257)
    }
}
