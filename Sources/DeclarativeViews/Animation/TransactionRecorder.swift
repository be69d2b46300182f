/// Delivers the transactions of state writes to the changes they cause, and records them (one
/// per host; see ``ViewHost/lastTransaction``).
///
/// * A state write made inside `withAnimation` / `withTransaction` leaves its transaction
///   ``pending`` (the last such write before an update wins; writes outside any transaction
///   leave it as it is).
/// * Modifiers that change the transaction for their content (``View/transaction(_:)``,
///   ``View/animation(_:value:)``) put a ``TransactionScope`` on their content's nodes while the
///   update runs.
/// * When the root update produced a different render tree, the pending transaction is
///   consumed: the nodes the update made (those not in the previous tree — an unchanged
///   subtree is the same objects) are walked from the roots down, each scope on the way
///   transforming the transaction for its subtree, and each changed node's transaction is
///   kept for the text rendering. Views that entered or left the tree in the update
///   (``noteInsertion(_:)``, ``noteRemoval(_:)``) become ``TransitionEvent``s.
///
/// The no-animation path costs a load and a test per state write, and three tests per root
/// update: nothing is walked unless a transaction or an active scope is there.
final class TransactionRecorder {
    /// The host, to queue animation completions (`nil` once it is gone: invalidators of views may
    /// outlive it).
    private let handle: HostHandle
    /// The transaction of the writes the next update applies.
    private(set) var pending: Transaction?
    /// Whether a scope became active (or sets something on its own) during this update.
    var scopeRequested = false
    /// Counts root updates that consumed the pending state: a scope active in the current one
    /// holds its number.
    private(set) var epoch = 0
    /// Views that entered or left the tree during this update.
    private var structural: [(kind: TransitionEvent.Kind, node: DisplayNode)] = []

    /// The transaction of the last update that changed the render tree (`nil`: it had none).
    private(set) var lastTransaction: Transaction?
    /// The nodes that update made, with the transaction each was changed in.
    private var records: [ObjectIdentifier: Record] = [:]
    /// Whether a record has an animation to show.
    private var hasAnimatedRecords = false
    /// The transition events so far (the newest ``maximumEvents``).
    var events: [TransitionEvent] = []
    /// How many transition events are kept.
    static let maximumEvents = 1_000

    init(handle: HostHandle) {
        self.handle = handle
    }

    struct Record {
        /// Held so that its identifier is not reused while the record exists.
        let node: DisplayNode
        let transaction: Transaction
        /// Whether the node itself changed (its kind, its annotations or how many children it
        /// has), not only something inside it.
        let changedItself: Bool
    }

    // MARK: Writes

    /// A state write was made inside `transaction`: the next update applies it.
    func noteWrite(_ transaction: Transaction) {
        if !transaction.completions.isEmpty, let pending, !pending.completions.isEmpty {
            // Writes from different `withAnimation(…completion:)` calls: every completion runs.
            var merged = transaction
            merged.completions = pending.completions + transaction.completions.filter { new in
                !pending.completions.contains { $0 === new }
            }
            self.pending = merged
        } else {
            pending = transaction
        }
        for completion in transaction.completions { completion.isDelivered = true }
    }

    /// Runs the completions of a transaction whose changes were applied (or dropped) after the
    /// flush's actions — headless, an animation completes as soon as its update is done.
    private func complete(_ transaction: Transaction?) {
        guard let transaction, !transaction.completions.isEmpty, let host = handle.host else { return }
        for completion in transaction.completions {
            host.enqueue { completion.run() }
        }
    }

    // MARK: During an update

    /// `node` entered the tree (an `if` branch taken, a `ForEach` element added) after the first update.
    func noteInsertion(_ nodes: [DisplayNode]) {
        for node in nodes { structural.append((.insertion, node)) }
    }

    /// `node` left the tree.
    func noteRemoval(_ nodes: [DisplayNode]) {
        for node in nodes { structural.append((.removal, node)) }
    }

    /// Activates `scope` for the current update.
    func activate(_ scope: TransactionScope) {
        scope.activeEpoch = epoch
        scopeRequested = true
    }

    // MARK: After the root update

    /// The root update produced `current` (it showed `previous` before).
    func rootUpdated(previous: [DisplayNode], current: [DisplayNode]) {
        let changed = previous != current
        guard pending != nil || scopeRequested || !structural.isEmpty else {
            if changed, lastTransaction != nil || !records.isEmpty {
                lastTransaction = nil
                records = [:]
                hasAnimatedRecords = false
            }
            return
        }
        guard changed else { return }
        lastTransaction = pending
        let base = pending ?? Transaction()
        complete(pending)
        pending = nil
        records = [:]
        hasAnimatedRecords = false
        if !base.isEmpty || scopeRequested {
            var old = Set<ObjectIdentifier>()
            collect(previous, into: &old)
            walk(current, old: previous, unchanged: old, inherited: base)
        }
        if !structural.isEmpty {
            recordEvents(previous: previous, current: current, base: base)
        }
        structural = []
        scopeRequested = false
        epoch &+= 1
    }

    /// The end of a flush round (its bodies phase, hosted containers' content included, is
    /// done): what no root update took is dropped.
    func roundEnded() {
        guard pending != nil || scopeRequested || !structural.isEmpty else { return }
        complete(pending)
        pending = nil
        scopeRequested = false
        structural = []
        epoch &+= 1
    }

