import Foundation

// Keys, shortcuts and key presses, headless: `.keyboardShortcut(…)` records the shortcut on the
// control's node (`keyboardShortcut=command+s`) and `.onKeyPress(…)` / `.onMoveCommand` /
// `.onExitCommand` / `.onDeleteCommand` mark the view with their handlers; ``ViewHost/press(_:modifiers:)``
// presses a key as a hardware keyboard does — it triggers the control whose shortcut it is, or
// else goes to the key-press handlers on screen.

/// A key, for a shortcut or a key press (SwiftUI's `KeyEquivalent`): a character, or one of the
/// named keys (`.return`, `.escape`, the arrows…), which are private-use characters as in SwiftUI.
public struct KeyEquivalent: Sendable, Hashable, ExpressibleByExtendedGraphemeClusterLiteral, CustomStringConvertible {
    public var character: Character

    public init(_ character: Character) {
        self.character = character
    }

    public init(extendedGraphemeClusterLiteral: Character) {
        self.init(extendedGraphemeClusterLiteral)
    }

    public static let upArrow = KeyEquivalent("\u{F700}")
    public static let downArrow = KeyEquivalent("\u{F701}")
    public static let leftArrow = KeyEquivalent("\u{F702}")
    public static let rightArrow = KeyEquivalent("\u{F703}")
    public static let escape = KeyEquivalent("\u{1B}")
    public static let delete = KeyEquivalent("\u{8}")
    public static let deleteForward = KeyEquivalent("\u{F728}")
    public static let home = KeyEquivalent("\u{F729}")
    public static let end = KeyEquivalent("\u{F72B}")
    public static let pageUp = KeyEquivalent("\u{F72C}")
    public static let pageDown = KeyEquivalent("\u{F72D}")
    public static let clear = KeyEquivalent("\u{F739}")
    public static let tab = KeyEquivalent("\t")
    public static let space = KeyEquivalent(" ")
    public static let `return` = KeyEquivalent("\r")

    private static let names: [Character: String] = [
        "\u{F700}": "upArrow", "\u{F701}": "downArrow", "\u{F702}": "leftArrow", "\u{F703}": "rightArrow",
        "\u{1B}": "escape", "\u{8}": "delete", "\u{F728}": "deleteForward", "\u{F729}": "home", "\u{F72B}": "end",
        "\u{F72C}": "pageUp", "\u{F72D}": "pageDown", "\u{F739}": "clear", "\t": "tab", " ": "space", "\r": "return",
    ]

    /// The key's name (`return`, `upArrow`) or its character.
    public var description: String { Self.names[character] ?? String(character) }
}

/// Modifier keys held with a key (SwiftUI's `EventModifiers`).
public struct EventModifiers: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let capsLock = EventModifiers(rawValue: 1 << 0)
    public static let shift = EventModifiers(rawValue: 1 << 1)
    public static let control = EventModifiers(rawValue: 1 << 2)
    public static let option = EventModifiers(rawValue: 1 << 3)
    public static let command = EventModifiers(rawValue: 1 << 4)
    public static let numericPad = EventModifiers(rawValue: 1 << 5)
    public static let function = EventModifiers(rawValue: 1 << 6)
    public static let all = EventModifiers(rawValue: (1 << 7) - 1)

    /// The modifiers held, `+`-separated (`control+shift+command`).
    public var description: String {
        let names: [(EventModifiers, String)] = [
            (.capsLock, "capsLock"), (.control, "control"), (.option, "option"), (.shift, "shift"),
            (.command, "command"), (.numericPad, "numericPad"), (.function, "function"),
        ]
        return names.filter { contains($0.0) }.map(\.1).joined(separator: "+")
    }
}

/// A key with modifiers that triggers a control (SwiftUI's `KeyboardShortcut`).
public struct KeyboardShortcut: Sendable, Hashable, CustomStringConvertible {
    /// How a shortcut follows the keyboard's layout (SwiftUI's `KeyboardShortcut.Localization`).
    public struct Localization: Sendable, Hashable {
        let name: String
        public static let automatic = Localization(name: "automatic")
        public static let withoutMirroring = Localization(name: "withoutMirroring")
        public static let custom = Localization(name: "custom")
    }

