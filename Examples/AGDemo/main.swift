// Runs seed 003's app until its updates settle and prints its view graph's archive (JSON, with
// the cycle recorded) to stdout; the cycle report goes to stderr. `agdump demo` runs this program
// and draws what it prints:
//
//     swift run AGDemo > demo.ag-json && swift run agdump demo.ag-json --svg demo.svg
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AttrGraphArchive
import SeedStory

/// Writes `bytes` to file descriptor `descriptor` whole; `false` when it cannot (a closed pipe).
func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0, errno == EINTR { continue }
        if written <= 0 { return false }
        offset += written
    }
    return true
}

signal(SIGPIPE, SIG_IGN)
let archive = Demo.archive { text in
    var text = text
    text.withUTF8 { _ = writeAll(2, UnsafeRawBufferPointer($0)) }
}
var failed = false
var output = OutputBuffer { chunk in if !writeAll(1, chunk) { failed = true } }
do {
    try archive.writeJSON(to: &output, pretty: false)
    try output.finish()
} catch {
    failed = true
}
exit(failed ? 9 : 0)
