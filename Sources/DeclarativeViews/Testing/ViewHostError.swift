import Foundation

/// Why a ``ViewHost`` request failed.
public enum ViewHostError: Error, Equatable, CustomStringConvertible {
    case buttonNotFound(label: String, available: [String])
    case buttonDisabled(label: String)
    case identifierNotFound(identifier: String, available: [String])
    case toggleNotFound(label: String, available: [String])
    case textFieldNotFound(field: String, available: [String])
    case tabNotFound(label: String, available: [String])
    case tabNotSelectable(label: String)
    case nothingToGoBackFrom
    case noFocusedField
    case invalidInput(field: String, text: String, expected: String)
    case nothingPresented
    case rowNotFound(row: String, kind: String, available: [String])
    case notEditing(row: String)
    case moveOutOfRange(row: String, destination: Int, count: Int)
    case inputDisabled(field: String)
    case dismissDisabled(presentation: String)
    case stepperNotFound(label: String, available: [String])
    case nothingToRefresh
    case refreshableNotFound(showing: String, available: [String])
    /// The scrollable content showing `view` is inside `.scrollDisabled(true)`: it cannot be
    /// pulled (to refresh).
    case scrollDisabled(view: String)
    case noSearchField
    case actionsNotFound(view: String, kind: String, available: [String])
    /// The view is inside `.allowsHitTesting(false)`: touches pass through it.
    case hitTestingDisabled(view: String)
    /// No element named `element` has the accessibility action `action`; `available` lists the
    /// actions of the elements so named (empty when none is on screen).
    case accessibilityActionNotFound(action: String, element: String, available: [String])
    /// No view named `element` can take the focus; `available` names those that can.
    case notFocusable(element: String, available: [String])

    /// What to do when the screen a test acts on is older than its last actions: their updates run
    /// at the next flush (driver scripts settle after every step, so they never need it).
    var updateHint: String? {
        switch self {
        case .buttonNotFound: "call update() first if it should have appeared"
        case .buttonDisabled: "call update() first if an earlier action should have enabled it"
        default: nil
        }
    }

    /// The description without ``updateHint``.
    var messageWithoutHint: String {
        guard let hint = updateHint else { return description }
        return description.replacingOccurrences(of: "; " + hint, with: "")
    }

    public var description: String {
        switch self {
        case .buttonNotFound(let label, let available):
            let list = available.isEmpty ? "there are no buttons" : "buttons: " + available.map(quoted).joined(separator: ", ")
            return "no button labelled \(quoted(label)) is on screen (\(list))" + (updateHint.map { "; " + $0 } ?? "")
        case .buttonDisabled(let label):
            return "button \(quoted(label)) is disabled" + (updateHint.map { "; " + $0 } ?? "")
        case .notFocusable(let element, let available):
            let list = available.isEmpty
                ? "no view on screen can take the focus (.focusable() or .focused(…) makes one)"
                : "focusable: " + available.map(quoted).joined(separator: ", ")
            return "no focusable view named \(quoted(element)) is on screen (\(list))"
        case .hitTestingDisabled(let view):
            return "\(quoted(view)) does not receive touches: it is inside .allowsHitTesting(false)"
        case .identifierNotFound(let identifier, let available):
            let list = available.isEmpty
                ? "no button carries an accessibility identifier"
                : "identifiers on buttons: " + available.map(quoted).joined(separator: ", ")
            return "no button with accessibility identifier \(quoted(identifier)) is on screen (\(list))"
        case .toggleNotFound(let label, let available):
            let list = available.isEmpty ? "there are no toggles" : "toggles: " + available.map(quoted).joined(separator: ", ")
            return "no toggle labelled \(quoted(label)) is on screen (\(list))"
        case .textFieldNotFound(let field, let available):
            let list = available.isEmpty ? "there are no text inputs" : "text inputs: " + available.map(quoted).joined(separator: ", ")
            return "no text input titled \(quoted(field)) is on screen (\(list))"
        case .tabNotFound(let label, let available):
            let list = available.isEmpty
                ? "there are no labelled tabs, picker options or selectable rows"
                : "tabs, options and rows: " + available.map(quoted).joined(separator: ", ")
            return "no tab, picker option or selectable row labelled \(quoted(label)) is on screen (\(list))"
        case .noFocusedField:
            return "no text field is focused (typing into a field or a .focused(_:) binding focuses one): name one, type TEXT into FIELD"
        case .invalidInput(let field, let text, let expected):
            return "\(quoted(field)) does not take \(quoted(text)): expected \(expected)"
        case .nothingToGoBackFrom:
            return "there is nothing to go back from: no navigation stack on screen has a pushed screen"
        case .nothingPresented:
            return "nothing is presented: no sheet, full-screen cover, popover, alert or dialog is on screen"
        case .rowNotFound(let row, let kind, let available):
            let list = available.isEmpty
                ? "there are no \(kind) rows (a ForEach needs .on\(kind == "deletable" ? "Delete" : "Move"))"
                : "\(kind) rows: " + available.map(quoted).joined(separator: ", ")
            return "no \(kind) row shows \(quoted(row)) (\(list))"
        case .moveOutOfRange(let row, let destination, let count):
            return "row \(quoted(row)) cannot move to \(destination): its list has \(count) row\(count == 1 ? "" : "s"), "
                + "so a destination is 0 (the top) through \(count) (the end)"
        case .notEditing(let row):
            return "row \(quoted(row)) can be moved only in edit mode: tap Edit first"
        case .inputDisabled(let field):
            return "\(quoted(field)) is disabled: it cannot be typed into"
        case .dismissDisabled(let presentation):
            return "the \(presentation) on screen cannot be dismissed interactively (.interactiveDismissDisabled()): tap one of its buttons"
        case .stepperNotFound(let label, let available):
            let list = available.isEmpty ? "there are no steppers" : "steppers: " + available.map(quoted).joined(separator: ", ")
            return "no stepper labelled \(quoted(label)) is on screen (\(list))"
        case .nothingToRefresh:
            return "nothing on screen is refreshable: a List or ScrollView needs .refreshable { … }"
        case .scrollDisabled(let view):
            return "\(quoted(view)) cannot scroll: it is inside .scrollDisabled(true), so it cannot be pulled to refresh"
        case .refreshableNotFound(let text, let available):
            return "no refreshable content shows \(quoted(text)) (refreshable content shows: "
                + available.map(quoted).joined(separator: "; ") + ")"
        case .actionsNotFound(let view, let kind, let available):
            let list = available.isEmpty ? "no view on screen has \(kind)" : "views with \(kind): " + available.map(quoted).joined(separator: ", ")
            return "no view showing \(quoted(view)) has \(kind) (\(list))"
        case .accessibilityActionNotFound(let action, let element, let available):
            let list = available.isEmpty
                ? "no element on screen named \(quoted(element)) has accessibility actions"
                : "its actions: " + available.map(quoted).joined(separator: ", ")
            return "the element \(quoted(element)) has no accessibility action \(quoted(action)) (\(list))"
        case .noSearchField:
            return "there is no search field on screen: a view needs .searchable(text:)"
        case .tabNotSelectable(let label):
            return "tab \(quoted(label)) cannot be selected: its TabView needs a selection binding "
                + "(TabView(selection: $tab)) and the tab a .tag of the binding's type"
        }
    }
}
