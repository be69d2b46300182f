import AttrGraphArchive

/// A timeline trace in the Chrome trace-event JSON format (AttrGraph's `AG_TRACE` /
/// `Graph.startTracing` files, or any tool's): an array of events, or an object with a
/// `traceEvents` array. Spans are `X` events (with `dur`) and `B`/`E` pairs per thread; `i`/`I`
/// events are instants; `M` events name processes and threads.
package struct Trace: Equatable, Sendable {
    package struct Event: Equatable, Sendable {
        package var phase: Character
        package var name: String
        package var category: String
        /// Microseconds.
        package var time: Double
        package var duration: Double?
        package var pid: Int
        package var tid: Int
        package var args: JSONObject
    }

    /// A span with its nesting depth on its track.
    package struct Span: Equatable, Sendable {
        package var event: Event
        package var start: Double
        package var end: Double
        package var depth: Int
        /// A `B` without its `E`: the span runs to the end of the trace.
        package var unclosed: Bool

        package var duration: Double { end - start }
    }

    /// A track: one thread of one process.
    package struct Track: Hashable, Sendable, Comparable {
        package var pid: Int
        package var tid: Int

        package static func < (lhs: Track, rhs: Track) -> Bool { (lhs.pid, lhs.tid) < (rhs.pid, rhs.tid) }
    }

    package var events: [Event]
    /// Whether the file was cut short (no closing `]`, or an event cut in the middle): the
    /// events up to the last complete one were read.
    package var truncated: Bool

    /// Track names from `thread_name` metadata (`main`, `thread 2`).
    package var trackNames: [Track: String] {
        var names: [Track: String] = [:]
        for event in events where event.phase == "M" && event.name == "thread_name" {
            if let name = event.args["name"]?.stringValue { names[Track(pid: event.pid, tid: event.tid)] = name }
        }
        return names
    }

    /// Every span, per track, with its depth (B/E pairs matched by nesting; X events nested by
    /// containment), in start order. Unmatched `E` events are ignored.
    package var spansByTrack: [Track: [Span]] {
        var result: [Track: [Span]] = [:]
        let end = events.map { $0.time + ($0.duration ?? 0) }.max() ?? 0
        var open: [Track: [Event]] = [:]
        var tracks: [Track: [Span]] = [:]
        for event in events {
            let track = Track(pid: event.pid, tid: event.tid)
            switch event.phase {
            case "X":
                tracks[track, default: []].append(
                    Span(event: event, start: event.time, end: event.time + max(0, event.duration ?? 0), depth: 0, unclosed: false))
            case "B":
                open[track, default: []].append(event)
            case "E":
                guard let begin = open[track]?.popLast() else { continue }
                tracks[track, default: []].append(
                    Span(event: begin, start: begin.time, end: max(begin.time, event.time), depth: 0, unclosed: false))
            default:
                continue
            }
        }
        for (track, stack) in open {
            for begin in stack {
                tracks[track, default: []].append(Span(event: begin, start: begin.time, end: max(begin.time, end), depth: 0, unclosed: true))
            }
        }
        for (track, spans) in tracks {
            // Longer first among equal starts, so that the enclosing span comes before what it holds.
            var sorted = spans.sorted { ($0.start, -$0.end) < ($1.start, -$1.end) }
            var ends: [Double] = []
            for index in sorted.indices {
                while let last = ends.last, last <= sorted[index].start { ends.removeLast() }
                sorted[index].depth = ends.count
                ends.append(sorted[index].end)
            }
            result[track] = sorted
        }
        return result
    }

    package var instants: [Event] { events.filter { $0.phase == "i" || $0.phase == "I" } }

    /// The first and last moment of the trace, in microseconds.
    package var bounds: (start: Double, end: Double) {
        let timed = events.filter { $0.phase != "M" }
        let start = timed.map(\.time).min() ?? 0
        let end = timed.map { $0.time + ($0.duration ?? 0) }.max() ?? start
        return (start, end)
    }
}

