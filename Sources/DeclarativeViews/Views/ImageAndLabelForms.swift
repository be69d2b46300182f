import Foundation

// More of the initialisers of `Image`, `Label` and `Link` that sample code uses: a bundle for a
// named image (headless there is no asset catalogue: the name is what shows), a decorative image,
// and string titles held in variables.

extension Image {
    /// A named image from `bundle`: shown, as every named image, as `[name]`.
    public init(_ name: String, bundle: Bundle?) {
        self.init(name)
    }

    /// A named image that accessibility ignores; shown as `[name]`.
    public init(decorative name: String, bundle: Bundle? = nil) {
        self.init(name)
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
