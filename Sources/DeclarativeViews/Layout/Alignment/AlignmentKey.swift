import Foundation
import Synchronization

/// An alignment guide on either axis: the key the layout engine looks guides up by.
///
/// Four bytes: the guide's identifier type as a number (its slot in ``AlignmentRegistry``) and
/// the axis. Alignments are payloads of render node kinds (`.vstack(alignment:spacing:)`,
/// `.frame(…alignment:)`), which every display node holds and the layout switches over for every
/// node it sizes: a metatype existential and an optional fraction per guide made those kinds
/// several times larger, and layout measurably slower. The built-in guides have fixed slots, so
/// the layout's fast path (a standard guide's fraction, the text baselines) needs no lookup; only
/// a custom guide's identifier type is looked up, when its default value is asked for.
struct AlignmentKey: Hashable, Sendable {
    /// `slot << 1 | axis`.
    private let raw: UInt32

    init(slot: UInt32, axis: Axis) {
        raw = slot << 1 | (axis == .horizontal ? 0 : 1)
    }

    /// The key of the guide `id` names on `axis`.
    init(id: any AlignmentID.Type, axis: Axis) {
        self.init(slot: AlignmentRegistry.slot(of: id), axis: axis)
    }

    var axis: Axis { raw & 1 == 0 ? .horizontal : .vertical }

    /// The identifier type's slot.
    private var slot: UInt32 { raw >> 1 }

    /// The type that names the guide.
    var id: any AlignmentID.Type { AlignmentRegistry.identifier(at: slot) }

    /// For the standard guides (leading, centre, trailing; top, centre, bottom), the fraction of
    /// the view's length where the guide falls by default: the layout's fast path, which needs no
    /// `ViewDimensions` when no subview sets a guide. `nil` for every other guide.
    @inline(__always)
    var fraction: CGFloat? {
        switch slot {
        case AlignmentRegistry.leading, AlignmentRegistry.top: 0
        case AlignmentRegistry.horizontalCenter, AlignmentRegistry.verticalCenter: 0.5
        case AlignmentRegistry.trailing, AlignmentRegistry.bottom: 1
        default: nil
        }
    }

    /// The text baselines: a text sets them explicitly, so containers look for them even where no
    /// ``View/alignmentGuide(_:computeValue:)-(HorizontalAlignment,_)`` is set.
    var isTextBaseline: Bool {
        slot == AlignmentRegistry.firstTextBaseline || slot == AlignmentRegistry.lastTextBaseline
    }

    /// Whether merging takes the last subview's explicit value rather than the first's (the last
    /// text baseline's).
    var takesLastExplicitValue: Bool { slot == AlignmentRegistry.lastTextBaseline }

    /// The fraction of a cell's free length that layouts aligning by fractions alone (lazy
    /// grids) use for the guide: the standard guides', the bottom for a baseline (a view without
    /// text has its baseline there), else the centre.
    var nominalFraction: CGFloat { fraction ?? (isTextBaseline ? 1 : 0.5) }

    /// The guide's value in a view of `dimensions` that does not set it.
    func defaultValue(in dimensions: ViewDimensions) -> CGFloat {
        if let fraction { return dimensions.length(along: axis) * fraction }
        return id.defaultValue(in: dimensions)
    }

    /// Merges explicit values, in the subviews' order, into the container's.
    func combineExplicit<S: Sequence>(_ values: S) -> CGFloat? where S.Element == CGFloat? {
        var result: CGFloat?
        for case let value? in values {
            if result == nil || takesLastExplicitValue { result = value }
        }
        return result
    }

    /// The guide's name, for the render tree: the standard names, else the identifier's type name.
    var name: String {
        let id = self.id
        return (id as? any NamedAlignmentID.Type)?.name ?? _typeName(id, qualified: false)
    }
}

/// The numbers of alignment identifier types (``AlignmentKey``'s slots): the built-in ones are
/// fixed, a custom one gets the next number the first time an alignment is made from it, and
/// keeps it for the life of the process. Thread-safe.
enum AlignmentRegistry {
    static let leading: UInt32 = 0
    static let horizontalCenter: UInt32 = 1
    static let trailing: UInt32 = 2
    static let top: UInt32 = 3
    static let verticalCenter: UInt32 = 4
    static let bottom: UInt32 = 5
    static let firstTextBaseline: UInt32 = 6
    static let lastTextBaseline: UInt32 = 7

    /// An identifier type, as the table keeps it.
    private struct Identifier: @unchecked Sendable {
        // @unchecked: a metatype, immutable.
        let type: any AlignmentID.Type
    }

    /// The identifier types by slot, the built-in ones first, and the slot of each.
    private struct Table {
        var identifiers: [Identifier] = [
            BuiltinAlignment.Leading.self, BuiltinAlignment.HorizontalCenter.self, BuiltinAlignment.Trailing.self,
            BuiltinAlignment.Top.self, BuiltinAlignment.VerticalCenter.self, BuiltinAlignment.Bottom.self,
            BuiltinAlignment.FirstTextBaseline.self, BuiltinAlignment.LastTextBaseline.self,
        ].map(Identifier.init)
        var slots: [ObjectIdentifier: UInt32] = [:]

        init() {
            for (slot, id) in identifiers.enumerated() { slots[ObjectIdentifier(id.type)] = UInt32(slot) }
        }
    }

    private static let table = Mutex(Table())

    /// The slot of `id`, given one the first time.
    static func slot(of id: any AlignmentID.Type) -> UInt32 {
        let id = Identifier(type: id)
        return table.withLock { table in
            if let slot = table.slots[ObjectIdentifier(id.type)] { return slot }
            // A slot is 31 bits of a key; a program names far fewer guide types than that.
            precondition(table.identifiers.count < 1 << 31, "too many alignment identifier types")
            let slot = UInt32(table.identifiers.count)
            table.identifiers.append(id)
            table.slots[ObjectIdentifier(id.type)] = slot
            return slot
        }
    }

    /// The identifier type in `slot` (one ``slot(of:)`` gave).
    static func identifier(at slot: UInt32) -> any AlignmentID.Type {
        table.withLock { $0.identifiers[Int(slot)] }.type
    }
}
