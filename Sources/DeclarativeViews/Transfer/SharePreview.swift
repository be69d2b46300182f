import Foundation

/// How a shared or dragged document is presented (SwiftUI's `SharePreview`): a title, and an
/// image and an icon that are transferable values. Headless it is recorded where it is used
/// (`navigationDocumentPreview=<title>`).
public struct SharePreview<Image: Transferable, Icon: Transferable> {
    let title: String
    let image: Image?
    let icon: Icon?
}

extension SharePreview where Image == Never, Icon == Never {
    public init(_ title: Text) { self.init(title: title.content, image: nil, icon: nil) }
    public init(_ titleKey: LocalizedStringKey) { self.init(Text(titleKey)) }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S) { self.init(title: String(title), image: nil, icon: nil) }
}

extension SharePreview where Image == Never {
    public init(_ title: Text, icon: Icon) { self.init(title: title.content, image: nil, icon: icon) }
    public init(_ titleKey: LocalizedStringKey, icon: Icon) { self.init(Text(titleKey), icon: icon) }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, icon: Icon) { self.init(title: String(title), image: nil, icon: icon) }
}

extension SharePreview where Icon == Never {
    public init(_ title: Text, image: Image) { self.init(title: title.content, image: image, icon: nil) }
    public init(_ titleKey: LocalizedStringKey, image: Image) { self.init(Text(titleKey), image: image) }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, image: Image) { self.init(title: String(title), image: image, icon: nil) }
}

extension SharePreview {
    public init(_ title: Text, image: Image, icon: Icon) { self.init(title: title.content, image: image, icon: icon) }
    public init(_ titleKey: LocalizedStringKey, image: Image, icon: Icon) { self.init(Text(titleKey), image: image, icon: icon) }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, image: Image, icon: Icon) { self.init(title: String(title), image: image, icon: icon) }
}

extension View {
    /// Makes `document` the document the navigation stack's title represents, for sharing and
    /// dragging from the title bar; recorded as `navigationDocument=<document>`.
    public func navigationDocument<D: Transferable>(_ document: D) -> some View {
        modifier(_StyleModifier(key: "navigationDocument", value: "\(document)"))
    }

    /// The same, presented with `preview` (recorded as `navigationDocumentPreview=<title>`); one
    /// declaration for SwiftUI's four (with `Never` for a missing image or icon).
    public func navigationDocument<D: Transferable, I1: Transferable, I2: Transferable>(
        _ document: D, preview: SharePreview<I1, I2>
    ) -> some View {
        modifier(_StyleModifier(key: "navigationDocument", value: "\(document)"))
            .modifier(_StyleModifier(key: "navigationDocumentPreview", value: preview.title))
    }
}