    public var key: KeyEquivalent
    public var modifiers: EventModifiers
    public var localization: Localization

    public init(_ key: KeyEquivalent, modifiers: EventModifiers = .command) {
        self.init(key, modifiers: modifiers, localization: .automatic)
    }

    public init(_ key: KeyEquivalent, modifiers: EventModifiers = .command, localization: Localization) {
        self.key = key
        self.modifiers = modifiers
        self.localization = localization
    }

    /// The default button's shortcut: return.
    public static let defaultAction = KeyboardShortcut(.return, modifiers: [])
    /// The cancel button's shortcut: escape.
    public static let cancelAction = KeyboardShortcut(.escape, modifiers: [])

    /// The modifiers and the key (`command+s`, `return`), as recorded.
    public var description: String { modifiers.isEmpty ? "\(key)" : "\(modifiers)+\(key)" }

    public static func == (lhs: KeyboardShortcut, rhs: KeyboardShortcut) -> Bool {
        lhs.key == rhs.key && lhs.modifiers == rhs.modifiers
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(modifiers)
    }
}

/// A key pressed, as a key-press handler sees it (SwiftUI's `KeyPress`).
public struct KeyPress: Sendable {
    /// When in a press a handler is called (SwiftUI's `KeyPress.Phases`).
    public struct Phases: OptionSet, Sendable, CustomDebugStringConvertible {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let down = Phases(rawValue: 1 << 0)
        public static let `repeat` = Phases(rawValue: 1 << 1)
        public static let up = Phases(rawValue: 1 << 2)
        public static let all = Phases(rawValue: 7)

        public var debugDescription: String {
            [(Phases.down, "down"), (.repeat, "repeat"), (.up, "up")].filter { contains($0.0) }.map(\.1)
                .joined(separator: ", ")
        }
    }

    /// Whether a handler used the press (SwiftUI's `KeyPress.Result`): a handled press goes no
    /// further.
    public enum Result: Sendable {
        case handled, ignored
    }

    public let key: KeyEquivalent
    public let characters: String
    public let modifiers: EventModifiers
    public let phase: Phases
}

/// A direction of the arrow keys (SwiftUI's `MoveCommandDirection`).
public enum MoveCommandDirection: Sendable, Hashable {
    case up, down, left, right
}

/// What a view does with a key press: `nil` when the press is not for it.
final class KeyPressHandler {
    let handle: @MainActor (KeyPress) -> KeyPress.Result?

    init(_ handle: @escaping @MainActor (KeyPress) -> KeyPress.Result?) {
        self.handle = handle
    }
}

/// Marks a view with a key-press handler (`.onKeyPress`, `.onMoveCommand`…).
public nonisolated struct _KeyPressModifier: PrimitiveViewModifier {
    let handler: KeyPressHandler
    let recordedAs: String
}

extension _KeyPressModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        annotations.keyPresses.append(handler)
        if annotations.styles[recordedAs] == nil { annotations.styles[recordedAs] = "" }
    }
}

extension View {
    /// Makes `shortcut` trigger the control (``ViewHost/press(_:modifiers:)``); recorded as
    /// `keyboardShortcut=command+s`.
    public func keyboardShortcut(_ shortcut: KeyboardShortcut) -> _RecordedEnvironment<Self, KeyboardShortcut?> {
        _recording("keyboardShortcut", shortcut.description, \._keyboardShortcut, shortcut)
    }

    /// A shortcut, or none (`nil`: the control keeps none).
    public func keyboardShortcut(_ shortcut: KeyboardShortcut?) -> _RecordedEnvironment<Self, KeyboardShortcut?> {
        _recording("keyboardShortcut", shortcut?.description ?? "none", \._keyboardShortcut, shortcut)
    }

    public func keyboardShortcut(_ key: KeyEquivalent, modifiers: EventModifiers = .command)
        -> _RecordedEnvironment<Self, KeyboardShortcut?>
    {
        keyboardShortcut(KeyboardShortcut(key, modifiers: modifiers))
    }

