import AttrGraphTestSupport
import DeclarativeViews
import Foundation
import Testing

/// Saved navigation paths (`NavigationPath.CodableRepresentation`) as an input surface: the JSON
/// comes back from disk or `@SceneStorage`, written by an older version of the app or damaged.
/// Seeded mutations of valid saves — type names flipped, truncated, nested thousands deep, made
/// huge; element JSON of the wrong shape; the outer list cut or padded. The oracle: decoding never
/// traps; it either throws a `DecodingError` or gives a path that encodes again.
///
/// `AG_FUZZ_CASES` (default 1,000) and `AG_FUZZ_SEED` reproduce a run.
@MainActor @Suite struct NavigationPathRestorationFuzzTests {
    struct Recipe: Codable, Hashable {
        let name: String
        let servings: Int
    }

    /// Valid saves the mutations start from: the two strings of each element.
    static func validPairs() throws -> [(String, String)] {
        var path = NavigationPath()
        path.append(Recipe(name: "Soup", servings: 2))
        path.append(42)
        path.append("details")
        path.append([1, 2, 3])
        path.append(Optional("maybe"))
        let data = try JSONEncoder().encode(try #require(path.codable))
        let strings = try JSONDecoder().decode([String].self, from: data)
        return stride(from: 0, to: strings.count - 1, by: 2).map { (strings[$0], strings[$0 + 1]) }
    }

    static let alphabet = Array("SaySiSSSbSdSfypXpSgG_0123456789$.yxq_lAAVCOMn".utf8)

    static func mutatedName(_ name: String, _ random: inout SplitMix64) -> String {
        var bytes = Array(name.utf8)
        switch random.below(9) {
        case 0 where !bytes.isEmpty: bytes[random.below(bytes.count)] = alphabet[random.below(alphabet.count)]
        case 1: bytes = Array(bytes.prefix(random.below(bytes.count + 1)))
        case 2: bytes.insert(alphabet[random.below(alphabet.count)], at: random.below(bytes.count + 1))
        case 3: bytes = Array(repeating: Array("Say".utf8), count: 1 + random.below(400)).flatMap { $0 } + Array("Si".utf8)
            + Array(repeating: UInt8(ascii: "G"), count: random.below(400))
        case 4: bytes = Array(repeating: bytes, count: 2 + random.below(400)).flatMap { $0 }
        case 5: bytes = (0..<random.below(64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        case 6: bytes += Array("\u{0}\u{202E}é🧪".utf8)
        case 7: bytes = Array("$s\(random.below(1_000_000))".utf8)
        default: break
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func mutatedJSON(_ json: String, _ random: inout SplitMix64) -> String {
        switch random.below(7) {
        case 0: return String(json.prefix(random.below(json.count + 1)))
        case 1: return "null"
        case 2: return String(repeating: "[", count: random.below(10_000))
        case 3: return #"{"name": 1, "servings": "two"}"#
        case 4: return "\(random.next())"
        case 5: return json + json
        default: return json
        }
    }

    static func mutatedSave(_ pairs: [(String, String)], _ random: inout SplitMix64) -> Data {
        var strings: [String] = []
        for _ in 0..<(1 + random.below(4)) {
            let (name, json) = pairs[random.below(pairs.count)]
            strings.append(random.below(2) == 0 ? mutatedName(name, &random) : name)
            strings.append(random.below(3) == 0 ? mutatedJSON(json, &random) : json)
        }
        if random.below(6) == 0 { strings.removeLast() }
        let encoded = (try? JSONEncoder().encode(strings)) ?? Data()
        switch random.below(8) {
        case 0: return Data(encoded.prefix(random.below(encoded.count + 1)))
        case 1: return Data(#"[1, 2, {"a": null}]"#.utf8)
        case 2: return Data(#"{"elements": []}"#.utf8)
        default: return encoded
        }
    }

    @Test func damagedSavedPathsAreDecodingErrorsOrPathsThatEncodeAgain() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["AG_FUZZ_CASES"].flatMap(Int.init) ?? 1_000
        let first = environment["AG_FUZZ_SEED"].flatMap(UInt64.init) ?? 0x4E41_5600
        let pairs = try Self.validPairs()
        var restored = 0
        var refused = 0
        var failures = 0
        for seed in first..<(first + UInt64(count)) {
            var random = SplitMix64(state: seed)
            let data = Self.mutatedSave(pairs, &random)
            do {
                let path = NavigationPath(try JSONDecoder().decode(NavigationPath.CodableRepresentation.self, from: data))
                _ = try JSONEncoder().encode(try #require(path.codable))
                restored += 1
            } catch is DecodingError {
                refused += 1
            } catch {
                failures += 1
                Issue.record("fuzz navigation-path case: \(error) — reproduce with AG_FUZZ_CASES=1 AG_FUZZ_SEED=\(seed)")
                if failures >= 5 { break }
            }
        }
        print("fuzz navigation-path: \(restored + refused) cases, \(failures) failures (restored \(restored), refused \(refused))")
        if count >= 200 {
            #expect(restored > count / 20 && refused > count / 20, "restored \(restored), refused \(refused)")
        }
    }

    /// The guard in front of the runtime's type lookup: names too long or with characters no
    /// mangled name has are refused as data errors, naming the type name.
    @Test func aTypeNameNoMangledNameCouldBeIsADataError() throws {
        for name in [String(repeating: "Say", count: 2_000) + "Si", "Sa y", "", "S\u{0}i", "Soup 🍲"] {
            let data = try JSONEncoder().encode([name, "1"])
            let error = #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(NavigationPath.CodableRepresentation.self, from: data)
            }
            if case .dataCorrupted(let context) = error {
                #expect(context.debugDescription.hasPrefix("No Decodable & Hashable type is named"))
            } else {
                Issue.record("expected dataCorrupted, got \(String(describing: error))")
            }
        }
    }
}
