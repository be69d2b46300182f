/// agdump's exit codes: one per kind of failure, so that scripts can tell them apart.
package enum ExitCode: Int32, CaseIterable, Sendable {
    case success = 0
    /// Bad command-line arguments (unknown option, missing value, bad selection).
    case usage = 2
    /// The input file does not exist or cannot be read.
    case inputUnreadable = 3
    /// The input is not valid JSON (the message says where).
    case malformedJSON = 4
    /// Valid JSON, but not a graph archive.
    case notAnArchive = 5
    /// A graph archive of a version agdump does not understand.
    case unsupportedVersion = 6
    /// An edge, node or subgraph refers to an index that does not exist.
    case danglingIndex = 7
    /// The compressed stream is truncated or corrupt.
    case badCompression = 8
    /// The output could not be written (a missing folder, a full disk, a closed pipe).
    case outputUnwritable = 9
    /// `--svg` / `--png`: Graphviz's `dot` is not on PATH or failed.
    case graphvizUnavailable = 10
    /// The input, or what it decompresses to, is larger than `--max-size`.
    case inputTooLarge = 11
    /// `--svg` / `--png`: the graph is too large to lay out (without `--force`).
    case graphTooLarge = 12
    /// `--connect`: no debug server answered (refused, closed without answering, stopped halfway,
    /// timed out, or answered outside the protocol).
    case connectionFailed = 13
    /// Interrupted by a signal (128 + the signal's number is the status; this is the summary).
    case interrupted = 130

    /// One line for `--help`.
    var summary: String {
        switch self {
        case .success: return "success"
        case .usage: return "bad arguments"
        case .inputUnreadable: return "the input file is missing or unreadable"
        case .malformedJSON: return "the input is not valid JSON (the message says where)"
        case .notAnArchive: return "valid JSON, but not a graph archive (wrong shape, duplicate keys or ids)"
        case .unsupportedVersion: return "an archive version agdump does not understand"
        case .danglingIndex: return "an edge, node or subgraph index points past its array"
        case .badCompression: return "the compressed stream is truncated or corrupt"
        case .outputUnwritable: return "the output cannot be written (missing folder, full disk, closed pipe)"
        case .graphvizUnavailable: return "--svg/--png: Graphviz `dot` is not on PATH or failed"
        case .inputTooLarge: return "the input is larger than --max-size (or decompresses to more)"
        case .graphTooLarge: return "--svg/--png: the graph is too large for Graphviz (select part, or --force)"
        case .connectionFailed:
            return "--connect: no debug server answered (refused, wrong token, closed halfway, --timeout, not its protocol)"
        case .interrupted: return "interrupted (128 + signal number: 130 for Ctrl-C, 143 for kill)"
        }
    }
}

/// A failure with the one line agdump prints on stderr and the code it exits with.
package struct AGDumpError: Error, Equatable, CustomStringConvertible {
    package var code: ExitCode
    package var message: String

    package init(_ code: ExitCode, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { message }
}
