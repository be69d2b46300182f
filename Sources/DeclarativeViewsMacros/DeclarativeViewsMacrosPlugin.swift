import Foundation

/// The compiler plugin behind `#Preview`: reads framed requests on standard input until it closes and
/// answers each on standard output. (A plugin without swift-syntax: it speaks the JSON protocol itself.)
@main
enum DeclarativeViewsMacrosPlugin {
    static func main() {
        let input = FileHandle.standardInput
        let output = FileHandle.standardOutput
        while let header = read(8, from: input) {
            guard let length = PluginMessages.length(ofHeader: header) else {
                fail("a request announces more than \(PluginMessages.maximumLength) bytes: not the compiler's plugin protocol")
            }
            // The compiler ends some sessions with an empty frame: nothing to answer, and no error.
            if length == 0 { exit(0) }
            guard let body = read(length, from: input) else {
                fail("input ended inside a \(length)-byte request")
            }
            switch PluginMessages.answer(body) {
            case .success(let reply): output.write(reply)
            case .failure(let failure): fail(failure.message)
            }
        }
    }

    private static func fail(_ problem: String) -> Never {
        FileHandle.standardError.write(Data("DeclarativeViewsMacros: \(problem)\n".utf8))
        exit(1)
    }

    /// Exactly `count` bytes, or `nil` at end of input.
    private static func read(_ count: Int, from handle: FileHandle) -> Data? {
        var data = Data()
        while data.count < count {
            let chunk = handle.readData(ofLength: count - data.count)
            if chunk.isEmpty { return nil }
            data.append(chunk)
        }
        return data
    }
}
