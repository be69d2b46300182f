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

    @Test func aHeaderAnnouncingMoreThanTheLimitIsRefused() {
        #expect(PluginMessages.length(ofHeader: Data(repeating: 0xFF, count: 8)) == nil)
        var limit = Data()
        withUnsafeBytes(of: UInt64(PluginMessages.maximumLength).littleEndian) { limit.append(contentsOf: $0) }
        #expect(PluginMessages.length(ofHeader: limit) == PluginMessages.maximumLength)
    }

    @Test func aRequestThatIsNotAJSONObjectIsAFailureNamingIt() {
        #expect(PluginMessages.answer(Data("[1, 2]".utf8)) == .failure(PluginFailure("a 6-byte request is not a JSON object: [1, 2]")))
    }

    /// Seeded: mutated requests (bytes flipped, cut, inserted, values of the wrong type) always get
    /// a framed reply whose header announces its JSON's length, or a failure with a message — never
    /// a crash. `AG_FUZZ_CASES` (default 500) and `AG_FUZZ_SEED` set the run.
    @Test func mutatedRequestsGetAFramedReplyOrAFailure() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["AG_FUZZ_CASES"].flatMap { Int($0) } ?? 500
        let first = environment["AG_FUZZ_SEED"].flatMap { UInt64($0) } ?? 1
        let seeds: [[String: Any]] = [
            ["getCapability": ["capability": ["protocolVersion": 7]]],
            ["expandFreestandingMacro": [
                "discriminator": "$sX", "macroRole": "declaration",
                "syntax": ["kind": "declaration", "source": "#Preview(\"A\", traits: .sizeThatFitsLayout) { A() }"],
            ] as [String: Any]],
            ["expandFreestandingMacro": ["discriminator": 7, "syntax": ["source": ["#Preview"]]] as [String: Any]],
        ]
        let corpus = try seeds.map { try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]) }
        var failures = 0
        var (replies, refusals) = (0, 0)
        for seed in first..<(first + UInt64(count)) {
            var state = seed &* 0x9E37_79B9_7F4A_7C15
            func next() -> Int {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int(truncatingIfNeeded: state >> 33)
            }
            var bytes = Array(corpus[next() % corpus.count])
            for _ in 0..<(next() % 4) {
                switch next() % 4 {
                case 0 where !bytes.isEmpty: bytes[next() % bytes.count] = UInt8(truncatingIfNeeded: next())
                case 1 where !bytes.isEmpty: bytes.removeSubrange((next() % bytes.count)...)
                case 2: bytes.insert(UInt8(truncatingIfNeeded: next()), at: bytes.isEmpty ? 0 : next() % bytes.count)
                default: bytes += Array("\u{0}\"{}[]".utf8)
                }
            }
            switch PluginMessages.answer(Data(bytes)) {
            case .success(let reply):
                replies += 1
                if PluginMessages.length(ofHeader: reply.prefix(8)) != reply.count - 8 {
                    failures += 1
                    Issue.record("seed \(seed): the reply's header does not announce its length")
                }
            case .failure(let failure):
                refusals += 1
                if failure.message.isEmpty {
                    failures += 1
                    Issue.record("seed \(seed): a failure without a message")
                }
            }
            if failures >= 5 { break }
        }
        print("fuzz macro-plugin: \(replies + refusals) cases, \(failures) failures (replied \(replies), refused \(refusals))")
        if count >= 200 { #expect(replies > count / 20 && refusals > count / 20, "replied \(replies), refused \(refusals)") }
    }
}
