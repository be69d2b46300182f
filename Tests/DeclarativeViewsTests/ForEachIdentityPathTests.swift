import AttrGraph
import DeclarativeViews
import RunLoopBridge
import Testing

// `ForEach` works out its ids by one of three paths: a range identified by its integers (code
// specialised for `Int`), elements that are their own ids (`id: \.self`, read without the key
// path), and any other key path. These scenarios run the same rows through each path and check
// that a row (a `Counter`, which records when it leaves) keeps its state by id, whichever
// path found it.

/// Rows for the integers of a range the test moves.
private struct ShiftingRange: View {
    @State private var lower = 3
    let recorder: Recorder
    var body: some View {
        VStack {
            Button("shift") { lower += 1 }
            ForEach(lower..<lower + 3) { number in
                Counter(name: "n\(number)", recorder: recorder)
            }
        }
    }
}

private struct NumberedItem: Identifiable {
    let id: Int
    let name: String
}

/// `Identifiable` elements with integer ids, in an order the test reverses.
private struct ReversibleItems: View {
    @State private var items = [NumberedItem(id: 7, name: "seven"), NumberedItem(id: 2, name: "two"), NumberedItem(id: 9, name: "nine")]
    let recorder: Recorder
    var body: some View {
        VStack {
            Button("reverse") { items.reverse() }
            Button("drop two") { items.removeAll { $0.id == 2 } }
            ForEach(items) { item in
                Counter(name: item.name, recorder: recorder)
            }
        }
    }
}

/// Letters with a repeated one, which the test extends and then de-duplicates.
private struct RepeatedLetters: View {
    @State private var letters = ["a", "a", "b"]
    let recorder: Recorder
    var body: some View {
        VStack {
            Button("add c") { letters.append("c") }
            Button("drop the repeat") { letters.remove(at: 1) }
            ForEach(letters, id: \.self) { letter in
                Counter(name: letter, recorder: recorder)
            }
        }
    }
}

extension Int {
    /// An id that two integers share, to see the range path give way to the key path.
    fileprivate var parity: Int { self % 2 }
}

private struct Texts<Content: View>: View {
    let content: Content
    var body: some View { VStack { content } }
}

/// Taps each button in turn, bringing the host up to date after each.
@MainActor
private func press(_ host: ViewHost, _ labels: String...) throws {
    for label in labels {
        try host.tap(label)
        host.update()
    }
}

@MainActor
@Suite struct ForEachIdentityPathTests {
    @Test func aShiftedRangeKeepsTheStateOfTheIntegersItStillHas() throws {
        let recorder = Recorder()
        let (host, _) = mount(ShiftingRange(recorder: recorder))
        #expect(host.buttonLabels == ["shift", "n3 0", "n4 0", "n5 0"])
        try press(host, "n4 0", "n5 0", "n5 1", "shift")
        // 3 left, 4 and 5 kept their counts at their new positions, 6 is new.
        #expect(host.buttonLabels == ["shift", "n4 1", "n5 2", "n6 0"])
        #expect(recorder.take() == ["disappear n3"])
    }

    @Test func integerIdsOfIdentifiableElementsKeepStateAcrossAReorder() throws {
        let recorder = Recorder()
        let (host, _) = mount(ReversibleItems(recorder: recorder))
        try press(host, "two 0")
        #expect(host.buttonLabels == ["reverse", "drop two", "seven 0", "two 1", "nine 0"])
        try press(host, "reverse")
        #expect(host.buttonLabels == ["reverse", "drop two", "nine 0", "two 1", "seven 0"])
        try press(host, "drop two")
        #expect(host.buttonLabels == ["reverse", "drop two", "nine 0", "seven 0"])
        #expect(recorder.take() == ["disappear two"])
    }

    /// After data with a repeated id, an id's position in the data is past its row: a change
    /// then used to take another row's subgraph, or index past the rows and stop the process.
    @Test func dataThatRepeatedAnIdChangesWithoutMixingUpRows() throws {
        let recorder = Recorder()
        let capture = DiagnosticSink.Capture()
        let host = ViewHost(RepeatedLetters(recorder: recorder), scheduler: ManualUpdateScheduler())
        host.graph.diagnosticSink = capture.sink
        host.update()
        #expect(host.buttonLabels == ["add c", "drop the repeat", "a 0", "b 0"])
        #expect(capture.text.contains("the ID a occurs multiple times"))
        try press(host, "b 0", "add c")
        #expect(host.buttonLabels == ["add c", "drop the repeat", "a 0", "b 1", "c 0"])
        try press(host, "a 0", "drop the repeat")
        #expect(host.buttonLabels == ["add c", "drop the repeat", "a 1", "b 1", "c 0"])
        #expect(recorder.take().isEmpty, "no row left")
    }

    @Test func everyIdentityPathShowsTheSameRows() {
        func texts<Content: View>(_ content: Content) -> [String] {
            let (host, _) = mount(Texts(content: content))
            return host.renderedText.split(separator: "\n").filter { $0.contains("Text") }.map(String.init)
        }
        let range = texts(ForEach(2..<6) { Text("row \($0)") })
        #expect(range.count == 4)
        #expect(range.first?.contains("row 2") == true)
        #expect(range.last?.contains("row 5") == true)
        // The same integers, as their own ids but not a range; by a key path to a string.
        #expect(texts(ForEach(Array(2..<6), id: \.self) { Text("row \($0)") }) == range)
        #expect(texts(ForEach(2..<6, id: \.description) { Text("row \($0)") }) == range)
        #expect(texts(ForEach(2..<6, id: \.self) { Text("row \($0)") }) == range)
    }

    @Test func aRangeIdentifiedByAnotherKeyPathReportsItsRepeatedIds() {
        let capture = DiagnosticSink.Capture()
        let host = ViewHost(
            Texts(content: ForEach(0..<4, id: \.parity) { Text("row \($0)") }), scheduler: ManualUpdateScheduler())
        host.graph.diagnosticSink = capture.sink
        host.update()
        // Ids 0 and 1 each occur twice: the first element of each is shown.
        #expect(host.renderedText.contains(#"Text "row 0""#))
        #expect(host.renderedText.contains(#"Text "row 1""#))
        #expect(!host.renderedText.contains(#"Text "row 2""#))
        #expect(!host.renderedText.contains(#"Text "row 3""#))
        #expect(capture.text.contains("occurs multiple times within the collection"))
    }
}
