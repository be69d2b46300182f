/// Makes the cluster names in agdump's DOT identifiers Graphviz parses, as the DOT passes on its
/// way out (a filter on the stream, so a million-node DOT is never held whole).
///
/// The renderer names a subgraph's cluster `cluster_<id>`; for a negative id that is
/// `cluster_-5`, which the DOT grammar reads as the name `cluster_` followed by the number `-5`
/// — Graphviz rejects the file. Such a line (`  subgraph cluster_-5 {`) is written with the
/// name quoted (`  subgraph "cluster_-5" {`), still a cluster (its name starts with `cluster`)
/// and still labelled with the subgraph's id. Every other byte passes unchanged.
///
/// (The renderer itself is the better place for this; until it quotes such names, agdump does.)
package final class DOTClusterNames {
    /// The start of a line that opens a cluster with an unquoted name that is not a DOT `ID`.
    private static let unquotedNegative = Array("  subgraph cluster_-".utf8)
    private static let nameStart = Array("  subgraph ".utf8).count
    /// The end of the current line, not yet passed on.
    private var carry: [UInt8] = []

    package init() {}

    /// Passes `chunk` on to `write`, complete lines only (the rest waits for the next chunk).
    package func pass(_ chunk: UnsafeRawBufferPointer, to write: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard let lastBreak = chunk.lastIndex(of: UInt8(ascii: "\n")) else {
            carry.append(contentsOf: chunk)
            return
        }
        var lines = carry
        carry = []
        lines.append(contentsOf: chunk[...lastBreak])
        carry.append(contentsOf: chunk[(lastBreak + 1)...])
        try passLines(lines, to: write)
    }

    /// Passes on what is left (a last line without a line break).
    package func finish(to write: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard !carry.isEmpty else { return }
        let rest = carry
        carry = []
        try passLines(rest, to: write)
    }

    /// `lines` start at the start of a line.
    private func passLines(_ lines: [UInt8], to write: (UnsafeRawBufferPointer) throws -> Void) throws {
        var output: [UInt8] = []
        var unchangedFrom = 0
        var lineStart = 0
        while lineStart < lines.count {
            let lineEnd = lines[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? lines.count
            if lines[lineStart..<lineEnd].starts(with: Self.unquotedNegative),
                let nameEnd = lines[(lineStart + Self.nameStart)..<lineEnd].firstIndex(of: UInt8(ascii: " "))
            {
                output.append(contentsOf: lines[unchangedFrom..<(lineStart + Self.nameStart)])
                output.append(UInt8(ascii: "\""))
                output.append(contentsOf: lines[(lineStart + Self.nameStart)..<nameEnd])
                output.append(UInt8(ascii: "\""))
                unchangedFrom = nameEnd
            }
            lineStart = lineEnd + 1
        }
        if unchangedFrom == 0 {
            try lines.withUnsafeBytes { try write($0) }
            return
        }
        output.append(contentsOf: lines[unchangedFrom...])
        try output.withUnsafeBytes { try write($0) }
    }
}
