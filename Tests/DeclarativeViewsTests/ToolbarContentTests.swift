import DeclarativeViews
import Foundation
import Testing

/// Toolbars as SwiftUI code writes them: plain views (`@ViewBuilder`) or toolbar content
/// (`ToolbarItem`, `ToolbarItemGroup`, `ToolbarTitleMenu`, your own `ToolbarContent`, with
/// conditions), customisable toolbars with ids, and the recorded roles and title modes. Their
/// buttons are found and tapped through the driver.
@MainActor @Suite struct ToolbarContentTests {
    /// An editor's toolbar, as a type of its own.
    struct EditorToolbar: ToolbarContent {
        let isEditing: Bool
        let save: @MainActor @Sendable () -> Void
        var body: some ToolbarContent {
            ToolbarItem(placement: .confirmationAction) { Button("Save", action: save) }
            if isEditing {
                ToolbarItemGroup(placement: .bottomBar) {
                    Button("Bold") {}
                    Button("Italic") {}
                }
            } else {
                ToolbarItem(placement: .cancellationAction) { Button("Close") {} }
            }
        }
    }

    struct Editor: View {
        @State private var saves = 0
        @State private var isEditing = false
        var body: some View {
            NavigationStack {
                VStack {
                    Text("saved \(saves)")
                    Button("Edit") { isEditing.toggle() }
                }
                .toolbar { EditorToolbar(isEditing: isEditing) { saves += 1 } }
                .toolbarRole(.editor)
                .toolbarTitleDisplayMode(.inline)
            }
        }
    }

    @Test func aToolbarContentTypeShowsItsItemsAndTheirButtonsAreTappable() throws {
        let (host, scheduler) = mount(Editor())
        #expect(host.renderedText.contains(#"Button "Save" [placement=confirmationAction]"#), "\(host.renderedText)")
        #expect(host.renderedText.contains(#"Button "Close" [placement=cancellationAction]"#))
        #expect(host.renderedText.contains("toolbarRole=editor"))
        #expect(host.renderedText.contains("toolbarTitleDisplayMode=inline"))
        try host.tap("Save")
        scheduler.flush()
        #expect(host.renderedText.contains("saved 1"))
        try host.tap("Edit")
        scheduler.flush()
        #expect(host.buttonLabels.contains("Bold") && !host.buttonLabels.contains("Close"), "\(host.buttonLabels)")
    }

    @Test func plainViewsInAToolbarStillShowAndTap() throws {
        struct Screen: View {
            @State private var count = 0
            var body: some View {
                Text("count \(count)").toolbar { Button("Add") { count += 1 } }
            }
        }
        let (host, scheduler) = mount(Screen())
        try host.tap("Add")
        scheduler.flush()
        #expect(host.renderedText.contains("count 1"))
        #expect(host.renderedText.contains("toolbar"))
    }

    /// Customisable items, as a type of their own.
    struct FormattingItems: CustomizableToolbarContent {
        var body: some CustomizableToolbarContent {
            ToolbarItem(id: "underline", placement: .secondaryAction) { Button("Underline") {} }
        }
    }

