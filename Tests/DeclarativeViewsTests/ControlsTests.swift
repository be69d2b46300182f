import DeclarativeViews
import Foundation
import Testing

/// Controls and leaf views, headless: what they show, what they record, and how a test drives them.
@MainActor @Suite struct ControlsTests {
    struct Settings: View {
        @State private var wifi = true
        @State private var name = ""
        @State private var password = ""
        @State private var volume = 3
        var body: some View {
            Form {
                Section("Network") {
                    Toggle("Wi-Fi", isOn: $wifi)
                    Text(wifi ? "connected" : "offline")
                }
                Section {
                    TextField("Name", text: $name)
                    SecureField("Password", text: $password)
                    Text("hello \(name)")
                } header: {
                    Label("Account", systemImage: "person")
                }
                DeclarativeViews.Stepper("Volume \(volume)", value: $volume, in: 0...5)
                ProgressView(value: 0.4)
                Link("Help", destination: URL(string: "https://example.com/help")!)
                Button("Delete", role: .destructive) {}
                Button("Add", systemImage: "plus") {}
            }
        }
    }

    @Test func controlsShowTheirStateAndTestsDriveThem() throws {
        let (host, scheduler) = mount(Settings())
        var text = host.renderedText
        #expect(text.contains(#"Button "Wi-Fi" [toggle=on]"#))
        #expect(text.contains(#"Text "<Name>" [textField=Name]"#))
        #expect(text.contains(#"Text "[person]" [systemImage=person]"#))
        #expect(text.contains(#"Text "Network""#))
        #expect(text.contains("ProgressView 40%"))
        #expect(text.contains("[link=https://example.com/help]"))

        try host.toggle("Wi-Fi")
        try host.type("Ada", into: "Name")
        try host.type("secret", into: "Password")
        scheduler.flush()
        text = host.renderedText
        #expect(text.contains(#"Button "Wi-Fi" [toggle=off]"#) && text.contains("offline"))
        #expect(text.contains(#"Text "Ada" [textField=Name]"#) && text.contains("hello Ada"))
        #expect(text.contains(#"Text "••••••" [secure, textField=Password]"#))

        for _ in 0..<4 { try host.tap("+"); scheduler.flush() }
        #expect(host.renderedText.contains("Volume 5"), "the stepper stops at the end of its range")
        try host.tap("-")
        scheduler.flush()
        #expect(host.renderedText.contains("Volume 4"))

        #expect(throws: ViewHostError.toggleNotFound(label: "Bluetooth", available: ["Wi-Fi"])) {
            try host.toggle("Bluetooth")
        }
        #expect(throws: ViewHostError.textFieldNotFound(field: "Email", available: ["Name", "Password"])) {
            try host.type("a@b.c", into: "Email")
        }
    }

    @Test func scrollViewsAndLazyStacksLayOutAsStacks() {
        let host = layOut(
            ScrollView {
                LazyVStack(alignment: .leading) {
                    ForEach(0..<3) { Text("row \($0)") }
                }
                ScrollView(.horizontal) {
                    LazyHStack { Text("a"); Text("b") }
                }
                GroupBox("Box") { Text("inside") }
            }, width: 300, height: 300)
        let text = host.renderedText
        for part in ["row 0", "row 2", "\"a\"", "\"b\"", "Box", "inside"] {
            #expect(text.contains(part), "\(part) in \(text)")
        }
        let rows = host.renderTree.first.map(\.text) ?? ""
        #expect(rows.hasPrefix("row 0 row 1 row 2"))
    }

    @Test func imagesAreNamedPlaceholdersWithASize() {
        let host = layOut(Image(systemName: "star.fill"))
        #expect(host.renderedText.contains(#"Text "[star.fill]" [systemImage=star.fill]"#))
        #expect(host.renderTree.first?.frame?.width == CGFloat("[star.fill]".count) * TextMetrics.cellWidth)
    }
}

@MainActor @Suite struct ListAndGestureTests {
    struct Rows: View {
        @State private var tapped = "none"
        var body: some View {
            VStack {
                Text("tapped \(tapped)")
                List(0..<3) { index in
                    Text("Row \(index)").onTapGesture { tapped = "\(index)" }
                }
            }
        }
    }

    @Test func listsOverRangesAndTapGestures() throws {
        let (host, scheduler) = mount(Rows())
        #expect(host.renderedText.contains(#"Button "Row 2" [onTapGesture]"#))
        try host.tap("Row 1")
        scheduler.flush()
        #expect(host.renderedText.contains("tapped 1"))
    }
}
