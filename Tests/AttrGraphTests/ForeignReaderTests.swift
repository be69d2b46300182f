import AttrGraph
import Testing

/// `AnyAttribute.foreignReader`: which running rule could not record a read of an attribute
/// (the query a layer asks instead of making the read the engine refuses).
@Suite struct ForeignReaderTests {
    /// What a rule saw: the foreign reader of each attribute, by name.
    final class Seen {
        var readers: [String: AnyAttribute?] = [:]
    }

    @Test func aRuleOfAnotherStorageIsTheForeignReaderAndOneSharingTheStorageIsNot() {
        let owner = Graph()
        let ownerRoot = Subgraph(graph: owner)
        let state = ownerRoot.apply { Attribute(value: 5) }
        let sharing = Graph(shared: owner)
        let sharingRoot = Subgraph(graph: sharing)
        let separate = Graph()
        let separateRoot = Subgraph(graph: separate)
        let seen = Seen()

        #expect(state.identifier.foreignReader == nil)  // no rule runs

        let separateRule = separateRoot.apply {
            Attribute(Map(Attribute(value: 1)) { value -> Int in
                seen.readers["separate"] = state.identifier.foreignReader
                return value
            })
        }
        _ = separateRule.value
        #expect(seen.readers["separate"] == separateRule.identifier)

        let sharingRule = sharingRoot.apply {
            Attribute(Map(Attribute(value: 1)) { value -> Int in
                seen.readers["sharing"] = state.identifier.foreignReader
                return value + state.value  // a dependency across contexts of one storage
            })
        }
        #expect(sharingRule.value == 6)
        #expect(seen.readers["sharing"] == .some(nil))
        withExtendedLifetime((ownerRoot, sharingRoot, separateRoot)) {}
    }
}
