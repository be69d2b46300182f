import Foundation

// Customizing a table's columns, headless: a column with a `customizationID` takes its visibility
// from the table's `TableColumnCustomization` (a column whose visibility is `.hidden` is not
// shown; `.automatic` falls back to the column's `defaultVisibility`). The customization is
// `Codable`, so apps keep it with `@SceneStorage` or `@AppStorage`, as in SwiftUI.

/// What the user may change about a column (SwiftUI's `TableColumnCustomizationBehavior`).
public struct TableColumnCustomizationBehavior: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Moving the column.
    public static let reorder = TableColumnCustomizationBehavior(rawValue: 1)
    /// Changing its width.
    public static let resize = TableColumnCustomizationBehavior(rawValue: 2)
    /// Hiding and showing it.
    public static let visibility = TableColumnCustomizationBehavior(rawValue: 4)
    /// Every customization.
    public static var all: TableColumnCustomizationBehavior { [.reorder, .resize, .visibility] }
}

/// How the user customized a table's columns (SwiftUI's `TableColumnCustomization`): which ones are
/// hidden or shown, by their `customizationID`s, and their order.
///
///     @SceneStorage("columns") private var columns = TableColumnCustomization<Person>()
///     Table(people, columnCustomization: $columns) {
///         TableColumn("Name", value: \.name).customizationID("name")
///         TableColumn("Email", value: \.email).customizationID("email")
///     }
///     columns[visibility: "email"] = .hidden      // the table no longer shows the Email column
public struct TableColumnCustomization<RowValue: Identifiable>: Equatable, Sendable, Codable {
    /// The visibility set for each column, by customization id (absent: `.automatic`).
    var visibilities: [String: Visibility] = [:]
    /// The columns' order, by customization id, once the user moved one (empty: the table's).
    var order: [String] = []

    public init() {}

    /// The visibility of the column with this customization id (`.automatic`: its default).
    public subscript(visibility id: String) -> Visibility {
        get { visibilities[id] ?? .automatic }
        set { visibilities[id] = newValue == .automatic ? nil : newValue }
    }

    /// Puts the columns back in the table's order.
    public mutating func resetOrder() {
        order = []
    }

    private enum CodingKeys: String, CodingKey {
        case visibilities, order
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let names = try container.decode([String: String].self, forKey: .visibilities)
        for (id, name) in names {
            guard let visibility = Visibility.allCases.first(where: { "\($0)" == name }) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .visibilities, in: container, debugDescription: "unknown visibility \(name.prefix(80)) for column \(id.prefix(80))")
            }
            visibilities[id] = visibility
        }
        order = try container.decode([String].self, forKey: .order)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(visibilities.mapValues { "\($0)" }, forKey: .visibilities)
        try container.encode(order, forKey: .order)
    }
}

// MARK: - Columns' customization

/// Columns with a change to each (their customization id, default visibility, or what the user may
/// not customize).
public struct _CustomizedTableColumns<Base: TableColumnContent>: TableColumnContent {
    public typealias TableRowValue = Base.TableRowValue
    public typealias TableColumnSortComparator = Base.TableColumnSortComparator
    let base: Base
    let change: (inout _AnyTableColumn<Base.TableRowValue>) -> Void

    public var tableColumnBody: Never { return _primitiveTableColumnBody(Self.self) }

    public var _columns: [_AnyTableColumn<Base.TableRowValue>] {
        base._columns.map { column in
            var column = column
            change(&column)
            return column
        }
    }
}

extension TableColumnContent {
    /// The id that names the column in the table's ``TableColumnCustomization`` (recorded on its
    /// title: `customizationID=name`).
    public func customizationID(_ id: String) -> some TableColumnContent<TableRowValue, TableColumnSortComparator> {
        _CustomizedTableColumns(base: self) { $0.customizationID = id }
    }

    /// Whether the column shows when the customization does not say: `.hidden` hides it.
    public func defaultVisibility(_ visibility: Visibility) -> some TableColumnContent<TableRowValue, TableColumnSortComparator> {
        _CustomizedTableColumns(base: self) { $0.defaultVisibility = visibility }
    }

    /// What the user may not change about the column (recorded on its title:
    /// `disabledCustomization=visibility`).
    public func disabledCustomizationBehavior(_ behavior: TableColumnCustomizationBehavior)
        -> some TableColumnContent<TableRowValue, TableColumnSortComparator>
    {
        _CustomizedTableColumns(base: self) { $0.disabledCustomization.formUnion(behavior) }
    }
}

extension _AnyTableColumn {
    /// Whether the table shows the column, given its customization.
    func isShown<Value>(in customization: TableColumnCustomization<Value>?) -> Bool {
        var visibility = Visibility.automatic
        if let customizationID, let customization { visibility = customization[visibility: customizationID] }
        if visibility == .automatic { visibility = defaultVisibility }
        return visibility != .hidden
    }

    /// The names of what the user may not customize (`reorder resize visibility`).
    var disabledCustomizationNames: String? {
        let names = [(TableColumnCustomizationBehavior.reorder, "reorder"), (.resize, "resize"), (.visibility, "visibility")]
            .filter { disabledCustomization.contains($0.0) }.map(\.1)
        return names.isEmpty ? nil : names.joined(separator: " ")
    }
}

// MARK: Keeping a customization

extension AppStorage {
    /// `@AppStorage("columns") private var columns = TableColumnCustomization<Person>()`: the
    /// customization kept in the store as JSON (damaged data reads as the initial value).
    public init<RowValue>(
        wrappedValue: Value = TableColumnCustomization<RowValue>(), _ key: String, store: UserDefaults? = nil
    ) where Value == TableColumnCustomization<RowValue>, RowValue: Identifiable {
        self.init(access: StorageAccess(key: key, defaultValue: wrappedValue, coding: .json), store: store)
    }
}

extension SceneStorage {
    /// `@SceneStorage("columns") private var columns = TableColumnCustomization<Person>()`: the
    /// customization kept with the scene as JSON.
    public init<RowValue>(wrappedValue: Value = TableColumnCustomization<RowValue>(), _ key: String)
    where Value == TableColumnCustomization<RowValue>, RowValue: Identifiable {
        self.init(access: StorageAccess(key: key, defaultValue: wrappedValue, coding: .json))
    }
}
