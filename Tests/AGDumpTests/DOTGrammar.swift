/// The shapes of the lines agdump's DOT is made of. A line that fits none of them means text
/// escaped its quotes (an injection) or the renderer produced something unplanned.
enum DOTGrammar {
    /// A quoted DOT string: no raw quote, backslash or line break inside, except escaped.
    private static let string = #""(?:[^"\\\n\r]|\\.)*""#
    private static let attribute = #"[a-z]+=(?:\#(string)|[A-Za-z0-9.,]+)"#
    private static let patterns: [String] = [
        #"digraph \{"#,
        #"\}"#,
        #"  rankdir=(?:TB|LR|BT|RL);"#,
        #"  label=\#(string);"#,
        #"  labelloc=t;"#,
        #"  fontcolor=magenta;"#,
        #"(?:  )?  _\d+\[label=\#(string)(?: \#(attribute))*\];"#,
        #"  _\d+ -> _\d+\[(?: ?\#(attribute))*\];"#,
        #"  subgraph cluster_-?\d+ \{"#,
        #"    label=\#(string);"#,
        #"    style=rounded;"#,
        #"    color=gray;"#,
        #"  \}"#,
    ]
    nonisolated(unsafe) private static let expressions = patterns.map { try! Regex("^" + $0 + "$") }

    /// The lines of `dot` that fit no known shape (empty when it is well formed).
    static func violations(_ dot: String) -> [String] {
        guard dot.hasSuffix("}\n") else { return ["the DOT does not end with }"] }
        return dot.split(separator: "\n", omittingEmptySubsequences: false).dropLast().filter { line in
            !expressions.contains { line.wholeMatch(of: $0) != nil }
        }.map(String.init)
    }
}
