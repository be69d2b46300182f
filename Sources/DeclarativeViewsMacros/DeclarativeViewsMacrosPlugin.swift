import Foundation

/// The compiler plugin behind `#Preview`: reads framed requests on standard input until it closes and
/// answers each on standard output. (A plugin without swift-syntax: it speaks the JSON protocol itself.)
@main
enum DeclarativeViewsMacrosPlugin {
    static func main() {
        let input = FileHandle.standardInput
        let output = FileHandle.standardOutput
        while let header = read(8, from: input) {
            guard let body = read(PluginMessages.length(ofHeader: header), from: input),
                let message = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
                let reply = try? PluginMessages.frame(PluginMessages.reply(to: message))
            else {
                FileHandle.standardError.write(Data("DeclarativeViewsMacros: unreadable request\n".utf8))
                exit(1)
            }
            output.write(reply)
        }
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
