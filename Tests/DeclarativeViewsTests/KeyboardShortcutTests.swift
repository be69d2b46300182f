import DeclarativeViews
import Foundation
import Testing

/// A hardware keyboard, headless: `.keyboardShortcut` makes a key trigger a control, and the
/// key-press handlers (`.onKeyPress`, `.onMoveCommand`, `.onExitCommand`, `.onDeleteCommand`)
/// see the keys no shortcut takes — ``ViewHost/press(_:modifiers:)`` presses them.
@MainActor @Suite struct KeyboardShortcutTests {
    struct Editor: View {
        @State var log: [String] = []
        var saving = true
        var body: some View {
            VStack {
                Button("Save") { log.append("save") }
                    .keyboardShortcut("s")
                    .disabled(!saving)
                Button("Export") { log.append("export") }
                    .keyboardShortcut(KeyEquivalent("e"), modifiers: [.command, .shift], localization: .withoutMirroring)
                Button("OK") { log.append("ok") }.keyboardShortcut(.defaultAction)
                Button("Cancel") { log.append("cancel") }.keyboardShortcut(KeyboardShortcut.cancelAction)
                Button("Nothing") {}.keyboardShortcut(Optional<KeyboardShortcut>.none)
                Text("log \(log.joined(separator: ","))")
                    .onKeyPress(.space) { log.append("space"); return .handled }
                    .onKeyPress(characters: .decimalDigits) { press in log.append("digit \(press.characters)"); return .handled }
                    .onKeyPress(keys: [.upArrow], phases: .down) { _ in log.append("up ignored"); return .ignored }
            }
            .onMoveCommand { log.append("move \($0)") }
            .onDeleteCommand { log.append("delete") }
            .onKeyPress(phases: .all) { press in log.append("any \(press.key)"); return .handled }
            .onKeyPress("q", phases: [.down]) { _ in log.append("never: the inner handler above takes every key"); return .handled }
        }
    }

    @Test func aShortcutTriggersItsControlAndOtherKeysGoToTheHandlersInnermostFirst() throws {
        let (host, scheduler) = mount(Editor())
        let tree = host.renderedText
        #expect(tree.contains("keyboardShortcut=command+s") && tree.contains("keyboardShortcut=shift+command+e"))
        #expect(tree.contains("keyboardShortcut=return") && tree.contains("keyboardShortcut=escape"))
        #expect(tree.contains("keyboardShortcut=none") && tree.contains("onMoveCommand"))
        #expect(host.press("s", modifiers: .command))
        #expect(host.press("e", modifiers: [.shift, .command]))
        #expect(host.press(.return))
        #expect(host.press(.escape))
        #expect(host.press(.space))
        #expect(host.press("7"))
        #expect(host.press(.upArrow), "the inner handler ignores it; onMoveCommand takes it")
        #expect(host.press(.deleteForward))
        #expect(host.press("x"))
        scheduler.flush()
        #expect(host.renderedText.contains(
            #"Text "log save,export,ok,cancel,space,digit 7,up ignored,move up,delete,any x""#))
    }

    @Test func aDisabledControlsShortcutDoesNothing() throws {
        let (host, scheduler) = mount(Editor(saving: false))
        #expect(host.press("s", modifiers: .command), "the outer handler takes the key the disabled button cannot")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "log any s""#))
    }

    @Test func keysAndShortcutsDescribeThemselves() {
        #expect(KeyEquivalent.return.character == "\r" && KeyEquivalent.tab.description == "tab")
        #expect(KeyboardShortcut("s").modifiers == .command && KeyboardShortcut("s").key == "s")
        #expect(KeyboardShortcut("p", modifiers: [.control, .option]).description == "control+option+p")
        #expect(EventModifiers.all.contains([.capsLock, .numericPad, .function]))
        #expect(KeyPress.Phases.all.debugDescription == "down, repeat, up")
        #expect(KeyboardShortcut.defaultAction.localization == .automatic)
        #expect([MoveCommandDirection.left, .right, .up, .down].count == 4)
        #expect(KeyPress.Result.ignored != .handled)
    }
}

extension KeyboardShortcutTests {
    struct Pager: View {
        @State var log: [String] = []
        var body: some View {
            Text("log \(log.joined(separator: ","))")
                .onKeyPress(keys: [.home, .end, .pageUp, .pageDown, .clear]) { press in
                    log.append("\(press.key)")
                    return .handled
                }
                .onMoveCommand { log.append("move \($0)") }
                .onExitCommand(perform: nil)
        }
    }

    @Test func pagingAndArrowKeysReachTheirHandlers() throws {
        let (host, scheduler) = mount(Pager())
        for key in [KeyEquivalent.home, .end, .pageUp, .pageDown, .clear, .leftArrow, .rightArrow, .downArrow] {
            #expect(host.press(key))
        }
        #expect(!host.press(.escape), "a nil exit command handles nothing")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "log home,end,pageUp,pageDown,clear,move left,move right,move down""#))
        let literal = KeyEquivalent(extendedGraphemeClusterLiteral: "k")
        #expect(literal == KeyEquivalent("k"))
        #expect(EventModifiers(rawValue: EventModifiers.command.rawValue) == .command)
        #expect(KeyPress.Phases(rawValue: 1) == .down)
        let localization: KeyboardShortcut.Localization = .custom
        #expect(KeyboardShortcut("k", localization: localization).localization == .custom)
    }
}
