/// Where a view is in the tree, for diagnostics: the chain of composite views (and the app)
/// from the root to it. Built while mounting, one link per composite view.
final class ViewPath {
    let parent: ViewPath?
    let type: Any.Type

    init(parent: ViewPath?, type: Any.Type) {
        self.parent = parent
        self.type = type
    }

    /// `AGIssueApp > ContentView > Measured`.
    var description: String {
        var names: [String] = []
        var link: ViewPath? = self
        while let current = link {
            names.append(_typeName(current.type, qualified: false))
            link = current.parent
        }
        return names.reversed().joined(separator: " > ")
    }

    /// The innermost composite view's type name (whose body made the view).
    var bodyTypeName: String { _typeName(type, qualified: false) }
}
