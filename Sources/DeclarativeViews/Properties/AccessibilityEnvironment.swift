/// The system's accessibility settings, as SwiftUI's environment exposes them. Headless, no
/// assistive technology runs and no display setting is on: each reads `false`, as on a device with
/// the settings off. Read-only, as in SwiftUI; a test that needs one on sets the internal key.
struct AccessibilitySettingKey: EnvironmentKey {
    static let defaultValue = AccessibilitySettings()
}

/// The accessibility settings a view can read.
struct AccessibilitySettings: Hashable, Sendable {
    var voiceOverEnabled = false
    var differentiateWithoutColor = false
    var reduceMotion = false
    var reduceTransparency = false
    var invertColors = false
    var switchControlEnabled = false
    var dimFlashingLights = false
    var largeContentViewerEnabled = false
    var playAnimatedImages = true
    var quickActionsEnabled = false
    var showButtonShapes = false
}

struct AccessibilityEnabledKey: EnvironmentKey {
    static let defaultValue = false
}

extension EnvironmentValues {
    var _accessibilitySettings: AccessibilitySettings {
        get { self[AccessibilitySettingKey.self] }
        set { self[AccessibilitySettingKey.self] = newValue }
    }

    /// Whether VoiceOver is on.
    public var accessibilityVoiceOverEnabled: Bool { _accessibilitySettings.voiceOverEnabled }
    /// Whether the user asked for shapes or labels besides color to tell states apart.
    public var accessibilityDifferentiateWithoutColor: Bool { _accessibilitySettings.differentiateWithoutColor }
    /// Whether the user asked for less motion.
    public var accessibilityReduceMotion: Bool { _accessibilitySettings.reduceMotion }
    /// Whether the user asked for less transparency.
    public var accessibilityReduceTransparency: Bool { _accessibilitySettings.reduceTransparency }
    /// Whether the display inverts colors.
    public var accessibilityInvertColors: Bool { _accessibilitySettings.invertColors }
    /// Whether Switch Control is on.
    public var accessibilitySwitchControlEnabled: Bool { _accessibilitySettings.switchControlEnabled }
    /// Whether the user asked for flashing lights to be dimmed.
    public var accessibilityDimFlashingLights: Bool { _accessibilitySettings.dimFlashingLights }
    /// Whether the large content viewer is on.
    public var accessibilityLargeContentViewerEnabled: Bool { _accessibilitySettings.largeContentViewerEnabled }
    /// Whether animated images play (`true` unless the user turned them off).
    public var accessibilityPlayAnimatedImages: Bool { _accessibilitySettings.playAnimatedImages }
    /// Whether Quick Actions are on.
    public var accessibilityQuickActionsEnabled: Bool { _accessibilitySettings.quickActionsEnabled }
    /// Whether the user asked for buttons to show their shapes.
    public var accessibilityShowButtonShapes: Bool { _accessibilitySettings.showButtonShapes }

    /// Whether an assistive technology is running (`false` headless unless set, e.g. by a test:
    /// `.environment(\.accessibilityEnabled, true)`).
    public var accessibilityEnabled: Bool {
        get { self[AccessibilityEnabledKey.self] }
        set { self[AccessibilityEnabledKey.self] = newValue }
    }
}
