import AttrGraph
import Foundation

/// A stored property of a view whose value the framework keeps up to date before each `body`
/// call (SwiftUI's `DynamicProperty`): ``State``, ``Environment``, or a struct of your own
/// made of them. `update()` runs after the properties it contains were installed.
public protocol DynamicProperty {
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

/// A dynamic property the framework installs itself: it has storage created on a view's first
/// body run (a link) and written into every copy of the view before `body` runs.
protocol LinkedProperty: DynamicProperty {
    /// Creates the property's storage from the value found in the view (`field`).
    static func _makeLink(field: UnsafeRawPointer, name: String, context: LinkContext) -> PropertyLink
    /// Writes the storage into a copy of the view.
    static func _install(field: UnsafeMutableRawPointer, link: PropertyLink)
}

/// A dynamic property that needs no storage but whose changes `_printChanges()` can name
/// (a ``Binding``: the storage it points to).
protocol ObservedProperty {
    /// Inside the body rule: whether what the property at `field` reads changed since the
    /// rule last ran.
    static func _changedSinceLastRun(field: UnsafeRawPointer) -> Bool
}

/// What links are created with.
struct LinkContext {
    let subgraph: Subgraph
    @HostReference var host: _HostCore
    let environment: Attribute<EnvironmentValues>
    /// The view (or app) type the properties belong to, for diagnostics.
    let owner: Any.Type
}

/// A property's storage: a state location, or the attribute an environment property reads.
struct PropertyLink {
    var object: AnyObject?
    var attribute: AnyAttribute
}

/// Where a view type's dynamic properties are: found once per type from its field layout.
final class DynamicPropertyPlan: @unchecked Sendable {
    // @unchecked: immutable after init.
    struct Linked {
        var offset: Int
        var name: String
        var type: any LinkedProperty.Type
    }

    struct Custom {
        var offset: Int
        var type: any DynamicProperty.Type
    }

    struct Observed {
        var offset: Int
        var name: String
        var type: any ObservedProperty.Type
    }

    /// Installed properties, in field order (nested ones included).
    let linked: [Linked]
    /// Properties of user-defined dynamic property types, innermost first: `update()` runs on
    /// each after the linked properties are installed.
    let custom: [Custom]
    /// Properties without storage whose changes can be named (bindings).
    let observed: [Observed]

    var isEmpty: Bool { linked.isEmpty && custom.isEmpty }

    /// The links of every view of a type with nothing to link (shared: they hold nothing).
    private(set) var sharedEmptyLinks: DynamicPropertyLinks!

    private init(type: Any.Type) {
        var linked: [Linked] = []
        var custom: [Custom] = []
        var observed: [Observed] = []
        Self.scan(type, base: 0, linked: &linked, custom: &custom, observed: &observed, depth: 0)
        self.linked = linked
        self.custom = custom
        self.observed = observed
        if linked.isEmpty {
            sharedEmptyLinks = DynamicPropertyLinks(plan: self, links: [])
        }
    }

    private static func scan(
        _ type: Any.Type, base: Int, linked: inout [Linked], custom: inout [Custom], observed: inout [Observed],
        depth: Int
    ) {
        guard depth < 8 else { return }
        // The engine's field enumeration (AttributeGraph's `forEachField(of:do:)`): a struct's stored properties.
        forEachField(of: type) { name, offset, fieldType in
            if let property = fieldType as? any LinkedProperty.Type {
                linked.append(Linked(offset: base + offset, name: String(cString: name), type: property))
            } else if let property = fieldType as? any ObservedProperty.Type {
                observed.append(Observed(offset: base + offset, name: String(cString: name), type: property))
            } else if let property = fieldType as? any DynamicProperty.Type {
                scan(fieldType, base: base + offset, linked: &linked, custom: &custom, observed: &observed,
                     depth: depth + 1)
                custom.append(Custom(offset: base + offset, type: property))
            }
        }
    }

    private static let plans = Locked<[ObjectIdentifier: DynamicPropertyPlan]>([:])

    /// The plan for `type`, computed on first use.
    static func plan(for type: Any.Type) -> DynamicPropertyPlan {
        let key = ObjectIdentifier(type)
        return plans.withLock { plans in
            if let plan = plans[key] { return plan }
            let plan = DynamicPropertyPlan(type: type)
            plans[key] = plan
            return plan
        }
    }
}

/// One mounted view's dynamic property storage.
final class DynamicPropertyLinks {
    let plan: DynamicPropertyPlan
    let links: [PropertyLink]

    fileprivate init(plan: DynamicPropertyPlan, links: [PropertyLink]) {
        self.plan = plan
        self.links = links
    }

    /// Creates the storage of `view`'s dynamic properties, in the running rule's subgraph.
    static func make<Container>(for view: Container, host: _HostCore, environment: Attribute<EnvironmentValues>)
        -> DynamicPropertyLinks
    {
        let plan = DynamicPropertyPlan.plan(for: Container.self)
        if let shared = plan.sharedEmptyLinks { return shared }
        let subgraph = AnyAttribute.current?.subgraph ?? host.rootSubgraph
        let context = LinkContext(subgraph: subgraph, host: host, environment: environment, owner: Container.self)
        var view = view
        let links = withUnsafePointer(to: &view) { pointer in
            let base = UnsafeRawPointer(pointer)
            return subgraph.apply {
                plan.linked.map { $0.type._makeLink(field: base + $0.offset, name: $0.name, context: context) }
            }
        }
        return DynamicPropertyLinks(plan: plan, links: links)
    }

    /// Writes the storage into a copy of the view and runs custom properties' `update()`.
    @inline(__always)
    func install(into view: UnsafeMutableRawPointer) {
        if plan.isEmpty { return }
        for (index, entry) in plan.linked.enumerated() {
            entry.type._install(field: view + entry.offset, link: links[index])
        }
        for entry in plan.custom {
            func update<P: DynamicProperty>(_: P.Type) {
                (view + entry.offset).assumingMemoryBound(to: P.self).pointee.update()
            }
            update(entry.type)
        }
    }

    /// The property names (`_count`), for `_printChanges()`.
    var names: [String] { plan.linked.map(\.name) + plan.observed.map(\.name) }

    /// Inside the body rule: the names of the properties whose storage changed since the body
    /// last ran, in field order. `view` is the installed container.
    func changedNames(view: UnsafeRawPointer) -> [String] {
        var changed: [(offset: Int, name: String)] = []
        for (index, entry) in plan.linked.enumerated() where Graph.inputChanged(links[index].attribute) {
            changed.append((entry.offset, entry.name))
        }
        for entry in plan.observed where entry.type._changedSinceLastRun(field: view + entry.offset) {
            changed.append((entry.offset, entry.name))
        }
        return changed.sorted { $0.offset < $1.offset }.map(\.name)
    }
}
