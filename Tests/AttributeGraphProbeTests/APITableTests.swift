import Foundation
import Testing

/// The probe (the generated `Probe-*.swift` files, compiled with this target) uses every row of
/// docs/attributegraph-api.tsv whose status claims AttrGraph provides it. These tests check that it
/// is current (regenerated with `Scripts/attributegraph-api.py` after the table changed) and that the
/// table keeps its rules — the same approach as SwiftUIProbeTests' `CoverageTableTests` for SwiftUI.
@Suite struct APITableTests {
    struct Row {
        var area, owner, symbol, signature, cName, status, note, probe: String
        var key: String { "\(owner) \(signature)" }
    }

    static func table() throws -> [Row] {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/attributegraph-api.tsv")
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: true).dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }
            return Row(area: field(0), owner: field(1), symbol: field(2), signature: field(3), cName: field(4),
                       status: field(5), note: field(6), probe: field(7))
        }
    }

    @Test func theProbeUsesEveryClaimedRowAndNoOther() throws {
        let claimed = try Self.table().filter { $0.status == "implemented" || $0.status == "differs" }.map(\.key)
        let claimedSet = Set(claimed)
        let probed = Set(probedRows)
        let unprobed = claimed.filter { !probed.contains($0) }
        let stale = probedRows.filter { !claimedSet.contains($0) }
        #expect(unprobed.isEmpty, "claimed rows the probe does not use (run Scripts/attributegraph-api.py): \(unprobed.prefix(5))")
        #expect(stale.isEmpty, "probed rows the table no longer claims (run Scripts/attributegraph-api.py): \(stale.prefix(5))")
        #expect(claimed.count == probedRows.count)
    }

    @Test func everyRowHasAKnownStatusAndTheRowsThatAreNotImplementedSayWhy() throws {
        let rows = try Self.table()
        #expect(rows.count > 700)
        let statuses: Set = ["implemented", "differs", "not applicable", "missing"]
        for row in rows {
            #expect(statuses.contains(row.status), "\(row.key): status \(row.status)")
            if row.status == "differs" || row.status == "not applicable" {
                #expect(!row.note.isEmpty, "\(row.key): a \(row.status) row says why")
            }
            if row.status == "differs" {
                #expect(!row.probe.isEmpty, "\(row.key): a differs row probes AttrGraph's shape")
            }
        }
        #expect(Set(rows.map(\.key)).count == rows.count, "owner and signature name one row")
    }
}
