import Foundation

/// A button that shares transferable values through the system's share sheet (SwiftUI's
/// `ShareLink`). The share sheet is a platform service: headless the button is shown and what it
/// would share is recorded on it — `shareItems` (the items, `, `-separated), `shareSubject`,
/// `shareMessage`, `sharePreview` (the previews' titles) —; tapping it does nothing.
public nonisolated struct ShareLink<Data: RandomAccessCollection, PreviewImage: Transferable, PreviewIcon: Transferable, Label: View>: View
    where Data.Element: Transferable
{
    let items: Data
    let subject: Text?
    let message: Text?
    let previewTitles: [String]
    let label: Label

    init(items: Data, subject: Text?, message: Text?,
         preview: ((Data.Element) -> SharePreview<PreviewImage, PreviewIcon>)?, label: Label) {
        self.items = items
        self.subject = subject
        self.message = message
        previewTitles = preview.map { preview in items.map { preview($0).title } } ?? []
        self.label = label
    }

    @MainActor public var body: some View {
        Button(action: {}) { label }
            .modifier(_StyleModifier(key: "shareItems", value: items.map { "\($0)" }.joined(separator: ", ")))
            .modifier(_StyleModifier(key: "shareSubject", value: subject?.content ?? ""))
            .modifier(_StyleModifier(key: "shareMessage", value: message?.content ?? ""))
            .modifier(_StyleModifier(key: "sharePreview", value: previewTitles.joined(separator: ", ")))
    }
}

/// The label of a ``ShareLink`` made without one (SwiftUI's `DefaultShareLinkLabel`): its title
/// ("Share" unless given) with the share symbol.
public nonisolated struct DefaultShareLinkLabel: View {
    let title: Text

    @MainActor public var body: some View {
        DeclarativeViews.Label { title } icon: { Image(systemName: "square.and.arrow.up") }
    }
}

// MARK: - Items with a preview each

extension ShareLink where Label == DefaultShareLinkLabel {
    public init(items: Data, subject: Text? = nil, message: Text? = nil,
                preview: @escaping (Data.Element) -> SharePreview<PreviewImage, PreviewIcon>) {
        self.init(Text("Share"), items: items, subject: subject, message: message, preview: preview)
    }

    public init(_ title: Text, items: Data, subject: Text? = nil, message: Text? = nil,
                preview: @escaping (Data.Element) -> SharePreview<PreviewImage, PreviewIcon>) {
        self.init(items: items, subject: subject, message: message, preview: preview, label: DefaultShareLinkLabel(title: title))
    }

    public init(_ titleKey: LocalizedStringKey, items: Data, subject: Text? = nil, message: Text? = nil,
                preview: @escaping (Data.Element) -> SharePreview<PreviewImage, PreviewIcon>) {
        self.init(Text(titleKey), items: items, subject: subject, message: message, preview: preview)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, items: Data, subject: Text? = nil, message: Text? = nil,
                                   preview: @escaping (Data.Element) -> SharePreview<PreviewImage, PreviewIcon>) {
        self.init(Text(String(title)), items: items, subject: subject, message: message, preview: preview)
    }

    public init<I: Transferable>(item: I, subject: Text? = nil, message: Text? = nil,
                                 preview: SharePreview<PreviewImage, PreviewIcon>) where Data == CollectionOfOne<I> {
        self.init(items: CollectionOfOne(item), subject: subject, message: message, preview: { _ in preview })
    }

    public init<I: Transferable>(_ title: Text, item: I, subject: Text? = nil, message: Text? = nil,
                                 preview: SharePreview<PreviewImage, PreviewIcon>) where Data == CollectionOfOne<I> {
        self.init(title, items: CollectionOfOne(item), subject: subject, message: message, preview: { _ in preview })
    }

    public init<I: Transferable>(_ titleKey: LocalizedStringKey, item: I, subject: Text? = nil, message: Text? = nil,
                                 preview: SharePreview<PreviewImage, PreviewIcon>) where Data == CollectionOfOne<I> {
        self.init(Text(titleKey), item: item, subject: subject, message: message, preview: preview)
    }

    @_disfavoredOverload
    public init<S: StringProtocol, I: Transferable>(_ title: S, item: I, subject: Text? = nil, message: Text? = nil,
                                                    preview: SharePreview<PreviewImage, PreviewIcon>) where Data == CollectionOfOne<I> {
        self.init(Text(String(title)), item: item, subject: subject, message: message, preview: preview)
    }
}

extension ShareLink {
    public init(items: Data, subject: Text? = nil, message: Text? = nil,
                preview: @escaping (Data.Element) -> SharePreview<PreviewImage, PreviewIcon>, @ViewBuilder label: () -> Label) {
        self.init(items: items, subject: subject, message: message, preview: preview, label: label())
    }

