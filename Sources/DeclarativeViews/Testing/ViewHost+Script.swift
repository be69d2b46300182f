import AttrGraph
import Foundation

/// A headless driver script (`DV_SCRIPT=file` for a headless `App`, or ``ViewHost/run(script:output:settle:)``
/// in tests): one step per line, `#` starts a comment.
///
///     tap Increment            # a button by its label
///     tap #save                # a button by accessibility identifier
///     toggle Wi-Fi
///     type Ada into Name       # replaces the field's text (and focuses it)
///     type Lovelace            # into the focused field
///     submit                   # the focused field (or: submit Name): runs its .onSubmit actions
///     select Settings          # a tab of TabView(selection:)
///     back                     # the innermost navigation stack's back button
///     dismiss                  # closes the innermost sheet, cover, popover, alert or dialog
///     swipe-delete Milk        # deletes the row showing "Milk" (ForEach with .onDelete)
///     move Milk to 0           # moves that row to the top (.onMove, in edit mode)
///     search Kiwi              # types into the .searchable field (searching starts)
///     focus Groceries          # gives the focus to a .focusable() view
///     refresh                  # pulls the refreshable content to refresh (or: refresh Milk,
///                              # the one showing Milk) and waits for its action to finish
///     wait 0.5                 # runs the run loop for that long
///     print                    # the text rendering now
///
/// After each step the host is brought up to date and its text rendering printed after a
/// `--- N: STEP ---` line. A step that cannot be done stops the script with an error naming the
/// line and what is on screen.
public struct ViewHostScriptError: Error, Equatable, CustomStringConvertible {
    public let line: Int
    public let step: String
    public let reason: String

    public init(line: Int, step: String, reason: String) {
        self.line = line
        self.step = step
        self.reason = reason
    }

    public var description: String { "line \(line): \(step): \(reason)" }
}

extension ViewHost {
    /// Runs `script` (see ``ViewHostScriptError`` for the steps); `output` receives each step's
    /// rendering, `settle` brings the host up to date after a step (by default ``update()``).
    public func run(script: String, output: (String) -> Void, settle: (() -> Void)? = nil) throws(ViewHostScriptError) {
        let settle = settle ?? { self.update() }
        var number = 0
        for (index, rawLine) in Self.lines(of: script).enumerated() {
            var line = Substring(rawLine)
            // A trailing comment starts at " # "; `#` right before a word (`tap #save`) is not one.
            if let comment = line.range(of: " # ") { line = line[..<comment.lowerBound] }
            if line.hasSuffix(" #") { line = line.dropLast(2) }
            let step = line.trimmingCharacters(in: .whitespaces)
            if step.isEmpty || step.hasPrefix("#") { continue }
            number += 1
            do {
                try perform(step, settle: settle)
            } catch {
                // A script settles after every step: a hint to update first does not apply.
                let reason = (error as? ViewHostError)?.messageWithoutHint ?? "\(error)"
                throw ViewHostScriptError(line: index + 1, step: step, reason: reason)
            }
            output("--- \(number): \(step) ---\n\(renderedText)")
        }
    }

