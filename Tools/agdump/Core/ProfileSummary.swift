import AttrGraphArchive

/// `agdump ARCHIVE --profile`: the profile data an archive carries (`attrgraph_profile`, written
/// while `Graph.startProfiling` was on): rule types and attributes by total time and by runs.
package enum ProfileSummary {
    package static func render(_ archive: GraphArchive) throws(AGDumpError) -> String {
        var text = ""
        var found = false
        for (index, graph) in archive.graphs.enumerated() {
            guard let profile = graph.extra["attrgraph_profile"]?.objectValue else { continue }
            found = true
            text += "graph \(index) (id \(graph.id)) profile\n"
            let rules = try rows(profile["rules"], graph: index, key: "rules") { entry in
                "\(entry["type"]?.stringValue ?? "?") → \(entry["value"]?.stringValue ?? "?")"
            }
            let attributes = try rows(profile["attributes"], graph: index, key: "attributes") { entry in
                "#\(entry["attribute"]?.intValue.map(String.init) ?? "?") \(entry["type"]?.stringValue ?? "?")"
            }
            var runs = 0
            for row in rules {
                let (sum, overflow) = runs.addingReportingOverflow(row.runs)
                guard !overflow else {
                    throw AGDumpError(
                        .notAnArchive, "agdump: graph \(index): attrgraph_profile.rules: the run counts add up to more than \(Int.max)")
                }
                runs = sum
            }
            text += "  rule runs: \(runs), total \(TraceSummary.ms(rules.reduce(0) { $0 + $1.total })) ms\n"
            text += indent(TraceSummary.table("rule types by total time", rules.sorted(by: TraceSummary.byTotal)))
            text += indent(TraceSummary.table("rule types by runs", rules.sorted(by: TraceSummary.byRuns)))
            text += indent(TraceSummary.table("attributes by total time", attributes.sorted(by: TraceSummary.byTotal)))
            text += "\n"
        }
        guard found else {
            throw AGDumpError(
                .notAnArchive,
                "agdump: the archive has no profile data: archive a graph while profiling it (Graph.startProfiling(graph)) to record some")
        }
        return text
    }

    /// Profile entries as summary rows (times in the archive are nanoseconds; rows hold microseconds).
    static func rows(_ value: JSONValue?, graph: Int, key: String, name: (JSONObject) -> String)
        throws(AGDumpError) -> [TraceSummary.Row]
    {
        guard let list = value?.arrayValue else { return [] }
        var rows: [TraceSummary.Row] = []
        for item in list {
            guard let entry = item.objectValue, let runs = entry["runs"]?.intValue, runs >= 0,
                let total = entry["total_ns"]?.intValue, total >= 0, let longest = entry["max_ns"]?.intValue, longest >= 0
            else {
                throw AGDumpError(.notAnArchive, "agdump: graph \(graph): attrgraph_profile.\(key) has an entry without runs, total_ns and max_ns counts")
            }
            rows.append(TraceSummary.Row(
                name: name(entry), runs: runs, changed: entry["changes"]?.intValue ?? 0, total: Double(total) / 1000,
                longest: Double(longest) / 1000))
        }
        return rows
    }

    static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
    }
}
