import CoreFoundation
import Foundation

/// Why HTML could not be converted.
public struct HTMLConversionError: Error, Equatable, CustomStringConvertible {
    /// The byte offset in the input where the problem is.
    public var offset: Int
    public var reason: String

    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    public var description: String { "HTML conversion failed at byte \(offset): \(reason)" }
}

/// HTML converted to text the way Apple platforms' `NSAttributedString(data:options:
/// [.documentType: .html], documentAttributes:)` does it — **pumping the current run loop** while it
/// works (the conversion runs from a run-loop timer), so run-loop observers fire inside the call.
///
///     let text = try HTMLConversion.attributedString(fromHTML: "<p>Hello <b>world</b></p>")
///
/// That is the point of seed 003: called from a view's `body`, it lets RunLoopBridge's coalescer
/// start a nested graph update in the middle of the body's evaluation. Call it from `.task {}` and
/// keep the result in `@State` instead.
///
/// Supported: tags are dropped; `<br>`, `</p>`, `</div>`, `</li>`, `</h1>`…`</h6>` end a line; `<li>`
/// starts a bullet; whitespace collapses as in HTML; the common named entities and numeric entities
/// are decoded. Text attributes (bold, links) are not kept.
public enum HTMLConversion {
    /// The text of UTF-8 HTML, converted synchronously while the current run loop runs.
    ///
    /// - Throws: ``HTMLConversionError`` for input that is not UTF-8 or has an unterminated tag.
    public static func attributedString(fromHTML data: Data) throws -> AttributedString {
        AttributedString(try HTMLConverter.convertPumpingRunLoop(data))
    }

    /// The text of an HTML string, converted as its UTF-8 bytes are.
    public static func attributedString(fromHTML html: String) throws -> AttributedString {
        try attributedString(fromHTML: Data(html.utf8))
    }
}

enum HTMLConverter {
    /// Runs ``convert(_:)`` from a timer on the current run loop, running the loop until it has.
    static func convertPumpingRunLoop(_ data: Data) throws -> String {
        var result: Result<String, HTMLConversionError>?
        let timer = CFRunLoopTimerCreateWithHandler(kCFAllocatorDefault, CFAbsoluteTimeGetCurrent(), 0, 0, 0) { _ in
            result = Result { try convert(data) }.mapError { $0 as! HTMLConversionError }
            // Timers do not end a run that returns after a handled source: stop it.
            CFRunLoopStop(CFRunLoopGetCurrent())
        }
        CFRunLoopAddTimer(CFRunLoopGetCurrent(), timer, kCFRunLoopDefaultMode)
        let deadline = Date().addingTimeInterval(10)
        while result == nil, Date() < deadline {
            CFRunLoopRunInMode(kCFRunLoopDefaultMode, 0.5, true)
        }
        CFRunLoopTimerInvalidate(timer)
        // Let an enclosing run of the same loop re-check its timeout (see RunLoopSpinner).
        CFRunLoopWakeUp(CFRunLoopGetCurrent())
        // A loop that never fired the timer (it was not allowed to run) converts directly.
        return try result?.get() ?? convert(data)
    }

    static func convert(_ data: Data) throws -> String {
        guard let html = String(validating: data, as: UTF8.self) else {
            let offset = firstInvalidUTF8Offset(data)
            throw HTMLConversionError(offset: offset, reason: "the input is not UTF-8 text")
        }
        var output = ""
        var pendingSpace = false
        var index = html.utf8.startIndex
        let utf8 = html.utf8
        func append(_ text: String) {
            if pendingSpace, !output.isEmpty, !output.hasSuffix("\n") { output += " " }
            pendingSpace = false
            output += text
        }
        func endLine() {
            pendingSpace = false
            while output.hasSuffix(" ") { output.removeLast() }
            if !output.isEmpty, !output.hasSuffix("\n") { output += "\n" }
        }
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "<") {
                let start = index
                guard let close = utf8[index...].firstIndex(of: UInt8(ascii: ">")) else {
                    throw HTMLConversionError(
                        offset: utf8.distance(from: utf8.startIndex, to: start),
                        reason: "a tag starting with '<' has no closing '>'")
                }
                let tag = String(html[utf8.index(after: start)..<close]).lowercased()
                let name = tag.split(whereSeparator: { $0 == " " || $0 == "/" || $0 == "\t" || $0 == "\n" }).first.map(String.init) ?? ""
                let closing = tag.hasPrefix("/")
                switch (closing, name) {
                case (false, "br"), (true, "p"), (true, "div"), (true, "li"), (true, "h1"), (true, "h2"), (true, "h3"),
                    (true, "h4"), (true, "h5"), (true, "h6"), (true, "tr"):
                    endLine()
                case (false, "li"):
                    endLine()
                    append("• ")
                default:
                    break
                }
                index = utf8.index(after: close)
            } else if byte == UInt8(ascii: "&") {
                let (text, next) = entity(in: html, at: index)
                append(text)
                index = next
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
                || byte == UInt8(ascii: "\r")
            {
                pendingSpace = true
                index = utf8.index(after: index)
            } else {
                // A run of ordinary characters.
                var end = index
                while end < utf8.endIndex, ![UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: " "), UInt8(ascii: "\n"),
                    UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(utf8[end]) {
                    end = utf8.index(after: end)
                }
                append(String(html[index..<end]))
                index = end
            }
        }
        while output.hasSuffix("\n") || output.hasSuffix(" ") { output.removeLast() }
        return output
    }

    private static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}", "copy": "©",
        "mdash": "—", "ndash": "–", "hellip": "…", "laquo": "«", "raquo": "»",
    ]

    /// The text of the entity at `start` (an `&`), and where the input continues. An unknown or
    /// unterminated entity is kept as written.
    private static func entity(in html: String, at start: String.UTF8View.Index) -> (String, String.UTF8View.Index) {
        let utf8 = html.utf8
        let afterAmpersand = utf8.index(after: start)
        guard let semicolon = utf8[afterAmpersand...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            return ("&", afterAmpersand)
        }
        let name = String(html[afterAmpersand..<semicolon])
        let next = utf8.index(after: semicolon)
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") || digits.hasPrefix("X")
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            if let value, let scalar = Unicode.Scalar(value) {
                return (String(Character(scalar)), next)
            }
        } else if let text = namedEntities[name] {
            return (text, next)
        }
        return ("&" + name + ";", next)
    }

    private static func firstInvalidUTF8Offset(_ data: Data) -> Int {
        var offset = 0
        var iterator = data.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += String(scalar).utf8.count
            case .emptyInput:
                return offset
            case .error:
                return offset
            }
        }
    }
}
