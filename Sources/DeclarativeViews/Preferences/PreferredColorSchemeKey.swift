/// The color scheme a presentation's content prefers (SwiftUI's `PreferredColorSchemeKey`): `nil`
/// where nothing prefers one; where several views do, the first in view order wins.
public struct PreferredColorSchemeKey: PreferenceKey {
    public typealias Value = ColorScheme?

    public static var defaultValue: ColorScheme? { nil }

    public static func reduce(value: inout PreferredColorSchemeKey.Value, nextValue: () -> PreferredColorSchemeKey.Value) {
        if value == nil { value = nextValue() }
    }
}
