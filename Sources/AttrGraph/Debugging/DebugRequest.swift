import AttrGraphArchive

/// What the debug server answers to a request body (see ``DebugServer`` for the commands).
enum _DebugRequest {
    /// The reply body for `body`, or `nil` when the request is refused (the connection closes):
    /// not a JSON object, no known `"command"`, or an option of the wrong kind or range.
    static func answer(_ body: [UInt8]) -> [UInt8]? {
        guard let request = try? ArchiveReader.json(from: body, limit: DebugProtocol.maxRequestLength),
            let object = request.objectValue,
            let command = object["command"]?.stringValue.flatMap(DebugProtocol.Command.init(rawValue:))
        else { return nil }
        switch command {
        case .graphDescription:
            var options = GraphDescriptionOptions(format: .dictionary)
            var allGraphs = true
            if let value = object["include-values"] {
                guard case .bool(let include) = value else { return nil }
                options.includeValues = include
            }
            if let value = object["all_graphs"] {
                guard case .bool(let all) = value else { return nil }
                allGraphs = all
            }
            if let value = object["truncation-limit"] {
                guard case .int(let limit) = value, limit >= 0 else { return nil }
                options.truncationLimit = limit
            }
            return Array(Graph.dictionaryArchive(nil, options: options, allGraphs: allGraphs).jsonText(pretty: false).utf8)
        case .profilerStart:
            Graph.startProfiling(nil)
        case .profilerStop:
            Graph.stopProfiling(nil)
        case .profilerReset:
            Graph.resetProfile(nil)
        case .profilerMark:
            var name = "mark"
            if let value = object["name"] {
                guard case .string(let given) = value, !given.utf8.contains(0) else { return nil }
                name = given
            }
            name.withCString { Graph.markProfile(name: $0) }
        }
        return Array(JSONValue.object(JSONObject([("command", .string(command.rawValue))])).serialized(pretty: false, sortKeys: false).utf8)
    }
}
