import Foundation
import Testing

/// The probe (the generated `Probe-*.swift` files, compiled with this target) uses every row of
/// docs/swiftui-api.tsv whose status claims DeclarativeViews provides it. These tests check that it
/// is current (regenerated with `Scripts/swiftui-coverage.py` after the table changed) and that the
/// table keeps its rules.
@Suite struct CoverageTableTests {
    struct Row {
        var family, owner, symbol, signature, status, note: String
        var key: String { "\(owner) \(signature)" }
    }

    static func table() throws -> [Row] {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/swiftui-api.tsv")
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: true).dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }
            return Row(family: field(0), owner: field(1), symbol: field(2), signature: field(3), status: field(4),
                       note: field(5))
        }
    }

    @Test func theProbeUsesEveryClaimedRowAndNoOther() throws {
        let claimed = try Self.table().filter { $0.status == "behaves" || $0.status == "recorded" }.map(\.key)
        let claimedSet = Set(claimed)
        let probed = Set(probedRows)
        let unprobed = claimed.filter { !probed.contains($0) }
        let stale = probedRows.filter { !claimedSet.contains($0) }
        #expect(unprobed.isEmpty, "claimed rows the probe does not use (run Scripts/swiftui-coverage.py): \(unprobed.prefix(5))")
        #expect(stale.isEmpty, "probed rows the table no longer claims (run Scripts/swiftui-coverage.py): \(stale.prefix(5))")
        #expect(claimed.count == probedRows.count)
    }

    @Test func everyRowHasAKnownStatusAndUnsupportedRowsSayWhy() throws {
        let rows = try Self.table()
        #expect(rows.count > 4000)
        let statuses: Set = ["behaves", "recorded", "missing", "unsupported"]
        for row in rows {
            #expect(statuses.contains(row.status), "\(row.key): status \(row.status)")
            if row.status == "unsupported" {
                #expect(!row.note.isEmpty, "\(row.key): an unsupported row says why")
            }
        }
        #expect(Set(rows.map(\.key)).count == rows.count, "owner and signature name one row")
    }
}