    public func keyboardShortcut(_ key: KeyEquivalent, modifiers: EventModifiers = .command,
                                 localization: KeyboardShortcut.Localization) -> _RecordedEnvironment<Self, KeyboardShortcut?> {
        keyboardShortcut(KeyboardShortcut(key, modifiers: modifiers, localization: localization))
    }

    private func onKeyPress(_ recordedAs: String, _ handle: @escaping @MainActor (KeyPress) -> KeyPress.Result?)
        -> ModifiedContent<Self, _KeyPressModifier>
    {
        modifier(_KeyPressModifier(handler: KeyPressHandler(handle), recordedAs: recordedAs))
    }

    /// Runs `action` when `key` is pressed down.
    public func onKeyPress(_ key: KeyEquivalent, action: @escaping () -> KeyPress.Result)
        -> ModifiedContent<Self, _KeyPressModifier>
    {
        onKeyPress("onKeyPress") { press in press.key == key && press.phase == .down ? action() : nil }
    }

    public func onKeyPress(_ key: KeyEquivalent, phases: KeyPress.Phases, action: @escaping (KeyPress) -> KeyPress.Result)
        -> ModifiedContent<Self, _KeyPressModifier>
    {
        onKeyPress("onKeyPress") { press in press.key == key && phases.contains(press.phase) ? action(press) : nil }
    }

    public func onKeyPress(keys: Set<KeyEquivalent>, phases: KeyPress.Phases = [.down, .repeat],
                           action: @escaping (KeyPress) -> KeyPress.Result) -> ModifiedContent<Self, _KeyPressModifier> {
        onKeyPress("onKeyPress") { press in keys.contains(press.key) && phases.contains(press.phase) ? action(press) : nil }
    }

    /// Runs `action` for the presses of keys whose characters are all in `characters`.
    public func onKeyPress(characters: CharacterSet, phases: KeyPress.Phases = [.down, .repeat],
                           action: @escaping (KeyPress) -> KeyPress.Result) -> ModifiedContent<Self, _KeyPressModifier> {
        onKeyPress("onKeyPress") { press in
            !press.characters.isEmpty && press.characters.unicodeScalars.allSatisfy(characters.contains)
                && phases.contains(press.phase) ? action(press) : nil
        }
    }

    /// Runs `action` for every key press.
    public func onKeyPress(phases: KeyPress.Phases = [.down, .repeat], action: @escaping (KeyPress) -> KeyPress.Result)
        -> ModifiedContent<Self, _KeyPressModifier>
    {
        onKeyPress("onKeyPress") { press in phases.contains(press.phase) ? action(press) : nil }
    }

    /// Runs `action` with the direction of an arrow key pressed.
    public func onMoveCommand(perform action: ((MoveCommandDirection) -> Void)?) -> ModifiedContent<Self, _KeyPressModifier> {
        let directions: [KeyEquivalent: MoveCommandDirection] = [
            .upArrow: .up, .downArrow: .down, .leftArrow: .left, .rightArrow: .right,
        ]
        return onKeyPress("onMoveCommand") { press in
            guard let action, press.phase == .down, let direction = directions[press.key] else { return nil }
            action(direction)
            return .handled
        }
    }

    /// Runs `action` when escape is pressed.
    public func onExitCommand(perform action: (() -> Void)?) -> ModifiedContent<Self, _KeyPressModifier> {
        onKeyPress("onExitCommand") { press in
            guard let action, press.phase == .down, press.key == .escape else { return nil }
            action()
            return .handled
        }
    }

    /// Runs `action` when delete (or forward delete) is pressed.
    public func onDeleteCommand(perform action: (() -> Void)?) -> ModifiedContent<Self, _KeyPressModifier> {
        onKeyPress("onDeleteCommand") { press in
            guard let action, press.phase == .down, press.key == .delete || press.key == .deleteForward else { return nil }
            action()
            return .handled
        }
    }
}
