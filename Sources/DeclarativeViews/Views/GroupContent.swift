import Foundation

// `Group` around scenes, commands and toolbar content: the group is its content (SwiftUI groups
// them to apply one modifier to several, or to pass the ten-element limit of a builder block).

extension Group: Scene where Content: Scene {
    /// Groups scenes: `Group { WindowGroup { … }; Settings { … } }`.
    public init(@SceneBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: Never { _primitiveBody(Self.self) }

    public nonisolated static func _makeScene(scene: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        Content._makeScene(scene: scene.member(Content.self, at: 0, \.content), inputs: inputs)
    }
}

extension Group: Commands where Content: Commands {
    /// Groups commands: the menu bar shows the content's.
    public init(@CommandsBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: Never { return fatalError("DeclarativeViews: a group of commands is primitive; its body is never called.") }

    @MainActor public var _menuContent: AnyView { content._menuContent }
}

extension Group: ToolbarContent where Content: ToolbarContent {
    /// Groups toolbar items: the toolbar shows the content's.
    public init(@ToolbarContentBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: Never { return fatalError("DeclarativeViews: a group of toolbar content is primitive; its body is never called.") }
}

extension Group: CustomizableToolbarContent where Content: CustomizableToolbarContent {
    /// Groups customisable toolbar items.
    public init(@ToolbarContentBuilder content: () -> Content) {
        self.content = content()
    }
}

extension Group: _PrimitiveToolbarContent where Content: ToolbarContent {
    @MainActor var _toolbarViews: [AnyView] { content._views }
}

extension Group: TableRowContent where Content: TableRowContent {
    public typealias TableRowValue = Content.TableRowValue

    /// Groups table rows: the table shows the content's.
    public init<R>(@TableRowBuilder<R> content: () -> Content) where R == Content.TableRowValue {
        self.content = content()
    }

    public var tableRowBody: Never { return _primitiveTableRowBody(Self.self) }

    public var _tableRows: [_TableRowItem<Content.TableRowValue>] { content._tableRows }
}

extension Group: TableColumnContent where Content: TableColumnContent {
    public typealias TableRowValue = Content.TableRowValue
    public typealias TableColumnSortComparator = Content.TableColumnSortComparator

    /// Groups table columns (past a builder block's ten): the table shows the content's.
    public init<R, C>(@TableColumnBuilder<R, C> content: () -> Content)
    where R == Content.TableRowValue, C == Content.TableColumnSortComparator {
        self.content = content()
    }

    public var tableColumnBody: Never { return _primitiveTableColumnBody(Self.self) }

    public var _columns: [_AnyTableColumn<Content.TableRowValue>] { content._columns }
}

extension Group: AccessibilityRotorContent where Content: AccessibilityRotorContent {
    /// Groups rotor entries: the rotor lists the content's.
    public init(@AccessibilityRotorContentBuilder content: () -> Content) {
        self.content = content()
    }

    public var body: _AccessibilityRotorEntries { _AccessibilityRotorEntries(labels: content._labels) }
}
