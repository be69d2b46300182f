import Foundation

// Programmatic scrolling, headless: a scroll view shows all of its content, so scrolling moves
// nothing; where the app asked to scroll to is recorded on the render tree for tests to read
// (`scrollTarget=42 anchor=top`, `scrollPosition=42`).

/// Gives its content a proxy that scrolls the scroll views inside it (SwiftUI's
/// `ScrollViewReader`):
///
///     ScrollViewReader { proxy in
///         ScrollView { ForEach(messages) { Text($0.text).id($0.id) } }
///         Button("Latest") { proxy.scrollTo(messages.last?.id, anchor: .bottom) }
///     }
///
/// The last ``ScrollViewProxy/scrollTo(_:anchor:)`` is recorded on the content's nodes as
/// `scrollTarget=ID` (with ` anchor=NAME` when one was given).
public nonisolated struct ScrollViewReader<Content: View>: View {
    public var content: (ScrollViewProxy) -> Content
    @State private var target: ScrollViewProxy.Target?

    public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) {
        self.content = content
    }

    @MainActor public var body: some View {
        let target = $target
        content(ScrollViewProxy(target: target))
            .modifier(_StyleModifier(key: "scrollTarget", value: target.wrappedValue?.description ?? "none"))
    }
}

/// Scrolls the scroll views of a ``ScrollViewReader`` (SwiftUI's `ScrollViewProxy`).
public struct ScrollViewProxy {
    /// Where a proxy was last asked to scroll to.
    struct Target: Equatable, CustomStringConvertible {
        let id: AnyHashable
        let anchor: UnitPoint?

        var description: String { "\(id.base)" + (anchor.map { " anchor=\($0._name)" } ?? "") }
    }

    let target: Binding<Target?>

    /// Scrolls so that the view with identity `id` (`.id(_:)`, or a `ForEach` element's id) is
    /// visible — aligned with `anchor` when one is given. Headless, recorded on the reader.
    @MainActor public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {
        target.wrappedValue = Target(id: AnyHashable(id), anchor: anchor)
    }
}

extension UnitPoint {
    /// The point's name (`top`, `bottomTrailing`), or its coordinates.
    var _name: String {
        let names: [(UnitPoint, String)] = [
            (.center, "center"), (.leading, "leading"), (.trailing, "trailing"), (.top, "top"), (.bottom, "bottom"),
            (.topLeading, "topLeading"), (.topTrailing, "topTrailing"), (.bottomLeading, "bottomLeading"),
            (.bottomTrailing, "bottomTrailing"),
        ]
        return names.first { $0.0 == self }?.1 ?? "(\(_number(Double(x))), \(_number(Double(y))))"
    }
}

extension View {
    /// Binds the identity of the view scrolled to the top of a scroll view (SwiftUI's
    /// `scrollPosition(id:)`). Headless nothing scrolls: the binding's value is recorded
    /// (`scrollPosition=ID`, or `none`).
    public func scrollPosition<ID: Hashable>(id: Binding<ID?>) -> some View {
        modifier(_StyleModifier(key: "scrollPosition", value: id.wrappedValue.map { "\($0)" } ?? "none"))
    }

    /// Where a scroll view starts scrolled to (SwiftUI's `scrollPosition(initialAnchor:)`); recorded.
    public func scrollPosition(initialAnchor: UnitPoint?) -> some View {
        modifier(_StyleModifier(key: "scrollInitialAnchor", value: initialAnchor?._name ?? "none"))
    }
}
