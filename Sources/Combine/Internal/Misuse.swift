/// Every misuse of the framework ends here, with a message that says what happened and what to do:
/// `fatalError`, so the message is printed in release builds too (a `precondition` message is not).
enum Misuse {
    static func fail(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
        fatalError(message, file: file, line: line)
    }
}
