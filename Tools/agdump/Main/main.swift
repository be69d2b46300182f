import AGDumpCore
