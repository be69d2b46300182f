import AttrGraph

/// One view per element of a collection, each identified by an id: when the data changes,
/// views keep their state by id; an element that goes away takes its view's subgraph (and
/// state) with it, and its `onDisappear` actions run.
///
///     ForEach(items) { item in Row(item: item) }              // Identifiable elements
///     ForEach(names, id: \.self) { name in Text(name) }
///     ForEach(0..<3) { index in Text("Row \(index)") }
///
/// As in SwiftUI, `Content` is unconstrained: a `ForEach` of views is a view, and a `ForEach` of
/// table rows (`ForEach(people) { TableRow($0) }`) is table row content.
public nonisolated struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    public var data: Data
    public var content: (Data.Element) -> Content
    let idKeyPath: KeyPath<Data.Element, ID>

    /// The one place that stores the parts; the public initialisers are in the extensions of
    /// each kind of content.
    init(data: Data, id: KeyPath<Data.Element, ID>, content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.idKeyPath = id
        self.content = content
    }
}

extension ForEach: View where Content: View {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data: data, id: id, content: content)
    }

    public var body: Never { _primitiveBody(Self.self) }

    public static func _makeView(view: _GraphValue<Self>, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(render: Attribute(ForEachList(forEach: view, inputs: inputs)))
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID, Content: View {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int, Content: View {
    /// Views for a constant range (identified by their index).
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

extension List where SelectionValue == Never {
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        self.init { ForEach(data, id: id, content: rowContent) }
    }

    // Disfavoured: a binding to a collection is a collection too, and `List($items)` is the
    // binding form.
    @_disfavoredOverload
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init { ForEach(data, content: rowContent) }
    }

    /// A row per index of a constant range: `List(0..<5) { Text("Row \($0)") }`.
    public init<RowContent: View>(
        _ data: Range<Int>, @ViewBuilder rowContent: @escaping (Int) -> RowContent
    ) where Content == ForEach<Range<Int>, Int, RowContent> {
        self.init { ForEach(data, content: rowContent) }
    }
}

/// The ids of a `ForEach`'s data, in order, and where each one is.
struct _ForEachIdentity<ID: Hashable>: Equatable {
    var order: [ID] = []
    /// Where each id's (first) element is in the data.
    var positions: [ID: Int] = [:]

    /// Whether each id's position in the data is also its place in `order`. Not after an id
    /// repeated: the elements after the repeat are further along the data than along `order`.
    /// Positions only grow along `order`, each at least its place, so the last id tells.
    var positionsAreOrderPlaces: Bool {
        guard let last = order.last else { return true }
        return positions[last] == order.count - 1
    }
}

/// Computes a `ForEach`'s identity from its data (warning once per evaluation about
/// duplicate ids). Both the list rule and the element rules read it, so the graph brings it up
/// to date before either uses it.
struct ForEachIdentity<Data: RandomAccessCollection, ID: Hashable, Content: View>: Rule {
    let forEach: _GraphValue<ForEach<Data, ID, Content>>
    @HostReference var host: _HostCore

    var value: _ForEachIdentity<ID> {
        let forEach = self.forEach.value
        // An element that is its own id (`id: \.self`) is read without projecting the key path:
        // this code is not specialised, and a projection costs a key path walk per element.
        let idIsElement = ID.self == Data.Element.self
            && forEach.idKeyPath as AnyKeyPath == \Data.Element.self as AnyKeyPath
        if idIsElement, Data.self == Range<Int>.self {
            return Self.identity(ofRange: _reinterpret(forEach.data, as: Range<Int>.self))
        }
        var identity = _ForEachIdentity<ID>()
        identity.order.reserveCapacity(forEach.data.count)
        identity.positions.reserveCapacity(forEach.data.count)
        var duplicates: [ID] = []
        // Counted by hand: this code is not specialised, and `enumerated()` would look up the
        // metadata of its `(offset, element)` tuple for every element.
        var position = 0
        for element in forEach.data {
            let id = idIsElement ? _reinterpret(element, as: ID.self) : element[keyPath: forEach.idKeyPath]
            if identity.positions[id] != nil {
                duplicates.append(id)
            } else {
                identity.positions[id] = position
                identity.order.append(id)
            }
            position += 1
        }
        if let id = duplicates.first {
            host.diagnostic(
                "ForEach<\(Data.self), \(ID.self), \(Content.self)>: the ID \(id) occurs multiple times within the "
                    + "collection; only its first element is shown. Give each element a unique id.")
        }
        return identity
    }

    /// `ForEach(0..<n)`, the commonest kind: the ids are the range's integers (never repeated),
    /// worked out by code specialised for them. Only called when `ID` is `Int`.
    private static func identity(ofRange range: Range<Int>) -> _ForEachIdentity<ID> {
        var identity = _ForEachIdentity<Int>()
        identity.order = Array(range)
        identity.positions.reserveCapacity(range.count)
        for id in range {
            identity.positions[id] = id &- range.lowerBound
        }
        return _reinterpret(identity, as: _ForEachIdentity<ID>.self)
    }
}

/// A value as the type it is known to be (checked by the caller: `T` is `U`). Generic code
/// that has found out, at run time, which concrete type a parameter is uses it to hand the
/// value to code specialised for that type.
@inline(__always)
func _reinterpret<T, U>(_ value: T, as _: U.Type) -> U {
    assert(T.self == U.self, "DeclarativeViews internal error: \(T.self) read as \(U.self)")
    return withUnsafePointer(to: value) { UnsafeRawPointer($0).assumingMemoryBound(to: U.self).pointee }
}

/// The render rule of a `ForEach`: reconciles one subgraph per id, then joins the items' nodes.
struct ForEachList<Data: RandomAccessCollection, ID: Hashable, Content: View>: StatefulRule {
    typealias Value = [DisplayNode]

    let forEach: _GraphValue<ForEach<Data, ID, Content>>
    let identity: Attribute<_ForEachIdentity<ID>>
    let inputs: _ViewInputs
    /// The items' subgraphs and render attributes, in the order of `shown`'s ids. Lists of
    /// concrete types (no table keyed by the generic id: the unspecialised rule would look up
    /// its metadata at each use), looked up by id through `shown`'s positions when the data
    /// changes; the renders apart, so that joining the nodes touches no reference counts.
    var subgraphs: [Subgraph] = []
    var renders: [Attribute<[DisplayNode]>] = []
    /// The identity the items were last reconciled with.
    var shown = _ForEachIdentity<ID>()

    init(forEach: _GraphValue<ForEach<Data, ID, Content>>, inputs: _ViewInputs) {
        self.forEach = forEach
        self.inputs = inputs
        identity = Attribute(vtableRule: ForEachIdentity(forEach: forEach, host: inputs.host))
    }

    mutating func updateValue() {
        let (identity, identityChanged) = self.identity.changedValue()
        if identityChanged || !hasValue {
            reconcile(identity, recordsTransitions: hasValue)
        }
        var nodes: [DisplayNode] = []
        nodes.reserveCapacity(renders.count)
        for render in renders {
            nodes += render.value
        }
        value = nodes
    }

    /// Drops the items whose id is gone, makes the new ones, and orders them.
    /// After the first update (`recordsTransitions`), the elements that come and go are noted
    /// for their transitions.
    private mutating func reconcile(_ identity: _ForEachIdentity<ID>, recordsTransitions: Bool) {
        let parent = AnyAttribute.current.unsafelyUnwrapped.subgraph
        let host = inputs.host
        let previousSubgraphs = subgraphs
        let previousRenders = renders
        let previousIdentity = shown
        // Counted by hand, as in `ForEachIdentity` (`enumerated()` would look up its tuple's
        // metadata for every element).
        var index = 0
        for id in previousIdentity.order {
            if identity.positions[id] == nil {
                if recordsTransitions {
                    // The nodes it last showed (its element rule keeps its last view once gone).
                    let render = previousRenders[index]
                    host.transactions.noteRemoval(Graph.withoutUpdate { render.value })
                }
                parent.removeChild(previousSubgraphs[index])
                previousSubgraphs[index].invalidate()
            }
            index += 1
        }
        var subgraphs: [Subgraph] = []
        var renders: [Attribute<[DisplayNode]>] = []
        subgraphs.reserveCapacity(identity.order.count)
        renders.reserveCapacity(identity.order.count)
        // The items are in the order of the previous ids: an id's item is at its position in
        // the data, unless that data repeated an id.
        let previousItems = previousIdentity.positionsAreOrderPlaces
            ? previousIdentity.positions : Self.places(of: previousIdentity.order)
        for id in identity.order {
            if !previousRenders.isEmpty, let position = previousItems[id] {
                subgraphs.append(previousSubgraphs[position])
                renders.append(previousRenders[position])
            } else {
                let (subgraph, render) = makeItem(id: id, parent: parent)
                subgraphs.append(subgraph)
                renders.append(render)
                if recordsTransitions { host.transactions.noteInsertion(render.value) }
            }
        }
        self.subgraphs = subgraphs
        self.renders = renders
        shown = identity
    }

    /// Each id's place in `order`.
    private static func places(of order: [ID]) -> [ID: Int] {
        var places: [ID: Int] = [:]
        places.reserveCapacity(order.count)
        var place = 0
        for id in order {
            places[id] = place
            place += 1
        }
        return places
    }

    private func makeItem(id: ID, parent: Subgraph) -> (subgraph: Subgraph, render: Attribute<[DisplayNode]>) {
        let subgraph = Subgraph(graph: parent.graph)
        parent.addChild(subgraph)
        if let owner = AnyAttribute.current { subgraph.setTreeOwner(owner) }
        let forEach = self.forEach
        let identity = self.identity
        let inputs = self.inputs
        let render = subgraph.apply {
            let view = Attribute(
                ForEachElement(
                    forEach: forEach, identity: identity, id: id, graphThread: inputs.host.graphThread,
                    validity: subgraph.validity))
            guard inputs.tagsElementsWithID else {
                return Content._makeDebuggableView(view: _GraphValue(view), inputs: inputs).render.single(inputs.host)
            }
            // In a picker or a selectable list, an element is tagged with its id unless it has a tag.
            var elementInputs = inputs
            elementInputs.tagsElementsWithID = false
            let render = Content._makeDebuggableView(view: _GraphValue(view), inputs: elementInputs).render.single(inputs.host)
            return Attribute(ImplicitTagRender(content: render, tag: AnyHashable(id)))
        }
        return (subgraph, render)
    }
}

/// The view of one element: the content closure applied to the element with this id. The
/// `@Observable` properties the closure reads (`Text(deck.name)` for a row of decks) are its
/// dependencies, as in SwiftUI: a change re-runs the row, not the view holding the `ForEach`.
struct ForEachElement<Data: RandomAccessCollection, ID: Hashable, Content: View>: StatefulRule {
    typealias Value = Content
    let forEach: _GraphValue<ForEach<Data, ID, Content>>
    let identity: Attribute<_ForEachIdentity<ID>>
    let id: ID
    let graphThread: GraphThread
    /// Whether the element's subgraph is still valid.
    let validity: SubgraphValidity
    /// Tracks the `@Observable` properties the content closure reads, across runs; made by the
    /// first run that reads one (kept in the rule, which lives as long as the row).
    var invalidator: ObservationInvalidator?

    mutating func updateValue() {
        // Gone from the data: this item is about to be removed; keep the last view.
        guard let position = position() else { return }
        let forEach = self.forEach.value
        let element: Data.Element
        if Data.self == Range<Int>.self {
            // `ForEach(0..<n)`: the element is the range's bound plus the position.
            let range = _reinterpret(forEach.data, as: Range<Int>.self)
            element = _reinterpret(range.lowerBound &+ position, as: Data.Element.self)
        } else {
            element = forEach.data[forEach.data.index(forEach.data.startIndex, offsetBy: position)]
        }
        // The closures below capture the content function, not the `ForEach`: reaching a field
        // of a captured generic struct costs a metadata lookup per run.
        let content = forEach.content
        if let invalidator {
            value = invalidator.tracking { content(element) }
            return
        }
        // Until the content reads an observable property, nothing is tracked (most rows read
        // none). The first run that reads one runs again under the row's own tracking, so that
        // a change after its reads is seen from then on, whatever thread makes it.
        let (view, read) = readsObservableProperties { content(element) }
        guard read else {
            value = view
            return
        }
        let invalidator = ObservationInvalidator(
            attribute: AnyAttribute.current.unsafelyUnwrapped, validity: validity, graphThread: graphThread)
        self.invalidator = invalidator
        value = invalidator.tracking { content(element) }
    }

    /// Where this element's id is in the data now. Integer ids (ranges, most `Identifiable`
    /// models) are looked up by code specialised for them: this rule runs unspecialised.
    private func position() -> Int? {
        if ID.self == Int.self {
            let identity = Attribute<_ForEachIdentity<Int>>(identifier: self.identity.identifier)
            return identity.value.positions[_reinterpret(id, as: Int.self)]
        }
        return identity.value.positions[id]
    }
}

// MARK: - Over a binding to a collection

extension ForEach where Content: View {
    /// One view per element of a bound collection, each given a binding to its element
    /// (`ForEach($items) { $item in TextField("Name", text: $item.name) }`).
    public init<C: MutableCollection & RandomAccessCollection>(
        _ data: Binding<C>, @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
    ) where C.Element: Identifiable, Data == [Binding<C.Element>], ID == C.Element.ID {
        self.init(_elementBindings(data), id: \.wrappedValue.id, content: content)
    }

    public init<C: MutableCollection & RandomAccessCollection>(
        _ data: Binding<C>, id: KeyPath<C.Element, ID>, @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
    ) where Data == [Binding<C.Element>] {
        self.init(_elementBindings(data), id: (\Binding<C.Element>.wrappedValue).appending(path: id), content: content)
    }
}

extension List where SelectionValue == Never {
    /// A row per element of a bound collection, each given a binding to its element.
    public init<C: MutableCollection & RandomAccessCollection, RowContent: View>(
        _ data: Binding<C>, @ViewBuilder rowContent: @escaping (Binding<C.Element>) -> RowContent
    ) where C.Element: Identifiable, Content == ForEach<[Binding<C.Element>], C.Element.ID, RowContent> {
        // Spelled out: a binding to a collection is itself a collection, whose `ForEach` would win.
        self.init { ForEach(_elementBindings(data), id: \.wrappedValue.id, content: rowContent) }
    }
}

/// A binding per element: it reads and writes the element at its position while the collection
/// still has one there (a row about to go away keeps showing its last value).
func _elementBindings<C: MutableCollection & RandomAccessCollection>(_ data: Binding<C>) -> [Binding<C.Element>] {
    let collection = data.wrappedValue
    return collection.indices.enumerated().map { offset, index in
        let last = collection[index]
        return Binding(
            get: {
                let current = data.wrappedValue
                guard offset < current.count else { return last }
                return current[current.index(current.startIndex, offsetBy: offset)]
            },
            set: { value in
                let count = data.wrappedValue.count
                guard offset < count else { return }
                let position = data.wrappedValue.index(data.wrappedValue.startIndex, offsetBy: offset)
                data.wrappedValue[position] = value
            })
    }
}
