import Foundation

// Views that show more on a tap, headless: the label is a button; tapping it shows the content
// under it (a `Menu`'s buttons close the menu again when tapped, as in SwiftUI).

/// A button that shows a menu of actions (SwiftUI's `Menu`); the node carries `menu=open` or
/// `menu=closed`. A ``MenuStyle`` set above it (``View/menuStyle(_:)``) draws it instead.
public nonisolated struct Menu<Label: View, Content: View>: View {
    let label: Label
    let content: Content
    /// What tapping the label does instead of opening the menu (`primaryAction:`); a long press
    /// then opens it.
    var primaryAction: (@MainActor () -> Void)?
    @State private var isOpen = false
    @Environment(\._menuStyle) private var style

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.content = content()
    }

    /// A menu whose label runs `primaryAction` when tapped; a long press on it
    /// (``ViewHost/longPress(_:)``) opens the menu.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label,
                primaryAction: @escaping @MainActor () -> Void) {
        self.init(content: content, label: label)
        self.primaryAction = primaryAction
    }

    @MainActor public var body: some View {
        if let style {
            style.make(MenuStyleConfiguration(label: .init(label), content: .init(content)))
        } else {
            builtIn
        }
    }

    @MainActor private var builtIn: some View {
        let (isOpen, primaryAction) = ($isOpen, self.primaryAction)
        return VStack(alignment: .leading) {
            if let primaryAction {
                Button(action: primaryAction) {
                    label.gesture(LongPressGesture().onEnded { _ in isOpen.wrappedValue.toggle() })
                }
                    .modifier(_StyleModifier(key: "menu", value: isOpen.wrappedValue ? "open" : "closed"))
            } else {
                Button(action: { isOpen.wrappedValue.toggle() }) { label }
                    .modifier(_StyleModifier(key: "menu", value: isOpen.wrappedValue ? "open" : "closed"))
            }
            if isOpen.wrappedValue {
                content.environment(\._buttonDismiss, { isOpen.wrappedValue = false })
            }
        }
    }
}

extension Menu where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }

    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content,
                primaryAction: @escaping @MainActor () -> Void) {
        self.init(content: content, label: { Text(titleKey) }, primaryAction: primaryAction)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content,
                                   primaryAction: @escaping @MainActor () -> Void) {
        self.init(content: content, label: { Text(title) }, primaryAction: primaryAction)
    }
}

extension Menu where Label == DeclarativeViews.Label<Text, Image> {
    public init(_ titleKey: LocalizedStringKey, systemImage: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { DeclarativeViews.Label(titleKey, systemImage: systemImage) }
    }
}

/// Content shown or hidden by tapping its label (SwiftUI's `DisclosureGroup`); the label's
/// button carries `disclosure=expanded` or `disclosure=collapsed`. A ``DisclosureGroupStyle`` set
/// above it (``View/disclosureGroupStyle(_:)``) draws it instead, given the expansion binding.
public nonisolated struct DisclosureGroup<Label: View, Content: View>: View {
    let label: Label
    let content: Content
    let isExpanded: Binding<Bool>?
    @State private var ownExpanded = false
    @Environment(\._disclosureGroupStyle) private var style

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.content = content()
        isExpanded = nil
    }

    public init(isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.content = content()
        self.isExpanded = isExpanded
    }

    @MainActor public var body: some View {
        if let style {
            style.make(DisclosureGroupStyleConfiguration(
                label: .init(label), content: .init(content), isExpanded: isExpanded ?? $ownExpanded))
        } else {
            builtIn
        }
    }

    @MainActor private var builtIn: some View {
        let expanded = isExpanded ?? $ownExpanded
        return VStack(alignment: .leading) {
            Button(action: { expanded.wrappedValue.toggle() }) { label }
                .modifier(_StyleModifier(key: "disclosure", value: expanded.wrappedValue ? "expanded" : "collapsed"))
            if expanded.wrappedValue {
                content.padding(.leading)
            }
        }
    }
}

extension DisclosureGroup where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }

    public init(_ titleKey: LocalizedStringKey, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content) {
        self.init(isExpanded: isExpanded, content: content) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ label: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(label) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ label: S, isExpanded: Binding<Bool>, @ViewBuilder content: () -> Content) {
        self.init(isExpanded: isExpanded, content: content) { Text(label) }
    }
}
