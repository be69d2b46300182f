import AttrGraph

/// What a view's graph is built from (SwiftUI's `_ViewInputs`): the host, the environment
/// attribute, the container slot the view is hosted in, and the content of the view modifiers
/// being built. Framework-internal.
public struct _ViewInputs {
    @HostReference var host: _HostCore
    var environment: Attribute<EnvironmentValues>
    /// The container slot whose fragment updates this view, if it is inside one.
    var slot: HostedSlot?
    /// The content of the custom view modifiers being built, innermost last.
    var modifierContents: [ModifierContent] = []
    /// The composite views from the root to here, for diagnostics.
    var path: ViewPath?
    /// Inside a `Picker` or a selectable `List`: a `ForEach` tags its elements with their ids.
    var tagsElementsWithID = false
    /// Under a `.buttonStyle`: a ``Button`` reads the style from the environment (elsewhere it
    /// is the primitive button, with no body to run).
    var mayHaveButtonStyle = false

    init(host: _HostCore, environment: Attribute<EnvironmentValues>) {
        _host = HostReference(wrappedValue: host)
        self.environment = environment
    }
}

/// What a view's graph produces (SwiftUI's `_ViewOutputs`): its rendered nodes.
public struct _ViewOutputs {
    var render: RenderParts

    init(render: RenderParts) {
        self.render = render
    }

    init(render: Attribute<[DisplayNode]>) {
        self.render = RenderParts(render)
    }
}

/// The render attributes a view contributes, in order: one for most views, several for a
/// `TupleView` or `Group`, none for `EmptyView`. Containers read them all; where one
/// attribute is needed, ``single(_:)`` joins them.
///
/// The first part is kept inline and only the others in a list: every view's outputs are one of
/// these, and a list for the one part most views have was an allocation per view.
struct RenderParts {
    private var first: Attribute<[DisplayNode]>?
    /// The parts after `first`.
    private var rest: [Attribute<[DisplayNode]>] = []

    init() {}

    init(_ attribute: Attribute<[DisplayNode]>) {
        first = attribute
    }

    mutating func append(_ other: RenderParts) {
        guard let otherFirst = other.first else { return }
        if first == nil {
            first = otherFirst
        } else {
            rest.append(otherFirst)
        }
        rest += other.rest
    }

    /// Makes room for `count` parts in all.
    mutating func reserveCapacity(_ count: Int) {
        if count > 1 { rest.reserveCapacity(count - 1) }
    }

    /// One attribute with every part's nodes (the part itself when there is one).
    func single(_ host: _HostCore) -> Attribute<[DisplayNode]> {
        guard let first else { return host.emptyRender }
        if rest.isEmpty { return first }
        return Attribute(JoinedRender(parts: [first] + rest))
    }

    /// Reads every part (inside a rule: as dependencies) and joins their nodes.
    func read() -> [DisplayNode] {
        guard let first else { return [] }
        if rest.isEmpty { return first.value }
        var nodes: [DisplayNode] = []
        // Most parts are one node: one allocation for them all, not one per doubling.
        nodes.reserveCapacity(1 + rest.count)
        nodes += first.value
        for part in rest {
            nodes += part.value
        }
        return nodes
    }
}

/// The nodes of several parts, in order.
struct JoinedRender: Rule {
    let parts: [Attribute<[DisplayNode]>]

    var value: [DisplayNode] {
        var nodes: [DisplayNode] = []
        nodes.reserveCapacity(parts.count)
        for part in parts {
            nodes += part.value
        }
        return nodes
    }
}
