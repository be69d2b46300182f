import Foundation

/// What a screen shows when it has nothing to show (SwiftUI's `ContentUnavailableView`): a label,
/// a description and actions, stacked and centred.
///
///     ContentUnavailableView("No Mail", systemImage: "tray.fill", description: Text("New mail appears here."))
///     ContentUnavailableView.search(text: query)
///
/// Headless it is a `VStack` of the three; its buttons are buttons of the driver.
public nonisolated struct ContentUnavailableView<Label: View, Description: View, Actions: View>: View {
    let label: Label
    let description: Description
    let actions: Actions

    public init(
        @ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description = { EmptyView() },
        @ViewBuilder actions: () -> Actions = { EmptyView() }
    ) {
        self.label = label()
        self.description = description()
        self.actions = actions()
    }

    @MainActor public var body: some View {
        VStack(spacing: 8) {
            label
            description
            actions
        }
    }
}

extension ContentUnavailableView where Label == DeclarativeViews.Label<Text, Image>, Description == Text?, Actions == EmptyView {
    public init(_ title: LocalizedStringKey, image name: String, description: Text? = nil) {
        self.init(label: { DeclarativeViews.Label(title, image: name) }, description: { description })
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, image name: String, description: Text? = nil) {
        self.init(label: { DeclarativeViews.Label(title: { Text(title) }, icon: { Image(name) }) }, description: { description })
    }

    public init(_ title: LocalizedStringKey, systemImage name: String, description: Text? = nil) {
        self.init(label: { DeclarativeViews.Label(title, systemImage: name) }, description: { description })
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String, description: Text? = nil) {
        self.init(label: { DeclarativeViews.Label(title, systemImage: name) }, description: { description })
    }
}

/// The parts of `ContentUnavailableView.search` (SwiftUI's `SearchUnavailableContent`).
public nonisolated struct SearchUnavailableContent {
    /// "No Results" (or "No Results for “text”") with a magnifying glass.
    public nonisolated struct Label: View {
        let text: String?

        @MainActor public var body: some View {
            DeclarativeViews.Label(text.map { "No Results for “\($0)”" } ?? "No Results", systemImage: "magnifyingglass")
        }
    }

    /// "Check the spelling or try a new search."
    public nonisolated struct Description: View {
        @MainActor public var body: some View {
            Text("Check the spelling or try a new search.")
        }
    }

    /// No actions.
    public nonisolated struct Actions: View {
        @MainActor public var body: some View {
            EmptyView()
        }
    }
}

extension ContentUnavailableView
where Label == SearchUnavailableContent.Label, Description == SearchUnavailableContent.Description,
    Actions == SearchUnavailableContent.Actions
{
    /// The view a search with no results shows.
    public static var search: ContentUnavailableView<Label, Description, Actions> {
        ContentUnavailableView(
            label: { SearchUnavailableContent.Label(text: nil) }, description: { SearchUnavailableContent.Description() },
            actions: { SearchUnavailableContent.Actions() })
    }

    /// The view a search for `text` with no results shows.
    public static func search(text: String) -> ContentUnavailableView<Label, Description, Actions> {
        ContentUnavailableView(
            label: { SearchUnavailableContent.Label(text: text.isEmpty ? nil : text) },
            description: { SearchUnavailableContent.Description() }, actions: { SearchUnavailableContent.Actions() })
    }
}
