import Foundation

// More of the initialisers of `Image`, `Label` and `Link` that sample code uses: a bundle for a
// named image (headless there is no asset catalogue: the name is what shows), a decorative image,
// and string titles held in variables.

extension Image {
    /// A named image from `bundle`: shown, as every named image, as `[name]`.
    public init(_ name: String, bundle: Bundle?) {
        self.init(name)
    }

    /// A named image that accessibility ignores: shown as `[name]`, hidden from assistive
    /// technologies (recorded as `accessibilityHidden`, so it adds nothing to the accessible name
    /// of a button or row it is in).
    public init(decorative name: String, bundle: Bundle? = nil) {
        self.init(name)
        _styles.append(_TextStyle(key: "accessibilityHidden", value: ""))
    }

    /// A named image that accessibility calls `label` (recorded as `accessibilityLabel`, which the
    /// driver finds it by).
    public init(_ name: String, bundle: Bundle? = nil, label: Text) {
        self.init(name)
        _styles.append(_TextStyle(key: "accessibilityLabel", value: label.content))
    }

    /// A symbol drawn for a value from 0 to 1 (`speaker.wave.3` filling with the volume), recorded
    /// as `variableValue=0.5`; `nil`: the whole symbol.
    public init(systemName: String, variableValue: Double?) {
        self.init(systemName: systemName)
        recordVariableValue(variableValue)
    }

    /// A named image drawn for a value from 0 to 1 (recorded as `variableValue=0.5`).
    public init(_ name: String, variableValue: Double?, bundle: Bundle? = nil) {
        self.init(name)
        recordVariableValue(variableValue)
    }

    public init(_ name: String, variableValue: Double?, bundle: Bundle? = nil, label: Text) {
        self.init(name, bundle: bundle, label: label)
        recordVariableValue(variableValue)
    }

    public init(decorative name: String, variableValue: Double?, bundle: Bundle? = nil) {
        self.init(decorative: name, bundle: bundle)
        recordVariableValue(variableValue)
    }

    private mutating func recordVariableValue(_ value: Double?) {
        if let value { _styles.append(_TextStyle(key: "variableValue", value: _number(value))) }
    }
}

extension Label where Title == Text, Icon == Image {
    /// `Label(item.name, image: item.imageName)`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, image name: String) {
        self.init(title: { Text(title) }, icon: { Image(name) })
    }
}

extension Link where LinkLabel == Text {
    /// `Link(site.title, destination: site.url)`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, destination: URL) {
        self.init(destination: destination) { Text(title) }
    }
}
