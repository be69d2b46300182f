import Foundation

// Environment values about how content is displayed: what the views read to adapt, set with
// `.environment(_:_:)` (or, for the background's prominence, by the container).

struct AllowedDynamicRangeKey: EnvironmentKey {
    static var defaultValue: Image.DynamicRange? { nil }
}

struct BackgroundProminenceKey: EnvironmentKey {
    static var defaultValue: BackgroundProminence { .standard }
}

extension EnvironmentValues {
    /// The dynamic range images in the subtree may be drawn in (`nil`: each image's own).
    public var allowedDynamicRange: Image.DynamicRange? {
        get { self[AllowedDynamicRangeKey.self] }
        set { self[AllowedDynamicRangeKey.self] = newValue }
    }

    /// How prominent the background behind the view is (`.standard`; `.increased` on a
    /// background that stands out, for content to adapt to).
    public var backgroundProminence: BackgroundProminence {
        get { self[BackgroundProminenceKey.self] }
        set { self[BackgroundProminenceKey.self] = newValue }
    }
}