    @Test func aCustomizableToolbarShowsItsDefaultItemsOnly() throws {
        struct Screen: View {
            var body: some View {
                Text("Document")
                    .toolbar(id: "editor") {
                        ToolbarItem(id: "bold", placement: .primaryAction) { Button("Bold") {} }
                            .customizationBehavior(.reorderable)
                        ToolbarItem(id: "share", placement: .secondaryAction, showsByDefault: false) { Button("Share") {} }
                        ToolbarItem(id: "print") { Button("Print") {} }
                            .defaultCustomization(.hidden, options: .alwaysAvailable)
                        ToolbarItem(id: "export") { Button("Export") {} }
                            .defaultCustomization(.visible)
                        ToolbarTitleMenu { Button("Duplicate") {} }
                        FormattingItems()
                    }
            }
        }
        let (host, _) = mount(Screen())
        #expect(host.renderedText.contains("toolbarID=editor"), "\(host.renderedText)")
        #expect(host.buttonLabels.contains("Bold") && host.buttonLabels.contains("Export"))
        #expect(host.renderedText.contains(#"Button "Underline" [placement=secondaryAction]"#))
        #expect(!host.buttonLabels.contains("Share"), "showsByDefault: false hides the item")
        #expect(!host.buttonLabels.contains("Print"), "a hidden default customization hides the item")
        #expect(host.renderedText.contains("toolbarCustomization=reorderable"))
        #expect(host.renderedText.contains("toolbarDefaultVisibility=visible"))
        #expect(host.renderedText.contains(#"Button "Duplicate" [placement=titleMenu]"#))
        #expect(ToolbarItem(id: "bold") { Text("B") }.id == "bold")
        _ = [ToolbarCustomizationBehavior.default, .disabled]
    }

    @Test func aLabelledGroupShowsItsItemsWithTheLabelRecorded() throws {
        struct Screen: View {
            @State private var size = 12
            var body: some View {
                Text("size \(size)")
                    .toolbar {
                        ToolbarItemGroup(placement: .primaryAction) {
                            Button("Bigger") { size += 1 }
                            Button("Smaller") { size -= 1 }
                        } label: {
                            Label("Font size", systemImage: "textformat.size")
                        }
                    }
            }
        }
        let (host, scheduler) = mount(Screen())
        #expect(host.renderedText.contains("toolbarGroupLabel=Font size"), "\(host.renderedText)")
        let _: ToolbarItemGroup<LabeledToolbarItemGroupContent<Text, Text>> = ToolbarItemGroup {
            Text("Items")
        } label: {
            Text("Label")
        }
        try host.tap("Bigger")
        scheduler.flush()
        #expect(host.renderedText.contains("size 13"))
    }

    /// Toolbar items built by a function of one's own.
    @ToolbarContentBuilder
    static func shareItems(_ share: @escaping @MainActor @Sendable () -> Void) -> some ToolbarContent {
        ToolbarItem(placement: .accessoryBar(id: "share")) { Button("Share", action: share) }
        ToolbarItem(placement: ToolbarItemPlacement(id: "export")) { Button("Export") {} }
    }

    @Test func itemsFromAToolbarContentBuilderFunctionShowAtTheirPlacements() throws {
        struct Screen: View {
            @State private var shared = false
            var body: some View {
                Text("shared \(shared)")
                    .toolbar { ToolbarContentTests.shareItems { shared = true } }
                    .toolbarBackground(.visible, for: .accessoryBar(id: "share"), ToolbarPlacement(id: "main"))
            }
        }
        let (host, scheduler) = mount(Screen())
        #expect(host.renderedText.contains(#"Button "Share" [placement=accessoryBar(share)]"#), "\(host.renderedText)")
        #expect(host.renderedText.contains(#"Button "Export" [placement=export]"#))
        try host.tap("Share")
        scheduler.flush()
        #expect(host.renderedText.contains("shared true"))
        #expect(ToolbarCustomizationOptions(rawValue: 1) == .alwaysAvailable)
    }

    @Test func theTitleMenuItemsAreTappable() throws {
        struct Screen: View {
            @State private var title = "Draft"
            var body: some View {
                NavigationStack {
                    Text(title)
                        .navigationTitle(title)
                        .toolbarTitleMenu {
                            Button("Rename") { title = "Final" }
                        }
                }
            }
        }
        let (host, scheduler) = mount(Screen())
        #expect(host.renderedText.contains(#"Button "Rename" [placement=titleMenu]"#), "\(host.renderedText)")
        try host.tap("Rename")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "Final""#))
        _ = ToolbarTitleMenu()
        _ = [ToolbarRole.automatic, .navigationStack, .browser]
        _ = [ToolbarTitleDisplayMode.automatic, .large, .inlineLarge]
    }
}
