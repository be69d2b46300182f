import Foundation

// How a table lays out its rows: flat, one line per row shown, as the rows of a `List` (so that
// each value's row is selectable on its own). A disclosure row's children follow it while it is
// expanded; a collapsed section shows only its header.

/// The tag of a section's header row, which no selection takes.
struct _TableSectionHeader: Hashable {
    let index: Int
}

/// One line of a table: a row as it is shown, with its place.
struct _TableLine<Value: Identifiable> {
    /// What identifies the line among the table's: its value's id, or its header's index.
    let id: AnyHashable
    let row: _TableRowItem<Value>
    /// How deep under disclosure rows it is (0: at the top); recorded (`outlineLevel=1`).
    let depth: Int
    /// Whether a disclosure row or a collapsible section's header is expanded, and what
    /// toggles it (`nil`: it is neither).
    let disclosure: Binding<Bool>?

    /// The lines of `rows`: disclosure rows without a binding of their own are expanded while
    /// their ids are in `expanded`.
    static func lines(of rows: [_TableRowItem<Value>], expanded: Binding<Set<AnyHashable>>) -> [_TableLine] {
        var lines: [_TableLine] = []
        var headers = 0
        func add(_ rows: [_TableRowItem<Value>], depth: Int) {
            for row in rows {
                switch row.kind {
                case .header:
                    lines.append(_TableLine(id: _TableSectionHeader(index: headers), row: row, depth: depth, disclosure: row.isExpanded))
                    headers += 1
                case .value(let value):
                    guard let children = row.children else {
                        lines.append(_TableLine(id: value.id, row: row, depth: depth, disclosure: nil))
                        continue
                    }
                    let id = AnyHashable(value.id)
                    let disclosure = row.isExpanded ?? Binding(
                        get: { expanded.wrappedValue.contains(id) },
                        set: { isOn in
                            if isOn { expanded.wrappedValue.insert(id) } else { expanded.wrappedValue.remove(id) }
                        })
                    lines.append(_TableLine(id: id, row: row, depth: depth, disclosure: disclosure))
                    if disclosure.wrappedValue { add(children, depth: depth + 1) }
                }
            }
        }
        add(rows, depth: 0)
        return lines
    }
}

/// The view of one line: a value's cells (the first one its disclosure, on a disclosure row),
/// tagged with its id; or a section's header (`tableSectionHeader`), its disclosure when the
/// section is collapsible.
nonisolated struct _TableLineView<Value: Identifiable>: View {
    let line: _TableLine<Value>
    let columns: [_AnyTableColumn<Value>]

    @MainActor var body: some View {
        switch line.row.kind {
        case .header(let header):
            _disclosed(header)
                .modifier(_StyleModifier(key: "tableSectionHeader", value: ""))
                .tag(line.id)
        case .value(let value):
            line.row.decorations.reduce(AnyView(cells(of: value))) { view, modifier in modifier._decorate(view) }
                .modifier(_TableLineDepth(depth: line.depth))
                .tag(value.id)
        }
    }

    @MainActor private func cells(of value: Value) -> some View {
        let columns = self.columns
        return HStack {
            ForEach(columns.indices, id: \.self) { index in
                if index == 0 {
                    _disclosed(columns[index].cell(value))
                } else {
                    columns[index].cell(value)
                }
            }
        }
    }

    /// `content`, or a button that toggles the line's disclosure showing it (`disclosure=expanded`
    /// or `collapsed`).
    @MainActor @ViewBuilder private func _disclosed(_ content: AnyView) -> some View {
        if let disclosure = line.disclosure {
            Button { disclosure.wrappedValue.toggle() } label: { content }
                .modifier(_StyleModifier(key: "disclosure", value: disclosure.wrappedValue ? "expanded" : "collapsed"))
        } else {
            content
        }
    }
}

/// Records how deep a line is under disclosure rows (nothing at the top).
nonisolated struct _TableLineDepth: PrimitiveViewModifier, Equatable, Annotating {
    let depth: Int

    func annotate(_ annotations: inout _Annotations) {
        if depth > 0, annotations.styles["outlineLevel"] == nil { annotations.styles["outlineLevel"] = "\(depth)" }
    }
}
