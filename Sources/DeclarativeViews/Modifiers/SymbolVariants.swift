/// A variant of SF Symbols (SwiftUI's `SymbolVariants`): a shape around the symbol, a slash
/// through it, filled. Combined by chaining (`.circle.fill`); recorded by its symbol-name suffix
/// (`circle.fill`, `none` for no variant).
public struct SymbolVariants: Hashable, Sendable, CustomStringConvertible {
    /// The parts, in the order symbol names spell them: a shape, then `slash`, then `fill`.
    private var shape: String?
    private var slashed = false
    private var filled = false

    /// No variant: the symbol as it is named.
    public static let none = SymbolVariants()
    /// The symbol in a circle.
    public static let circle = SymbolVariants(shape: "circle")
    /// The symbol in a square.
    public static let square = SymbolVariants(shape: "square")
    /// The symbol in a rectangle.
    public static let rectangle = SymbolVariants(shape: "rectangle")
    /// The symbol filled.
    public static let fill = SymbolVariants(filled: true)
    /// The symbol with a slash through it.
    public static let slash = SymbolVariants(slashed: true)

    public var circle: SymbolVariants { with(shape: "circle") }
    public var square: SymbolVariants { with(shape: "square") }
    public var rectangle: SymbolVariants { with(shape: "rectangle") }

    public var fill: SymbolVariants {
        var variants = self
        variants.filled = true
        return variants
    }

    public var slash: SymbolVariants {
        var variants = self
        variants.slashed = true
        return variants
    }

    /// Whether every part of `other` is in this variant (`.circle.fill` contains `.fill`).
    public func contains(_ other: SymbolVariants) -> Bool {
        (other.shape == nil || other.shape == shape) && (!other.slashed || slashed) && (!other.filled || filled)
    }

    /// The suffix the variant adds to a symbol's name (`circle.fill`), `none` for none.
    public var description: String {
        let parts = [shape, slashed ? "slash" : nil, filled ? "fill" : nil].compactMap { $0 }
        return parts.isEmpty ? "none" : parts.joined(separator: ".")
    }

    /// The name of the symbol `name` in this variant, spelt as symbol names are — the base name,
    /// then a shape, `slash`, `fill` — with the variant parts the name already ends with kept:
    /// `heart` with `.circle.fill` is `heart.circle.fill`, `heart.fill` with `.circle` is
    /// `heart.circle.fill`, `heart.fill` with `.fill` is unchanged. Headless there is no symbol
    /// catalogue to say whether the variant exists: it is assumed to.
    func symbolName(_ name: String) -> String {
        var base = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var named = SymbolVariants()
        while base.count > 1, let last = base.last {
            switch last {
            case "circle", "square", "rectangle": named.shape = named.shape ?? last
            case "slash": named.slashed = true
            case "fill": named.filled = true
            default: break
            }
            guard ["circle", "square", "rectangle", "slash", "fill"].contains(last) else { break }
            base.removeLast()
        }
        let shape = named.shape ?? self.shape
        let parts = [shape, named.slashed || slashed ? "slash" : nil, named.filled || filled ? "fill" : nil]
        return (base + parts.compactMap { $0 }).joined(separator: ".")
    }

    private func with(shape: String) -> SymbolVariants {
        var variants = self
        variants.shape = shape
        return variants
    }
}

extension View {
    /// Shows the symbols inside in `variant`: recorded (`symbolVariant=circle.fill`) and set as the
    /// environment's `symbolVariants`.
    public func symbolVariant(_ variant: SymbolVariants) -> _RecordedEnvironment<Self, SymbolVariants> {
        _recording("symbolVariant", variant.description, \.symbolVariants, variant)
    }
}