    public init<I: Transferable>(item: I, subject: Text? = nil, message: Text? = nil,
                                 preview: SharePreview<PreviewImage, PreviewIcon>, @ViewBuilder label: () -> Label)
        where Data == CollectionOfOne<I>
    {
        self.init(items: CollectionOfOne(item), subject: subject, message: message, preview: { _ in preview }, label: label())
    }
}

// MARK: - Text and URLs, without previews

extension ShareLink where PreviewImage == Never, PreviewIcon == Never {
    public init(items: Data, subject: Text? = nil, message: Text? = nil, @ViewBuilder label: () -> Label)
        where Data.Element == String
    {
        self.init(items: items, subject: subject, message: message, preview: nil, label: label())
    }

    public init(items: Data, subject: Text? = nil, message: Text? = nil, @ViewBuilder label: () -> Label)
        where Data.Element == URL
    {
        self.init(items: items, subject: subject, message: message, preview: nil, label: label())
    }

    public init(item: String, subject: Text? = nil, message: Text? = nil, @ViewBuilder label: () -> Label)
        where Data == CollectionOfOne<String>
    {
        self.init(items: CollectionOfOne(item), subject: subject, message: message, label: label)
    }

    public init(item: URL, subject: Text? = nil, message: Text? = nil, @ViewBuilder label: () -> Label)
        where Data == CollectionOfOne<URL>
    {
        self.init(items: CollectionOfOne(item), subject: subject, message: message, label: label)
    }
}

extension ShareLink where PreviewImage == Never, PreviewIcon == Never, Label == DefaultShareLinkLabel {
    public init(items: Data, subject: Text? = nil, message: Text? = nil) where Data.Element == String {
        self.init(Text("Share"), items: items, subject: subject, message: message)
    }

    public init(items: Data, subject: Text? = nil, message: Text? = nil) where Data.Element == URL {
        self.init(Text("Share"), items: items, subject: subject, message: message)
    }

    public init(_ title: Text, items: Data, subject: Text? = nil, message: Text? = nil) where Data.Element == String {
        self.init(items: items, subject: subject, message: message, preview: nil, label: DefaultShareLinkLabel(title: title))
    }

    public init(_ title: Text, items: Data, subject: Text? = nil, message: Text? = nil) where Data.Element == URL {
        self.init(items: items, subject: subject, message: message, preview: nil, label: DefaultShareLinkLabel(title: title))
    }

    public init(_ titleKey: LocalizedStringKey, items: Data, subject: Text? = nil, message: Text? = nil) where Data.Element == String {
        self.init(Text(titleKey), items: items, subject: subject, message: message)
    }

    public init(_ titleKey: LocalizedStringKey, items: Data, subject: Text? = nil, message: Text? = nil) where Data.Element == URL {
        self.init(Text(titleKey), items: items, subject: subject, message: message)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, items: Data, subject: Text? = nil, message: Text? = nil) where Data.Element == String {
        self.init(Text(String(title)), items: items, subject: subject, message: message)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, items: Data, subject: Text? = nil, message: Text? = nil) where Data.Element == URL {
        self.init(Text(String(title)), items: items, subject: subject, message: message)
    }

    public init(item: String, subject: Text? = nil, message: Text? = nil) where Data == CollectionOfOne<String> {
        self.init(items: CollectionOfOne(item), subject: subject, message: message)
    }

    public init(item: URL, subject: Text? = nil, message: Text? = nil) where Data == CollectionOfOne<URL> {
        self.init(items: CollectionOfOne(item), subject: subject, message: message)
    }

    public init(_ title: Text, item: String, subject: Text? = nil, message: Text? = nil) where Data == CollectionOfOne<String> {
        self.init(title, items: CollectionOfOne(item), subject: subject, message: message)
    }

    public init(_ title: Text, item: URL, subject: Text? = nil, message: Text? = nil) where Data == CollectionOfOne<URL> {
        self.init(title, items: CollectionOfOne(item), subject: subject, message: message)
    }

    public init(_ titleKey: LocalizedStringKey, item: String, subject: Text? = nil, message: Text? = nil) where Data == CollectionOfOne<String> {
        self.init(Text(titleKey), item: item, subject: subject, message: message)
    }

    public init(_ titleKey: LocalizedStringKey, item: URL, subject: Text? = nil, message: Text? = nil) where Data == CollectionOfOne<URL> {
        self.init(Text(titleKey), item: item, subject: subject, message: message)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, item: String, subject: Text? = nil, message: Text? = nil) where Data == CollectionOfOne<String> {
        self.init(Text(String(title)), item: item, subject: subject, message: message)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, item: URL, subject: Text? = nil, message: Text? = nil) where Data == CollectionOfOne<URL> {
        self.init(Text(String(title)), item: item, subject: subject, message: message)
    }
}
