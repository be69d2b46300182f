import AttrGraphArchive
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

extension Graph {
    /// Writes an archive of the live graphs to `name` in the temporary directory (an absolute
    /// path is used as is), like AttributeGraph's `AGGraphArchiveJSON`, and prints
    /// `Wrote graph data to "PATH".` to the diagnostics stream. Names ending in `.ag-gzon` are
    /// zlib-compressed, others plain JSON; the default name is `graph.ag-gzon`.
    ///
    /// Each graph is held while it is described; graphs another thread is using at that moment
    /// are left out (they may be changing). Returns the file's URL, or `nil` when it could not be
    /// written (the reason is printed).
    @discardableResult
    public static func archiveJSON(name: String? = nil, includeValues: Bool = true) -> URL? {
        var graphs: [GraphArchive.Graph] = []
        GraphRegistry.forEachGraphHeldForArchiving { storage in
            graphs.append(storage.archiveGraph(includeValues: includeValues, truncationLimit: 1024))
        }
        let archive = GraphArchive(graphs: graphs)
        return write(archive, name: name ?? "graph.ag-gzon", sink: .default)
    }

    /// AttributeGraph's C-string spelling of ``archiveJSON(name:includeValues:)-swift.type.method``.
    @discardableResult
    public static func archiveJSON(name: UnsafePointer<CChar>?) -> URL? {
        archiveJSON(name: name.map { String(cString: $0) }, includeValues: true)
    }

    /// Writes an archive of this graph (see ``archiveJSON(name:includeValues:)-swift.type.method``).
    @discardableResult
    public func archiveJSON(name: String? = nil, includeValues: Bool = true) -> URL? {
        Graph.write(archive(includeValues: includeValues), name: name ?? "graph.ag-gzon", sink: sink)
    }

    static func write(_ archive: GraphArchive, name: String, sink: DiagnosticSink) -> URL? {
        let url = archiveURL(name: name)
        do {
            try archiveData(archive, compressed: name.hasSuffix(".ag-gzon")).write(to: url, options: .atomic)
            sink("Wrote graph data to \"\(url.path)\".\n")
            return url
        } catch {
            sink("Unable to write to \"\(url.path)\": \(error.localizedDescription)\n")
            return nil
        }
    }

    static func archiveURL(name: String) -> URL {
        if name.hasPrefix("/") { return URL(fileURLWithPath: name) }
        return URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(name)
    }

    /// The bytes of an archive file: compact JSON with sorted keys, zlib-compressed on request.
    package static func archiveData(_ archive: GraphArchive, compressed: Bool) -> Data {
        let json = Array(archive.jsonText(pretty: false).utf8)
        return Data(compressed ? Zlib.deflate(json) : json)
    }
}

extension GraphStorage {
    /// Writes `cycle.ag-json` for a level-4 cycle report and returns the line saying where.
    func writeArchiveReport(name: String, cycle: CycleRecord) -> String {
        var graph = archiveGraph(includeValues: true, truncationLimit: 1024)
        graph.cycle = cycle
        let url = Graph.archiveURL(name: name)
        do {
            try Graph.archiveData(GraphArchive(graphs: [graph]), compressed: false).write(to: url, options: .atomic)
            return "Wrote graph data to \"\(url.path)\".\n"
        } catch {
            return "Unable to write to \"\(url.path)\": \(error.localizedDescription)\n"
        }
    }
}