/// Reading traces: detection, parsing (a trace cut short is read up to its last complete event), checking each event.
package enum TraceLoader {
    /// Whether decoded JSON text is a trace rather than a graph archive: an array at the top.
    package static func isTrace(_ text: [UInt8]) -> Bool {
        text.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }
            == UInt8(ascii: "[")
    }

    /// Parses decoded trace text. A trace cut short — its text ends inside the array of events
    /// (no closing `]`, or in the middle of an event), with nothing wrong before the end, as a
    /// process that stopped while tracing leaves it — is read up to its last complete event and
    /// marked truncated. Any other error (a syntax error, a duplicate key, nesting too deep,
    /// invalid UTF-8) is an error, wherever it is: a damaged trace is never shortened into a
    /// valid one.
    package static func load(text: [UInt8], name: String, limit: Int) throws(AGDumpError) -> Trace {
        if isTrace(text) {
            let read: (elements: [JSONValue], cutShort: Bool)
            do {
                read = try ArchiveReader.arrayElements(fromText: text)
            } catch {
                throw ArchiveLoader.agdumpError(error, name: name)
            }
            return try trace(from: read.elements, name: name, truncated: read.cutShort)
        }
        let value: JSONValue
        do {
            value = try ArchiveReader.json(from: text, limit: limit)
        } catch {
            throw ArchiveLoader.agdumpError(error, name: name)
        }
        return try trace(from: value, name: name, truncated: false)
    }

    static func trace(from value: JSONValue, name: String, truncated: Bool) throws(AGDumpError) -> Trace {
        if let array = value.arrayValue { return try trace(from: array, name: name, truncated: truncated) }
        if let array = value.objectValue?["traceEvents"]?.arrayValue { return try trace(from: array, name: name, truncated: truncated) }
        throw AGDumpError(.notAnArchive, "agdump: \(name): valid JSON, but neither a graph archive nor a trace (an array of trace events)")
    }

    /// The events of a trace, each checked.
    static func trace(from list: [JSONValue], name: String, truncated: Bool) throws(AGDumpError) -> Trace {
        var events: [Trace.Event] = []
        events.reserveCapacity(list.count)
        for (index, item) in list.enumerated() {
            func bad(_ reason: String) -> AGDumpError {
                AGDumpError(
                    .notAnArchive,
                    "agdump: \(name): neither a graph archive (an object with \"version\" and \"graphs\") nor a trace: "
                        + "event \(index) \(reason)")
            }
            guard let object = item.objectValue else { throw bad("is not an object") }
            guard let phase = object["ph"]?.stringValue, phase.count == 1, let character = phase.first else {
                throw bad("has no \"ph\" (a one-letter phase)")
            }
            let time = try microseconds(object["ts"], field: "ts", allowNegative: true, bad: bad)
            if character != "M", time == nil { throw bad("has no \"ts\" (a time in microseconds)") }
            let duration = try microseconds(object["dur"], field: "dur", allowNegative: false, bad: bad)
            if character == "X", duration == nil { throw bad("is a complete event (\"X\") without \"dur\"") }
            events.append(Trace.Event(
                phase: character, name: object["name"]?.stringValue ?? "", category: object["cat"]?.stringValue ?? "",
                time: time ?? 0, duration: duration, pid: try identifier(object["pid"], field: "pid", bad: bad),
                tid: try identifier(object["tid"], field: "tid", bad: bad), args: object["args"]?.objectValue ?? JSONObject()))
        }
        return Trace(events: events, truncated: truncated)
    }

    /// The largest time or duration a trace may hold, in microseconds: 2^53, about 285 years —
    /// where doubles still count single microseconds, and far from where converting a time to
    /// an integer, or subtracting two, could overflow.
    package static let maxMicroseconds: Double = 9_007_199_254_740_992

    /// A time (`ts`) or duration (`dur`): `nil` when absent or `null`, else a number within
    /// ±``maxMicroseconds`` (a duration not negative).
    private static func microseconds(
        _ value: JSONValue?, field: String, allowNegative: Bool, bad: (String) -> AGDumpError
    ) throws(AGDumpError) -> Double? {
        let lowest = allowNegative ? -maxMicroseconds : 0
        let inRange: Bool
        let number: Double
        switch value {
        case nil, .null?: return nil
        case .int(let integer)?:
            // Compared as integers: 2^53 + 1 would round to 2^53 as a double.
            inRange = integer >= Int(lowest) && integer <= Int(maxMicroseconds)
            number = Double(integer)
        case .double(let double)?:
            inRange = double >= lowest && double <= maxMicroseconds
            number = double
        case let other?: throw bad("has a \"\(field)\" that is \(other.kindName), not a number of microseconds")
        }
        if !allowNegative, number < 0 { throw bad("has a \"\(field)\" that is not a non-negative number: \(describe(value!))") }
        guard inRange else {
            let range = allowNegative ? "from -2^53 to 2^53" : "from 0 to 2^53"
            throw bad("has a \"\(field)\" out of range: \(describe(value!)) (microseconds \(range), about 285 years, are allowed)")
        }
        return number
    }

    /// A process or thread id (`pid`, `tid`): an integer, 0 when absent or `null`.
    private static func identifier(_ value: JSONValue?, field: String, bad: (String) -> AGDumpError) throws(AGDumpError) -> Int {
        switch value {
        case nil, .null?: return 0
        case .int(let integer)?: return integer
        case .double(let double)? where double.rounded() == double && abs(double) <= maxMicroseconds: return Int(double)
        case let other?: throw bad("has a \"\(field)\" that is not an integer: \(describe(other))")
        }
    }

    /// A number or other value as a message shows it.
    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .int(let integer): return String(integer)
        case .double(let double) where double.isInfinite: return double < 0 ? "a negative number beyond the range of doubles" : "a number beyond the range of doubles"
        case .double(let double): return "\(double)"
        default: return value.kindName
        }
    }
}