    private func collect(_ nodes: [DisplayNode], into set: inout Set<ObjectIdentifier>) {
        for node in nodes {
            set.insert(ObjectIdentifier(node))
            collect(node.children, into: &set)
        }
    }

    /// Records the nodes of `nodes` that are new, top-down; `old` are the nodes that were in
    /// their place (paired by position when there are as many).
    private func walk(_ nodes: [DisplayNode], old: [DisplayNode]?, unchanged: Set<ObjectIdentifier>, inherited: Transaction) {
        let paired = old?.count == nodes.count
        for (index, node) in nodes.enumerated() where !unchanged.contains(ObjectIdentifier(node)) {
            var transaction = inherited
            if let scopes = node.annotations?.transactionScopes {
                // The outermost modifier's scope comes last; it applies first.
                for scope in scopes.reversed() where scope.isAlways || scope.activeEpoch == epoch {
                    scope.transform(&transaction)
                }
            }
            let counterpart = paired ? old?[index] : nil
            let changedItself = counterpart.map {
                $0.kind != node.kind || $0.children.count != node.children.count || $0.annotations != node.annotations
            } ?? true
            records[ObjectIdentifier(node)] = Record(node: node, transaction: transaction, changedItself: changedItself)
            if changedItself && transaction.animation != nil { hasAnimatedRecords = true }
            walk(node.children, old: counterpart?.children, unchanged: unchanged, inherited: transaction)
        }
    }

    private func recordEvents(previous: [DisplayNode], current: [DisplayNode], base: Transaction) {
        var parentPaths: [ObjectIdentifier: [Int]]?
        for (kind, node) in structural {
            let explicit = Self.transition(of: node)
            // Without a transition of its own nor any animation in the update, nothing to record.
            if explicit == nil && records.isEmpty && base.animation == nil { continue }
            let transaction: Transaction
            switch kind {
            case .insertion:
                transaction = records[ObjectIdentifier(node)]?.transaction ?? base
            case .removal:
                // Where the node was, in the new tree: the node at its old parent's position.
                if parentPaths == nil {
                    var paths: [ObjectIdentifier: [Int]] = [:]
                    collectParentPaths(previous, path: [], into: &paths)
                    parentPaths = paths
                }
                transaction = parentPaths?[ObjectIdentifier(node)].flatMap { path in
                    descendant(at: path, in: current).flatMap { records[ObjectIdentifier($0)]?.transaction }
                } ?? base
            }
            let transition = explicit.map { kind == .insertion ? $0._insertion : $0._removal } ?? .opacity
            let animation = transition.ownAnimation ?? transaction.animation
            guard animation != nil || explicit != nil else { continue }
            events.append(TransitionEvent(
                kind: kind, view: RenderNode(kind: node.kind).headline, transition: transition, animation: animation))
        }
        if events.count > Self.maximumEvents { events.removeFirst(events.count - Self.maximumEvents) }
    }

    /// The transition of the view `node` shows: its own, or one set inside modifiers that wrap a
    /// single view (`.transition(.slide).padding()`: the trait passes through the padding).
    private static func transition(of node: DisplayNode) -> AnyTransition? {
        var current = node
        while true {
            if let transition = current.annotations?.transition { return transition }
            switch current.kind {
            case .padding, .frame, .flexibleFrame, .decorated:
                guard let content = current.children.first else { return nil }
                current = content
            default:
                return nil
            }
        }
    }

    /// For each node of the tree, the positions from the roots to its parent (empty: a root).
    private func collectParentPaths(_ nodes: [DisplayNode], path: [Int], into paths: inout [ObjectIdentifier: [Int]]) {
        for (index, node) in nodes.enumerated() {
            paths[ObjectIdentifier(node)] = path
            collectParentPaths(node.children, path: path + [index], into: &paths)
        }
    }

    private func descendant(at path: [Int], in nodes: [DisplayNode]) -> DisplayNode? {
        var level = nodes
        var found: DisplayNode?
        for index in path {
            guard index < level.count else { return nil }
            found = level[index]
            level = level[index].children
        }
        return found
    }

    // MARK: Reading

    /// `tree` (made from `nodes`) with `animation=…` on the nodes the last update changed with an
    /// animation.
    func annotate(_ tree: [RenderNode], from nodes: [DisplayNode]) -> [RenderNode] {
        guard hasAnimatedRecords, tree.count == nodes.count else { return tree }
        var tree = tree
        for index in tree.indices {
            annotate(&tree[index], from: nodes[index])
        }
        return tree
    }

    private func annotate(_ tree: inout RenderNode, from node: DisplayNode) {
        guard let record = records[ObjectIdentifier(node)] else { return }
        if record.changedItself, let animation = record.transaction.animation {
            tree.attributes["animation"] = animation.description
        }
        guard tree.children.count == node.children.count else { return }
        for index in tree.children.indices {
            annotate(&tree.children[index], from: node.children[index])
        }
    }
}

/// What a ``View/transaction(_:)`` or ``View/animation(_:value:)`` modifier does to the
/// transaction of the changes in its content; it rides on the content's nodes (in their
/// annotations) so that the recorder's walk meets it above the nodes it applies to.
final class TransactionScope {
    /// Applies whenever the content changes (`.transaction`, the deprecated `.animation(_:)`)
    /// rather than only in the update that activated it (`.animation(_:value:)`).
    let isAlways: Bool
    var transform: (inout Transaction) -> Void = { _ in }
    /// The recorder epoch in which the scope was activated.
    var activeEpoch = -1

    init(isAlways: Bool) {
        self.isAlways = isAlways
    }
}
