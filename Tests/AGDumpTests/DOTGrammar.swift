/// The shapes of the lines agdump's DOT is made of. A line that fits none of them means text
/// escaped its quotes (an injection), an identifier Graphviz would not parse, or the renderer
/// produced something unplanned.
///
/// Identifiers follow the DOT language's `ID`: a name (`[A-Za-z_][A-Za-z_0-9]*`), a numeral
/// or a quoted string — so `cluster_-5`, which Graphviz reads as `cluster_` followed by `-5`,
/// fits no line.
enum DOTGrammar {
    /// A quoted DOT string: no raw quote, backslash or line break inside, except escaped.
    private static let string = #""(?:[^"\\\n\r]|\\.)*""#
    /// A DOT `ID`.
    private static let id = #"(?:[A-Za-z_][A-Za-z_0-9]*|-?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)|\#(string))"#
    private static let attribute = #"[a-z]+=\#(id)"#
    /// A cluster's name: an `ID` that starts with `cluster`, as Graphviz requires.
    private static let cluster = #"(?:cluster_[A-Za-z_0-9]*|"cluster_(?:[^"\\\n\r]|\\.)*")"#
    private static let patterns: [String] = [
        #"digraph \{"#,
        #"\}"#,
        #"  rankdir=(?:TB|LR|BT|RL);"#,
        #"  label=\#(string);"#,
        #"  labelloc=t;"#,
        #"  fontcolor=magenta;"#,
        #"(?:  )?  _\d+\[label=\#(string)(?: \#(attribute))*\];"#,
        #"  _\d+ -> _\d+\[(?: ?\#(attribute))*\];"#,
        #"  subgraph \#(cluster) \{"#,
        #"    label=\#(string);"#,
        #"    style=rounded;"#,
        #"    color=(?:gray|darkgreen);"#,
        #"  \}"#,
        // Recorded trees.
        #"    tree_\d+\[label=\#(string)(?: \#(attribute))*\];"#,
        #"  tree_\d+ -> (?:tree_\d+|_\d+)\[(?: ?\#(attribute))*\];"#,
    ]
    nonisolated(unsafe) private static let expressions = patterns.map { try! Regex("^" + $0 + "$").matchingSemantics(.unicodeScalar) }

    /// The lines of `dot` that fit no known shape (matched scalar by scalar, as Graphviz reads them) (empty when it is well formed).
    static func violations(_ dot: String) -> [String] {
        guard dot.hasSuffix("}\n") else { return ["the DOT does not end with }"] }
        return dot.split(separator: "\n", omittingEmptySubsequences: false).dropLast().filter { line in
            !expressions.contains { line.wholeMatch(of: $0) != nil }
        }.map(String.init)
    }
}
