import Foundation

// Focusable views: `.focusable()` makes a view that is not a text field able to take the focus
// (a card, a canvas, a row a keyboard user moves between). The driver gives it the focus —
// ``ViewHost/focus(_:)`` — and then `\.isFocused` is true inside it, its node records `focused`,
// and a `.focused(…)` binding around it takes its value. One view has the focus at a time:
// focusing another, or typing into a field, takes it away.

/// How a focusable view takes part in focus (SwiftUI's `FocusInteractions`): activated (a
/// button-like view) or edited (a view taking typed input). Recorded as `focusInteractions=…`.
public struct FocusInteractions: OptionSet, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Focused to be activated (by the keyboard's space or return).
    public static let activate = FocusInteractions(rawValue: 1)
    /// Focused to take input (typed text, arrow keys).
    public static let edit = FocusInteractions(rawValue: 2)
    /// What the platform does by default: both.
    public static var automatic: FocusInteractions { [.activate, .edit] }

    var names: String {
        [(Self.activate, "activate"), (Self.edit, "edit")].filter { contains($0.0) }.map(\.1).joined(separator: ",")
    }
}

/// How to give or take the focus of one focusable view (made anew at each of its body runs; its
/// actions write the view's state, which outlives them).
final class FocusableLink {
    let isFocused: Bool
    /// Gives the view the focus (and tells a `.focused(…)` binding around it).
    let focus: () -> Void
    /// Takes the focus away.
    let blur: () -> Void

    init(isFocused: Bool, focus: @escaping () -> Void, blur: @escaping () -> Void) {
        self.isFocused = isFocused
        self.focus = focus
        self.blur = blur
    }
}

/// Marks a focusable view's node: `focusable`, `focused` while it has the focus.
nonisolated struct _FocusableMarker: PrimitiveViewModifier {
    let link: FocusableLink
    let interactions: FocusInteractions?
}

extension _FocusableMarker: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        guard annotations.focusable == nil else { return }
        annotations.focusable = link
        annotations.styles["focusable"] = interactions?.names ?? ""
        if link.isFocused { annotations.styles["focused"] = "" }
    }
}

/// `.focusable(_:)`: the content can take the focus.
public nonisolated struct _FocusableModifier: ViewModifier {
    let isFocusable: Bool
    let interactions: FocusInteractions?
    let onFocusChange: ((Bool) -> Void)?

    @MainActor public func body(content: Content) -> some View {
        FocusableContainer(
            content: content, isFocusable: isFocusable, interactions: interactions, onFocusChange: onFocusChange)
    }
}

/// A focusable view: whether it has the focus (its own, or the `.focused(…)` binding's around it).
struct FocusableContainer<Content: View>: View {
    let content: Content
    let isFocusable: Bool
    let interactions: FocusInteractions?
    let onFocusChange: ((Bool) -> Void)?
    /// Whether the driver (or a default) gave the view the focus.
    @State private var hasFocus = false
    /// What a `.focused(…)` binding around the view says, if there is one.
    @Environment(\._focusBindingSaysFocused) private var bindingSaysFocused

    var body: some View {
        if isFocusable {
            let isFocused = bindingSaysFocused ?? hasFocus
            let state = $hasFocus
            let onFocusChange = self.onFocusChange
            let link = FocusableLink(
                isFocused: isFocused,
                focus: {
                    guard !state.wrappedValue else { return }
                    state.wrappedValue = true
                    onFocusChange?(true)
                },
                blur: {
                    guard state.wrappedValue else { return }
                    state.wrappedValue = false
                    onFocusChange?(false)
                })
            content
                .environment(\._isFocused, isFocused)
                .environment(\._focusBindingSaysFocused, nil)
                .modifier(_FocusableMarker(link: link, interactions: interactions))
        } else {
            content
        }
    }
}

struct IsFocusedKey: EnvironmentKey {
    static let defaultValue = false
}

struct FocusBindingSaysFocusedKey: EnvironmentKey {
    static var defaultValue: Bool? { nil }
}

extension EnvironmentValues {
    /// Whether the nearest focusable view around (a `.focusable()` view, or one with a
    /// `.focused(…)` binding) has the focus.
    public var isFocused: Bool {
        self[IsFocusedKey.self]
    }

    var _isFocused: Bool {
        get { self[IsFocusedKey.self] }
        set { self[IsFocusedKey.self] = newValue }
    }

    /// What the `.focused(…)` binding around says of its view (`nil`: there is none).
    var _focusBindingSaysFocused: Bool? {
        get { self[FocusBindingSaysFocusedKey.self] }
        set { self[FocusBindingSaysFocusedKey.self] = newValue }
    }
}

extension View {
    /// Lets the view take the focus (SwiftUI's `focusable(_:)`): ``ViewHost/focus(_:)`` gives it
    /// the focus, and `\.isFocused` is true inside it while it has it.
    public func focusable(_ isFocusable: Bool = true) -> ModifiedContent<Self, _FocusableModifier> {
        modifier(_FocusableModifier(isFocusable: isFocusable, interactions: nil, onFocusChange: nil))
    }

    /// A focusable view taking part in focus as `interactions` says (recorded as
    /// `focusable=activate,edit`).
    public func focusable(_ isFocusable: Bool = true, interactions: FocusInteractions)
        -> ModifiedContent<Self, _FocusableModifier>
    {
        modifier(_FocusableModifier(isFocusable: isFocusable, interactions: interactions, onFocusChange: nil))
    }

    /// A focusable view told when it takes (`true`) and loses (`false`) the focus (the macOS 12
    /// form).
    public func focusable(_ isFocusable: Bool = true, onFocusChange: @escaping (_ isFocused: Bool) -> Void = { _ in })
        -> ModifiedContent<Self, _FocusableModifier>
    {
        modifier(_FocusableModifier(isFocusable: isFocusable, interactions: nil, onFocusChange: onFocusChange))
    }
}
