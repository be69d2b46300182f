import Foundation

// Find and replace in a text editor (iOS 16's find navigator): headless there is no find bar, so
// whether it is presented, and whether find or replace is disabled, is recorded on the content's
// nodes (`findNavigator=presented`, `findDisabled`, `replaceDisabled`) for tests to read.

extension View {
    /// Presents the find navigator of the text editor inside while `isPresented` is true:
    /// recorded as `findNavigator=presented` (or `hidden`).
    public func findNavigator(isPresented: Binding<Bool>) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "findNavigator", value: isPresented.wrappedValue ? "presented" : "hidden"))
    }

    /// Turns off finding in the text editor inside: recorded as `findDisabled`.
    public func findDisabled(_ isDisabled: Bool = true) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "findDisabled", value: isDisabled ? "" : "false"))
    }

    /// Turns off replacing in the text editor inside: recorded as `replaceDisabled`.
    public func replaceDisabled(_ isDisabled: Bool = true) -> ModifiedContent<Self, _StyleModifier> {
        modifier(_StyleModifier(key: "replaceDisabled", value: isDisabled ? "" : "false"))
    }
}
