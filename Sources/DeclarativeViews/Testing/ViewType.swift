import Foundation

/// A kind of view the inspection API can find (``InspectedView/find(_:)``), as ViewInspector
/// names them: `try host.inspect().find(ViewType.Toggle.self)`.
public protocol KnownViewType {
    /// Whether a rendered node is a view of this kind (public for technical reasons: the finder is
    /// generic over the kinds).
    static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool
}

/// The kinds of view ``InspectedView/find(_:)`` and ``InspectedView/findAll(_:)`` take.
public enum ViewType {
    /// A `Text` (and what shows text: a `Label`'s title, a field's value).
    public enum Text: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            if case .text = kind { return attributes["systemImage"] == nil && attributes["image"] == nil }
            return false
        }
    }

    /// A `Button`, and every control that is one headless (a `NavigationLink`, `Link`, `Toggle`,
    /// a menu's label, a picker's option…).
    public enum Button: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            if case .button = kind { return true }
            return false
        }
    }

    public enum Toggle: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            attributes["toggle"] != nil
        }
    }

    public enum NavigationLink: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            attributes["navigationLink"] != nil
        }
    }

    public enum Link: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            attributes["link"] != nil
        }
    }

    public enum Menu: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            attributes["menu"] != nil
        }
    }

    /// A `TextField` (a `SecureField` is one too).
    public enum TextField: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            attributes["textField"] != nil
        }
    }

    public enum SecureField: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            attributes["textField"] != nil && attributes["secure"] != nil
        }
    }

    public enum TextEditor: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            attributes["textEditor"] != nil
        }
    }

    /// The search field of a `.searchable` view.
    public enum SearchField: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            attributes["searchField"] != nil
        }
    }

    public enum Picker: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            attributes["picker"] != nil
        }
    }

    public enum Slider: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            attributes["slider"] != nil
        }
    }

    public enum Stepper: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            attributes["stepper"] != nil
        }
    }

    public enum DatePicker: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            attributes["datePicker"] != nil
        }
    }

    public enum ColorPicker: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            attributes["colorPicker"] != nil
        }
    }

    /// An `Image` (its placeholder text carries `systemImage=` or `image=`).
    public enum Image: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            attributes["systemImage"] != nil || attributes["image"] != nil
        }
    }

    public enum List: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            if case .list = kind { return true }
            return false
        }
    }

    public enum VStack: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            if case .vstack = kind { return true }
            return false
        }
    }

    public enum HStack: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            if case .hstack = kind { return true }
            return false
        }
    }

    public enum ZStack: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            if case .zstack = kind { return true }
            return false
        }
    }

    public enum Spacer: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            if case .spacer = kind { return true }
            return false
        }
    }

    public enum Divider: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            if case .divider = kind { return true }
            return false
        }
    }

    public enum TabView: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            if case .tabView = kind { return true }
            return false
        }
    }

    public enum NavigationStack: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            if case .navigationStack = kind { return true }
            return false
        }
    }

    /// A `ProgressView`.
    public enum ProgressView: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            attributes["progressView"] != nil
        }
    }

    /// A shape or a color used as a view.
    public enum Shape: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            if case .shape = kind { return true }
            return false
        }
    }

    /// A sheet, full-screen cover, popover, alert or confirmation dialog on screen.
    public enum Presentation: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            attributes["presentation"] != nil
        }
    }

    /// An alert (`.alert(…)`) on screen.
    public enum Alert: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            attributes["presentation"]?.hasPrefix("alert") ?? false
        }
    }

    /// A confirmation dialog (or action sheet) on screen.
    public enum ConfirmationDialog: KnownViewType {
        public static func _matches(_ kind: RenderNode.Kind, _ attributes: [String: String]) -> Bool {
            attributes["presentation"]?.hasPrefix("confirmationDialog") ?? false
        }
    }
}
