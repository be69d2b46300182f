/// What `#Preview` expands to: a uniquely named type whose ``makePreview()`` builds a
/// `DeclarativeViews.Preview` from the macro's own arguments and trailing closure.
///
/// The expansion is textual — the compiler hands the plugin the macro's source, and the part after
/// `#Preview` is an argument list a `Preview` initializer takes unchanged (`("Name") { … }`,
/// `(traits: .sizeThatFitsLayout) { … }`, or a bare trailing closure). So the body is type-checked as
/// the argument of a real initializer, and the expansion needs no syntax tree.
///
/// The type's name is the compiler's unique-name form (discriminator, length-prefixed name, `fMu_`),
/// the form a freestanding declaration macro may introduce at file scope without declaring it.
package enum PreviewExpansion {
    /// The declaration `#Preview` expands to, or `nil` when `source` is not a `#Preview` use.
    package static func expand(source: String, discriminator: String) -> String? {
        guard let marker = source.range(of: "#Preview") else { return nil }
        let arguments = source[marker.upperBound...]
        let name = uniqueName("Preview", discriminator: discriminator)
        return """
            @MainActor enum \(name): DeclarativeViews.PreviewRegistry {
                static func makePreview() -> DeclarativeViews.Preview {
                    DeclarativeViews.Preview\(arguments)
                }
            }
            """
    }

    /// The name a macro may introduce without declaring it (what a syntax-tree expansion context's
    /// `makeUniqueName` returns for the first use of `name`).
    package static func uniqueName(_ name: String, discriminator: String) -> String {
        "\(discriminator)\(name.utf8.count)\(name)fMu_"
    }
}
