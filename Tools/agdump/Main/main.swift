import AGDumpCore
import Foundation

/// agdump: graph archives → Graphviz DOT. See `agdump --help`.
StandardStreams.reserveStandardDescriptors()
SignalCleanup.install()
exit(AGDump.run(Array(CommandLine.arguments.dropFirst()), io: .standard))
