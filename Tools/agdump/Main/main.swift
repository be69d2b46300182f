import AGDumpCore
import Foundation

/// agdump: graph archives → Graphviz DOT. See `agdump --help`.
exit(AGDump.run(Array(CommandLine.arguments.dropFirst()), io: .standard))
