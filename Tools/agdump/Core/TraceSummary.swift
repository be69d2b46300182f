
/// `agdump TRACE --summary`: where the time of a timeline trace went — rule types and attributes
/// by total time and by runs, the longest updates and run-loop turns, nested updates, cycles and
/// other reports. Deterministic: ties are broken by name, then by time. Names and arguments
/// from the trace are shown through ``TerminalText``.
package enum TraceSummary {
    package static let top = 10

    package static func render(_ trace: Trace) -> String {
        let spans = trace.spansByTrack
        let all = spans.keys.sorted().flatMap { spans[$0] ?? [] }
        let (start, end) = trace.bounds
        var text = "trace: \(trace.events.count) events on \(spans.count) track\(spans.count == 1 ? "" : "s"), "
            + "\(ms(end - start)) ms\n"
        if trace.truncated {
            text += "  (cut short: the process stopped before it finished the trace; read up to the last complete event)\n"
        }
        let rules = all.filter { $0.event.category == "rule" }
        if !rules.isEmpty {
            text += "\nrule runs: \(rules.count), values changed: \(rules.count { $0.event.args["changed"]?.boolValue == true })\n"
            let byType = aggregate(rules) { $0.event.name }
            text += table("rule types by total time", byType.sorted(by: byTotal))
            text += table("rule types by runs", byType.sorted(by: byRuns))
            let byAttribute = aggregate(rules) { span in
                "#\(span.event.args["attribute"]?.intValue.map(String.init) ?? "?") \(span.event.name)"
            }
            text += table("attributes by total time", byAttribute.sorted(by: byTotal))
        }
        text += longest("longest updates", origin: start, all.filter { $0.event.category == "graph" && $0.event.name == "update" }) { span in
            let root = span.event.args["rootType"]?.stringValue ?? "?"
            let runs = span.event.args["ruleRuns"]?.intValue.map { ", \($0) rule runs" } ?? ""
            return "root #\(span.event.args["root"]?.intValue.map(String.init) ?? "?") \(TerminalText.escaped(root))\(runs)"
        }
        text += longest("longest run-loop turns", origin: start, all.filter { $0.event.category == "runloop" && $0.event.name == "turn" }) { span in
            span.unclosed ? "not finished when the trace ended" : ""
        }
        text += longest("longest view bodies", origin: start, all.filter { $0.event.category == "view" && $0.event.name.hasPrefix("body ") }) { span in
            TerminalText.escaped(String(span.event.name.dropFirst(5)) + (span.event.args["changes"]?.stringValue.map { " — \($0)" } ?? ""))
        }
        let nested = all.filter { $0.event.name == "nested update" }
        if !nested.isEmpty {
            text += "\nnested updates: \(nested.count)\n"
            for span in nested.prefix(top) {
                let reason = span.event.args["reason"]?.stringValue ?? "?"
                let during = span.event.args["during"]?.stringValue ?? "?"
                text += "  at \(ms(span.start - start)) ms: \(TerminalText.escaped(reason)) while attribute "
                    + "\(TerminalText.escaped(during)) was updating (\(ms(span.duration)) ms)\n"
            }
        }
        let instants = trace.instants.sorted { ($0.time, $0.name) < ($1.time, $1.name) }
        for (title, name) in [("cycles", "cycle"), ("hangs", "hang"), ("layout feedback loops", "layout feedback loop"),
                              ("precondition failures", "precondition failure")] {
            let matching = instants.filter { $0.name == name }
            guard !matching.isEmpty else { continue }
            text += "\n\(title): \(matching.count)\n"
            for event in matching.prefix(top) {
                let report = event.args["report"]?.stringValue ?? event.args["message"]?.stringValue ?? ""
                let firstLine = report.split(separator: "\n").first.map(String.init) ?? ""
                text += "  at \(ms(event.time - start)) ms: \(TerminalText.escaped(firstLine))\n"
            }
        }
        let cutOffs = instants.count { $0.name == "cut-off" }
        if cutOffs > 0 { text += "\ncut-offs (dirty attributes none of whose inputs changed): \(cutOffs)\n" }
        return text
    }

    struct Row {
        var name: String
        var runs = 0
        var changed = 0
        var total = 0.0
        var longest = 0.0
    }

    static func aggregate(_ spans: [Trace.Span], key: (Trace.Span) -> String) -> [Row] {
        var rows: [String: Row] = [:]
        for span in spans {
            let name = key(span)
            var row = rows[name] ?? Row(name: name)
            row.runs += 1
            if span.event.args["changed"]?.boolValue == true { row.changed += 1 }
            row.total += span.duration
            row.longest = max(row.longest, span.duration)
            rows[name] = row
        }
        return Array(rows.values)
    }

    static func byTotal(_ lhs: Row, _ rhs: Row) -> Bool {
        lhs.total != rhs.total ? lhs.total > rhs.total : lhs.name < rhs.name
    }

    static func byRuns(_ lhs: Row, _ rhs: Row) -> Bool {
        lhs.runs != rhs.runs ? lhs.runs > rhs.runs : lhs.name < rhs.name
    }

    static func table(_ title: String, _ rows: [Row]) -> String {
        var text = "\n\(title):\n"
        text += "  " + pad("total ms", 10) + pad("runs", 8) + pad("changed", 9) + pad("max ms", 10) + "name\n"
        for row in rows.prefix(top) {
            text += "  " + pad(ms(row.total), 10) + pad(String(row.runs), 8) + pad(String(row.changed), 9)
                + pad(ms(row.longest), 10) + TerminalText.escaped(row.name) + "\n"
        }
        if rows.count > top { text += "  … \(rows.count - top) more\n" }
        return text
    }

    static func longest(_ title: String, origin: Double, _ spans: [Trace.Span], detail: (Trace.Span) -> String) -> String {
        guard !spans.isEmpty else { return "" }
        let ranked = spans.sorted { $0.duration != $1.duration ? $0.duration > $1.duration : $0.start < $1.start }
        var text = "\n\(title) (\(spans.count) in all):\n"
        for span in ranked.prefix(5) {
            let extra = detail(span)
            text += "  " + pad(ms(span.duration) + " ms", 14) + "at " + ms(span.start - origin) + " ms" + (extra.isEmpty ? "" : ": " + extra) + "\n"
        }
        return text
    }

    /// Microseconds as milliseconds with three decimals. Total: past ±10^18 µs (which checked
    /// times never reach; sums of many may) the number is written as a double.
    static func ms(_ microseconds: Double) -> String {
        guard microseconds.isFinite, abs(microseconds) < 1e18 else { return "\(microseconds / 1000)" }
        let thousandths = Int((microseconds).rounded())
        let whole = thousandths / 1000
        let fraction = abs(thousandths % 1000)
        return "\(thousandths < 0 && whole == 0 ? "-" : "")\(whole)." + String(repeating: "0", count: 3 - String(fraction).count) + String(fraction)
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
