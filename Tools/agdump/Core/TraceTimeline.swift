import AttrGraph

/// `agdump TRACE --svg OUT`: the trace drawn as a timeline, without a browser — one band per
/// thread (named from the trace's metadata), nested spans stacked under what contains them
/// (run-loop turn › flush › fragment › update › rule), instants as markers: cycles and
/// precondition failures in red with a line across all bands, hangs and layout feedback loops in
/// orange. Colours by category: rules blue, graph updates green, run loop grey, views purple.
///
/// The output is deterministic and bounded: spans narrower than a quarter of a pixel are not
/// drawn (their count is in the footer), labels only where they fit.
package enum TraceTimeline {
    static let width = 1200.0
    static let left = 110.0
    static let rowHeight = 16.0
    static let trackGap = 14.0
    static let maxDepth = 24

    package static func svg(_ trace: Trace, title: String) -> String {
        let spans = trace.spansByTrack
        let names = trace.trackNames
        let (start, end) = trace.bounds
        let length = max(end - start, 1)
        let plot = width - left - 10
        func x(_ time: Double) -> Double { left + (time - start) / length * plot }
        var body = ""
        var y = 40.0
        var skipped = 0
        var tracks = Set(spans.keys)
        for event in trace.instants { tracks.insert(Trace.Track(pid: event.pid, tid: event.tid)) }
        var trackTop: [Trace.Track: (Double, Double)] = [:]
        for track in tracks.sorted() {
            let trackSpans = spans[track] ?? []
            let depth = min(maxDepth, (trackSpans.map(\.depth).max() ?? 0) + 1)
            let height = Double(depth) * rowHeight + 8
            trackTop[track] = (y, height)
            body += "<rect x=\"0\" y=\"\(f(y))\" width=\"\(f(width))\" height=\"\(f(height))\" class=\"band\"/>\n"
            body += "<text x=\"6\" y=\"\(f(y + 13))\" class=\"track\">\(escape(names[track] ?? "thread \(track.tid)"))</text>\n"
            for span in trackSpans {
                guard span.depth < maxDepth else {
                    skipped += 1
                    continue
                }
                let x0 = x(span.start)
                let w = (span.end - span.start) / length * plot
                guard w >= 0.25 else {
                    skipped += 1
                    continue
                }
                let top = y + 4 + Double(span.depth) * rowHeight
                let label = span.event.name
                body += "<g class=\"\(category(span.event.category))\"><title>\(escape(tooltip(span, origin: start)))</title>"
                body += "<rect x=\"\(f(x0))\" y=\"\(f(top))\" width=\"\(f(max(w, 0.5)))\" height=\"\(f(rowHeight - 2))\"/>"
                let fits = Int((w - 4) / 6.5)
                if fits >= 3 {
                    let shown = label.count <= fits ? label : String(label.prefix(fits - 1)) + "…"
                    body += "<text x=\"\(f(x0 + 2))\" y=\"\(f(top + 11))\">\(escape(shown))</text>"
                }
                body += "</g>\n"
            }
            y += height + trackGap
        }
        let bottom = y
        // Instants: a marker on their track; cycles and failures also a line across every band.
        for event in trace.instants.sorted(by: { ($0.time, $0.name) < ($1.time, $1.name) }) {
            guard let (top, height) = trackTop[Trace.Track(pid: event.pid, tid: event.tid)] else { continue }
            let kind: String
            switch event.name {
            case "cycle", "precondition failure": kind = "alarm"
            case "hang", "layout feedback loop": kind = "warning"
            default: continue  // cut-offs and other marks are too many to draw; the summary counts them
            }
            let px = x(event.time)
            let report = event.args["report"]?.stringValue ?? event.args["message"]?.stringValue ?? ""
            body += "<g class=\"\(kind)\"><title>\(escape(event.name + " at " + TraceSummary.ms(event.time - start) + " ms\n" + report))</title>"
            if kind == "alarm" {
                body += "<line x1=\"\(f(px))\" y1=\"32\" x2=\"\(f(px))\" y2=\"\(f(bottom - trackGap))\"/>"
            }
            body += "<path d=\"M\(f(px)) \(f(top + height - 2)) l-5 -9 h10 z\"/></g>\n"
        }
        // The time axis.
        var axis = "<line x1=\"\(f(left))\" y1=\"30\" x2=\"\(f(left + plot))\" y2=\"30\" class=\"axis\"/>\n"
        let step = tickStep(length)
        var tick = 0.0
        while tick <= length + 0.001 {
            let px = left + tick / length * plot
            axis += "<line x1=\"\(f(px))\" y1=\"26\" x2=\"\(f(px))\" y2=\"30\" class=\"axis\"/>"
            axis += "<text x=\"\(f(px))\" y=\"22\" class=\"tick\">\(TraceSummary.ms(tick)) ms</text>\n"
            tick += step
        }
        let footerY = bottom + 4
        var footer = "\(trace.events.count) events, \(TraceSummary.ms(end - start)) ms"
        if skipped > 0 { footer += "; \(skipped) spans too short or too deep to draw" }
        if trace.truncated { footer += "; the trace was cut short (read up to its last complete event)" }
        let height = footerY + 20
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" viewBox="0 0 \(f(width)) \(f(height))" font-family="Helvetica, Arial, sans-serif" font-size="10">
            <style>
            .band { fill: #f6f6f6; } .track { font-weight: bold; fill: #333; } .tick { text-anchor: middle; fill: #555; }
            .axis { stroke: #888; } text { fill: #111; }
            .rule rect { fill: #9cc3f0; stroke: #4a7fc0; stroke-width: 0.5; }
            .graph rect { fill: #a8dba8; stroke: #3c8c3c; stroke-width: 0.5; }
            .runloop rect { fill: #dddddd; stroke: #999999; stroke-width: 0.5; }
            .view rect { fill: #d5c3ee; stroke: #7a5bb0; stroke-width: 0.5; }
            .other rect { fill: #f3e3b5; stroke: #b59a45; stroke-width: 0.5; }
            .alarm path { fill: #d62728; } .alarm line { stroke: #d62728; stroke-width: 1; stroke-dasharray: 3 2; }
            .warning path { fill: #ff7f0e; }
            </style>
            <text x="6" y="14" font-size="12" font-weight="bold">\(escape(title))</text>
            \(axis)\(body)<text x="6" y="\(f(footerY + 10))" fill="#555">\(escape(footer))</text>
            </svg>

            """
    }

    static func category(_ name: String) -> String {
        ["rule", "graph", "runloop", "view"].contains(name) ? name : "other"
    }

    static func tooltip(_ span: Trace.Span, origin: Double) -> String {
        var text = "\(span.event.name) — \(TraceSummary.ms(span.duration)) ms at \(TraceSummary.ms(span.start - origin)) ms"
        if span.unclosed { text += " (not finished when the trace ended)" }
        for (key, value) in span.event.args.members.sorted(by: { $0.key < $1.key }) {
            text += "\n\(key): " + (value.stringValue ?? value.intValue.map(String.init) ?? value.boolValue.map(String.init) ?? "…")
        }
        return text
    }

    /// A round tick spacing giving 5–10 ticks.
    static func tickStep(_ length: Double) -> Double {
        var magnitude = 1.0
        while true {
            for multiple in [1.0, 2.0, 5.0] where length / (multiple * magnitude) <= 10 {
                return multiple * magnitude
            }
            magnitude *= 10
        }
    }

    static func f(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default:
                if let ascii = character.asciiValue, ascii < 0x20, character != "\n", character != "\t" { continue }
                result.append(character)
            }
        }
        return result
    }
}
