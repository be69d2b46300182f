/// Which element has the accessibility focus (SwiftUI's `@AccessibilityFocusState`): the element
/// VoiceOver or Switch Control is on, `Bool` for one element or an optional value naming elements
/// with `.accessibilityFocused($focus, equals: .name)`. Headless, nothing moves it but the code
/// and the driver (``ViewHost/accessibilityFocus(_:)``, as a VoiceOver user's swipe to the element).
@propertyWrapper
public struct AccessibilityFocusState<Value: Hashable>: DynamicProperty {
    @State private var value: Value

    public init() where Value == Bool {
        _value = State(initialValue: false)
    }

    public init<T: Hashable>() where Value == T? {
        _value = State(initialValue: nil)
    }

    /// A focus state that follows only `technologies` (recorded the same headless).
    public init(for technologies: AccessibilityTechnologies) where Value == Bool {
        self.init()
    }

    public init<T: Hashable>(for technologies: AccessibilityTechnologies) where Value == T? {
        self.init()
    }

    public var wrappedValue: Value {
        get { value }
        nonmutating set { value = newValue }
    }

    public var projectedValue: Binding {
        Binding(binding: $value)
    }

    /// A binding to the accessibility focus, for `.accessibilityFocused(_:)`.
    @propertyWrapper
    public struct Binding {
        let binding: DeclarativeViews.Binding<Value>

        public var wrappedValue: Value {
            get { binding.wrappedValue }
            nonmutating set { binding.wrappedValue = newValue }
        }

        public var projectedValue: Binding { self }
    }
}

extension View {
    /// Gives the element the accessibility focus while `binding` equals `value` (its nodes carry
    /// `accessibilityFocused`); ``ViewHost/accessibilityFocus(_:)`` moving the focus to it sets
    /// `binding` to `value`.
    public func accessibilityFocused<Value: Hashable>(_ binding: AccessibilityFocusState<Value>.Binding, equals value: Value)
        -> some View
    {
        modifier(_AccessibilityFocusModifier(isFocused: binding.wrappedValue == value) { binding.wrappedValue = value })
    }

    /// Gives the element the accessibility focus while `condition` is true.
    public func accessibilityFocused(_ condition: AccessibilityFocusState<Bool>.Binding) -> some View {
        accessibilityFocused(condition, equals: true)
    }
}

/// Ties an element to an accessibility focus binding.
public nonisolated struct _AccessibilityFocusModifier: PrimitiveViewModifier {
    let isFocused: Bool
    let focus: @MainActor () -> Void
}

extension _AccessibilityFocusModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        guard annotations.accessibilityActions?.focus == nil else { return }
        annotations.updateAccessibilityActions { $0.focus = focus }
        if isFocused { annotations.styles["accessibilityFocused"] = "" }
    }
}
