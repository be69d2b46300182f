import AttrGraphArchive

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

    /// What the picture holds, in points from the top left: the same for the SVG and the PNG.
    struct Picture {
        struct Box {
            var x, y, width, height: Double
            var style: String
            var label: String?
            var tooltip: String
        }

        struct Label {
            var x, y: Double
            var text: String
            var style: String
        }

        struct Marker {
            var x, bottom: Double
            var style: String
            var tooltip: String
            /// For alarms: the line's extent across the bands.
            var line: (top: Double, bottom: Double)?
        }

        var width = TraceTimeline.width
        var height = 0.0
        var title = ""
        var bands: [(y: Double, height: Double)] = []
        var boxes: [Box] = []
        var labels: [Label] = []
        var ticks: [(x: Double, text: String)] = []
        var markers: [Marker] = []
        var footer = ""
    }

    /// The part of the trace to draw, in milliseconds from its start (`--from`, `--to`).
    package struct Window: Equatable, Sendable {
        package var from: Double?
        package var to: Double?

        package init(from: Double? = nil, to: Double? = nil) {
            self.from = from
            self.to = to
        }
    }

    static func picture(_ trace: Trace, title: String, window: Window) -> Picture {
        var picture = Picture()
        picture.title = title
        let names = trace.trackNames
        let bounds = trace.bounds
        let start = bounds.start + (window.from ?? 0) * 1000
        let end = window.to.map { bounds.start + $0 * 1000 } ?? bounds.end
        // Spans in the window, clipped to it; their depths stay those of the whole trace.
        var spans: [Trace.Track: [Trace.Span]] = [:]
        for (track, list) in trace.spansByTrack {
            spans[track] = list.compactMap { span in
                guard span.end >= start, span.start <= end else { return nil }
                var clipped = span
                clipped.start = max(span.start, start)
                clipped.end = min(span.end, end)
                return clipped
            }
        }
        let length = max(end - start, 1)
        let plot = width - left - 10
        func x(_ time: Double) -> Double { left + (time - start) / length * plot }
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
            picture.bands.append((y, height))
            picture.labels.append(Picture.Label(x: 6, y: y + 13, text: names[track] ?? "thread \(track.tid)", style: "track"))
            for span in trackSpans {
                let w = (span.end - span.start) / length * plot
                guard span.depth < maxDepth, w >= 0.25 else {
                    skipped += 1
                    continue
                }
                let x0 = x(span.start)
                let fits = Int((w - 4) / 6.5)
                let label = span.event.name
                picture.boxes.append(Picture.Box(
                    x: x0, y: y + 4 + Double(span.depth) * rowHeight, width: max(w, 0.5), height: rowHeight - 2,
                    style: category(span.event.category),
                    label: fits >= 3 ? (label.count <= fits ? label : String(label.prefix(fits - 1)) + "…") : nil,
                    tooltip: tooltip(span, origin: bounds.start)))
            }
            y += height + trackGap
        }
        let bottom = y
        // Instants: a marker on their track; cycles and failures also a line across every band.
        for event in trace.instants.sorted(by: { ($0.time, $0.name) < ($1.time, $1.name) }) {
            guard event.time >= start, event.time <= end,
                let (top, height) = trackTop[Trace.Track(pid: event.pid, tid: event.tid)]
            else { continue }
            let style: String
            switch event.name {
            case "cycle", "precondition failure": style = "alarm"
            case "hang", "layout feedback loop": style = "warning"
            default: continue  // cut-offs and other marks are too many to draw; the summary counts them
            }
            let report = event.args["report"]?.stringValue ?? event.args["message"]?.stringValue ?? ""
            picture.markers.append(Picture.Marker(
                x: x(event.time), bottom: top + height - 2, style: style,
                tooltip: event.name + " at " + TraceSummary.ms(event.time - bounds.start) + " ms\n" + report,
                line: style == "alarm" ? (32, bottom - trackGap) : nil))
        }
        // At most 11 ticks (tickStep keeps length / step ≤ 10); times are range-checked where they
        // are read, so every number here is finite and far from overflowing.
        let step = tickStep(length)
        let tickCount = min(10, Int(((length + 0.001) / step).rounded(.down)))
        for index in 0...max(0, tickCount) {
            let tick = Double(index) * step
            picture.ticks.append((left + tick / length * plot, TraceSummary.ms(tick + start - bounds.start) + " ms"))
        }
        picture.footer = "\(trace.events.count) events, \(TraceSummary.ms(bounds.end - bounds.start)) ms"
        if window != Window() {
            picture.footer += "; showing \(TraceSummary.ms(start - bounds.start)) to \(TraceSummary.ms(end - bounds.start)) ms"
        }
        if skipped > 0 { picture.footer += "; \(skipped) spans too short or too deep to draw" }
        if trace.truncated { picture.footer += "; the trace was cut short (read up to its last complete event)" }
        picture.height = bottom + 24
        return picture
    }

    package static func svg(_ trace: Trace, title: String, window: Window = Window()) -> String {
        let picture = picture(trace, title: title, window: window)
        var body = ""
        for band in picture.bands {
            body += "<rect x=\"0\" y=\"\(f(band.y))\" width=\"\(f(width))\" height=\"\(f(band.height))\" class=\"band\"/>\n"
        }
        for label in picture.labels {
            body += "<text x=\"\(f(label.x))\" y=\"\(f(label.y))\" class=\"\(label.style)\">\(escape(label.text))</text>\n"
        }
        for box in picture.boxes {
            body += "<g class=\"\(box.style)\"><title>\(escape(box.tooltip))</title>"
            body += "<rect x=\"\(f(box.x))\" y=\"\(f(box.y))\" width=\"\(f(box.width))\" height=\"\(f(box.height))\"/>"
            if let label = box.label {
                body += "<text x=\"\(f(box.x + 2))\" y=\"\(f(box.y + 11))\">\(escape(label))</text>"
            }
            body += "</g>\n"
        }
        for marker in picture.markers {
            body += "<g class=\"\(marker.style)\"><title>\(escape(marker.tooltip))</title>"
            if let line = marker.line {
                body += "<line x1=\"\(f(marker.x))\" y1=\"\(f(line.top))\" x2=\"\(f(marker.x))\" y2=\"\(f(line.bottom))\"/>"
            }
            body += "<path d=\"M\(f(marker.x)) \(f(marker.bottom)) l-5 -9 h10 z\"/></g>\n"
        }
        let plot = width - left - 10
        var axis = "<line x1=\"\(f(left))\" y1=\"30\" x2=\"\(f(left + plot))\" y2=\"30\" class=\"axis\"/>\n"
        for (px, text) in picture.ticks {
            axis += "<line x1=\"\(f(px))\" y1=\"26\" x2=\"\(f(px))\" y2=\"30\" class=\"axis\"/>"
            axis += "<text x=\"\(f(px))\" y=\"22\" class=\"tick\">\(text)</text>\n"
        }
        let height = picture.height
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
            <text x="6" y="14" font-size="12" font-weight="bold">\(escape(picture.title))</text>
            \(axis)\(body)<text x="6" y="\(f(height - 10))" fill="#555">\(escape(picture.footer))</text>
            </svg>

            """
    }

    /// The same picture as Graphviz input with every shape at a fixed position (for
    /// `neato -n2`), so that Graphviz can render it to PNG.
    package static func dot(_ trace: Trace, title: String, window: Window = Window()) -> String {
        let picture = picture(trace, title: title, window: window)
        let height = picture.height
        var lines = [
            "graph timeline {",
            "  graph [bgcolor=white, pad=0, bb=\"0,0,\(f(width)),\(f(height))\", outputorder=nodesfirst];",
            "  node [shape=box, style=filled, fixedsize=true, fontname=Helvetica, fontsize=8, penwidth=0.5, margin=0];",
        ]
        var serial = 0
        func node(_ attributes: String) {
            serial += 1
            lines.append("  n\(serial) [\(attributes)];")
        }
        // Graphviz's y axis points up, and positions are centres.
        func pos(_ x: Double, _ y: Double) -> String { "pos=\"\(f(x)),\(f(height - y))!\"" }
        func text(_ value: String) -> String { "\"" + dotEscape(value) + "\"" }
        let colours = ["rule": ("#9cc3f0", "#4a7fc0"), "graph": ("#a8dba8", "#3c8c3c"), "runloop": ("#dddddd", "#999999"),
                       "view": ("#d5c3ee", "#7a5bb0"), "other": ("#f3e3b5", "#b59a45")]
        node("shape=plaintext, style=\"\", width=\(f(width / 2 / 72)), height=0.2, fontsize=11, label=\(text(picture.title)), \(pos(width / 4, 12))")
        for band in picture.bands {
            node("label=\"\", color=\"#f6f6f6\", fillcolor=\"#f6f6f6\", width=\(f(width / 72)), height=\(f(band.height / 72)), \(pos(width / 2, band.y + band.height / 2))")
        }
        for label in picture.labels {
            node("shape=plaintext, style=\"\", width=\(f(100.0 / 72)), height=0.2, fontsize=9, label=\(text(label.text)), \(pos(label.x + 50, label.y - 4))")
        }
        for (px, tick) in picture.ticks {
            node("shape=plaintext, style=\"\", width=0.9, height=0.15, label=\(text(tick)), \(pos(px, 20))")
        }
        for box in picture.boxes {
            let (fill, stroke) = colours[box.style] ?? colours["other"]!
            node("label=\(text(box.label ?? "")), tooltip=\(text(box.tooltip)), fillcolor=\"\(fill)\", color=\"\(stroke)\", "
                + "width=\(f(box.width / 72, digits: 3)), height=\(f(box.height / 72, digits: 3)), \(pos(box.x + box.width / 2, box.y + box.height / 2))")
        }
        for marker in picture.markers {
            let colour = marker.style == "alarm" ? "#d62728" : "#ff7f0e"
            if let line = marker.line {
                node("label=\"\", color=\"\(colour)\", fillcolor=\"\(colour)\", width=0.015, height=\(f((line.bottom - line.top) / 72, digits: 3)), \(pos(marker.x, (line.top + line.bottom) / 2))")
            }
            node("shape=invtriangle, label=\"\", tooltip=\(text(marker.tooltip)), color=\"\(colour)\", fillcolor=\"\(colour)\", width=0.14, height=0.12, \(pos(marker.x, marker.bottom - 4))")
        }
        node("shape=plaintext, style=\"\", width=\(f(width * 0.8 / 72)), height=0.2, label=\(text(picture.footer)), \(pos(width * 0.4, height - 10))")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    static func dotEscape(_ value: String) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
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

    /// A round tick spacing giving 5–10 ticks (for any length: the search is bounded, and a
    /// length past every power of ten is one tick).
    static func tickStep(_ length: Double) -> Double {
        var magnitude = 1.0
        for _ in 0..<320 {
            for multiple in [1.0, 2.0, 5.0] where length / (multiple * magnitude) <= 10 {
                return multiple * magnitude
            }
            magnitude *= 10
        }
        return length.isFinite && length > 0 ? length : 1
    }

    /// A coordinate with `digits` decimals (1, or 3), trailing zeros dropped. Total: coordinates
    /// stay within a few picture widths, and anything else is clamped rather than trapping.
    static func f(_ value: Double, digits: Int = 1) -> String {
        let scale = digits == 1 ? 10.0 : 1000.0
        let clamped = value.isNaN ? 0 : min(max(value, -1e9), 1e9)
        let rounded = (clamped * scale).rounded() / scale
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// Text for the SVG's character data and attribute values (see ``XMLText/escaped(_:)``).
    static func escape(_ text: String) -> String {
        XMLText.escaped(text)
    }
}