    private func perform(_ step: String, settle: () -> Void) throws {
        let (command, argument) = Self.split(step)
        switch command {
        case "tap":
            if argument.hasPrefix("#"), argument.count > 1 {
                try tap(accessibilityIdentifier: String(argument.dropFirst()))
            } else {
                try tap(try Self.required(argument, "a button label, e.g. tap Save"))
            }
        case "toggle":
            try toggle(try Self.required(argument, "a toggle's label, e.g. toggle Wi-Fi"))
        case "type":
            if let into = argument.range(of: " into ", options: .backwards) {
                try type(String(argument[..<into.lowerBound]), into: String(argument[into.upperBound...]))
            } else {
                try type(try Self.required(argument, "the text to type, e.g. type Ada into Name"))
            }
        case "submit":
            try submit(argument.isEmpty ? nil : argument)
        case "select":
            try select(try Self.required(argument, "a tab's label, e.g. select Settings"))
        case "wait":
            guard let seconds = EnvironmentSetting.parseSeconds(argument), seconds <= Self.longestWait else {
                throw ScriptStepError("expected a number of seconds from 0 to \(Int(Self.longestWait)), e.g. wait 0.5")
            }
            RunLoop.current.run(until: Date(timeIntervalSinceNow: seconds))
        case "print":
            break
        case "back":
            try Self.noArgument(argument, command)
            try back()
        case "dismiss":
            try Self.noArgument(argument, command)
            try dismiss()
        case "swipe-delete":
            try swipeDelete(try Self.required(argument, "a row's text, e.g. swipe-delete Milk"))
        case "move":
            guard let to = argument.range(of: " to ", options: .backwards),
                let destination = EnvironmentSetting.parseInteger(String(argument[to.upperBound...])), destination >= 0
            else {
                throw ScriptStepError("write it as: move ROW to POSITION (0 is the top)")
            }
            try move(String(argument[..<to.lowerBound]), to: destination)
        case "search":
            try search(try Self.required(argument, "the text to search for, e.g. search Kiwi"))
        case "focus":
            try focus(try Self.required(argument, "a focusable view's text or label, e.g. focus Groceries"))
        case "refresh":
            try refreshAndWait(argument.isEmpty ? nil : argument)
        default:
            throw ScriptStepError(
                "unknown step; the steps are tap, toggle, type … [into …], submit, select, back, dismiss, swipe-delete, "
                    + "move … to …, search, focus, refresh, wait, print")
        }
        settle()
    }

    /// Runs the refresh action of the refreshable content showing `text` (the first if `nil`)
    /// and runs the run loop until it finishes, for at most ``longestRefresh`` seconds. The
    /// action is `@Sendable` and not isolated, as SwiftUI's: it runs off the main actor, on
    /// ``ScriptTaskExecutor`` rather than the cooperative pool, so a pool busy with other
    /// blocking work cannot hold up the wait.
    private func refreshAndWait(_ text: String?) throws {
        let refresh = try refreshable(showing: text)
        let finished = Locked(false)
        Task.detached(executorPreference: ScriptTaskExecutor.shared) {
            await refresh()
            finished.withLock { $0 = true }
        }
        let deadline = Date(timeIntervalSinceNow: Self.longestRefresh)
        while !finished.withLock({ $0 }), Date() < deadline {
            RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.005))
        }
        guard finished.withLock({ $0 }) else {
            throw ScriptStepError("the refresh action did not finish within \(Int(Self.longestRefresh)) seconds")
        }
    }

    /// How long the `refresh` step waits for the refresh action.
    static let longestRefresh: Double = 60

    /// The script's lines, split on line feeds, carriage returns and CRLF by Unicode scalar
    /// (a Swift `Character` is a whole CRLF pair, so splitting characters on "\n" would keep
    /// a CRLF script in one line).
    package static func lines(of script: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var afterCarriageReturn = false
        for scalar in script.unicodeScalars {
            if scalar == "\n", afterCarriageReturn {
                afterCarriageReturn = false
                continue
            }
            afterCarriageReturn = scalar == "\r"
            if scalar == "\n" || scalar == "\r" {
                lines.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        lines.append(String(current))
        return lines
    }

    private static func split(_ step: String) -> (String, String) {
        guard let space = step.firstIndex(of: " ") else { return (step, "") }
        return (String(step[..<space]), step[step.index(after: space)...].trimmingCharacters(in: .whitespaces))
    }

    private static func noArgument(_ argument: String, _ command: String) throws {
        guard argument.isEmpty else { throw ScriptStepError("\(command) takes nothing after it") }
    }

    private static func required(_ argument: String, _ hint: String) throws -> String {
        guard !argument.isEmpty else { throw ScriptStepError("expected \(hint)") }
        return argument
    }
}

extension ViewHost {
    /// The longest `wait` a script may ask for, in seconds (a typo of 1e9 must not hang a test run).
    static let longestWait: Double = 3600
}

/// Why a script step is malformed.
struct ScriptStepError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
