import DeclarativeViews
import Testing

struct Item: Identifiable, Equatable {
    let id: Int
    let name: String
}

struct Vocabulary: View {
    @State private var flag = true
    let items = [Item(id: 1, name: "one"), Item(id: 2, name: "two")]

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text("Title")
            HStack {
                Text("a")
                Spacer()
                Text("b")
            }
            ZStack(alignment: .topLeading) {
                Text("back")
                Text("front")
            }
            if flag {
                Text("yes")
            } else {
                Text("no")
            }
            switch items.count {
            case 0: Text("none")
            case 1: Text("one item")
            default: Text("\(items.count) items")
            }
            if let first = items.first {
                Text(first.name)
            }
            ForEach(items) { item in
                Text(item.name)
            }
            Group {
                Text("g1")
                Text("g2")
            }
            .padding(8)
            Text("framed").frame(width: 100, height: 20)
            Button("Toggle") { flag.toggle() }
            Divider()
            List {
                Text("row")
            }
            AnyView(Text("erased"))
            EmptyView()
        }
    }
}

struct Tabs: View {
    @State private var selection = 2
    var body: some View {
        TabView(selection: $selection) {
            Text("Inbox").tabItem { Text("Mail") }.tag(1)
            Text("Settings").tabItem { Text("Gear") }.tag(2)
        }
    }
}

struct ThreeColumns: View {
    var body: some View {
        NavigationSplitView {
            Text("Folders")
        } content: {
            Text("Messages")
        } detail: {
            NavigationStack {
                Text("Message").navigationTitle("Read")
            }
        }
    }
}

/// SwiftUI code that spells out a builder's result type: `TupleView<(…)>`, as in SwiftUI.
struct SpelledOutTuple: View {
    var body: VStack<TupleView<(Text, Button<Text>, Text)>> {
        VStack {
            Text("first")
            Button("second") {}
            Text("third")
        }
    }
}

@MainActor
@Suite struct RenderingTests {
    @Test func theVocabularyRendersAsAStableIndentedTree() throws {
        let (host, _) = mount(Vocabulary())
        #expect(host.renderedText == """
            VStack alignment=leading spacing=4
              Text "Title"
              HStack
                Text "a"
                Spacer
                Text "b"
              ZStack alignment=topLeading
                Text "back"
                Text "front"
              Text "yes"
              Text "2 items"
              Text "one"
              Text "one"
              Text "two"
              Padding 8
                Text "g1"
              Padding 8
                Text "g2"
              Frame width=100 height=20
                Text "framed"
              Button "Toggle"
              Divider
              List
                Text "row"
              Text "erased"
            """)
        try host.tap("Toggle")
        host.update()
        #expect(host.renderTree.first?.children[3].kind == .text("no"))
    }

    @Test func tabsShowTheirLabelsAndTheSelectedTab() {
        let (host, _) = mount(Tabs())
        #expect(host.renderedText == """
            TabView
              Tab "Mail"
                Text "Inbox"
              Tab "Gear" (selected)
                Text "Settings"
            """)
    }

    @Test func splitViewColumnsAndNavigationStacks() {
        let (host, _) = mount(ThreeColumns())
        #expect(host.renderedText == """
            NavigationSplitView
              sidebar:
                Text "Folders"
              content:
                Text "Messages"
              detail:
                NavigationStack "Read"
                  Text "Message"
            """)
    }

    @Test func textEscapesQuotesAndNewlines() {
        let (host, _) = mount(Text(verbatim: "say \"hi\"\nbye"))
        #expect(host.renderedText == #"Text "say \"hi\"\nbye""#)
    }

    @Test func tappingAMissingButtonSaysWhatIsThere() {
        let (host, _) = mount(Vocabulary())
        #expect(throws: ViewHostError.buttonNotFound(label: "Save", available: ["Toggle"])) {
            try host.tap("Save")
        }
        let message = String(describing: ViewHostError.buttonNotFound(label: "Save", available: ["Toggle"]))
        #expect(message == #"no button labelled "Save" is on screen (buttons: "Toggle"); call update() first if it should have appeared"#)
    }

    @Test func disabledButtonsRenderSoAndCannotBeTapped() {
        struct Form: View {
            var body: some View {
                Button("Save") {}.disabled(true)
            }
        }
        let (host, _) = mount(Form())
        #expect(host.renderedText == #"Button "Save" (disabled)"#)
        #expect(throws: ViewHostError.buttonDisabled(label: "Save")) { try host.tap("Save") }
    }

    @Test func aBlockIsATupleViewOfItsViewsTypesAsInSwiftUI() {
        let block = ViewBuilder.buildBlock(Text("a"), Image(systemName: "star"))
        #expect(type(of: block) == TupleView<(Text, Image)>.self)
        let (host, _) = mount(SpelledOutTuple())
        #expect(host.renderedText == """
            VStack
              Text "first"
              Button "second"
              Text "third"
            """)
    }

    @Test func aTupleViewOfSomethingNotAViewStopsNamingTheElement() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                _ = mount(TupleView((Text("fine"), 42)))
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("DeclarativeViews: element 1 of TupleView<(Text, Int)> is Int, which is not a View."), "\(stderr)")
    }
}
