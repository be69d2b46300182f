import DeclarativeViews
import Foundation
import Testing

/// Custom styles: a style's `makeBody(configuration:)` draws the control, from the parts the
/// configuration gives it (label, binding, action), under the view the style is set on.
@MainActor
@Suite struct ControlStyleTests {
    struct Pill: ButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            HStack {
                Text(configuration.isPressed ? "(pressed)" : "(pill)")
                configuration.label
                if configuration.role == .destructive { Text("!") }
            }
        }
    }

    /// Runs the action only on a second tap: its body makes its own button.
    struct Confirming: PrimitiveButtonStyle {
        func makeBody(configuration: Configuration) -> some View {
            ConfirmingButton(configuration: configuration)
        }
    }

    struct ConfirmingButton: View {
        let configuration: PrimitiveButtonStyleConfiguration
        @State private var armed = false
        var body: some View {
            if armed {
                Button("Confirm") { armed = false; configuration.trigger() }
            } else {
                Button(action: { armed = true }) { configuration.label }
            }
        }
    }

    struct Checkbox: ToggleStyle {
        func makeBody(configuration: Configuration) -> some View {
            Button(action: { configuration.isOn.toggle() }) {
                HStack {
                    Text(configuration.isOn ? "[x]" : "[ ]")
                    configuration.label
                }
            }
        }
    }

    struct Stacked: LabelStyle {
        func makeBody(configuration: Configuration) -> some View {
            VStack {
                configuration.icon
                configuration.title
            }
        }
    }

    struct Card: GroupBoxStyle {
        func makeBody(configuration: Configuration) -> some View {
            VStack {
                HStack { Text("##"); configuration.label }
                configuration.content
            }
        }
    }

    struct Percent: ProgressViewStyle {
        func makeBody(configuration: Configuration) -> some View {
            HStack {
                configuration.label
                Text(configuration.fractionCompleted.map { "\(Int($0 * 100)) percent" } ?? "spinning")
            }
        }
    }

    struct Panel: View {
        @State var log: [String] = []
        @State var isOn = false
        var body: some View {
            VStack {
                Button("Save") { log.append("save") }.buttonStyle(Pill())
                Button("Erase", role: .destructive) { log.append("erase") }.buttonStyle(Pill())
                Button("Launch") { log.append("launch") }.buttonStyle(Confirming())
                Toggle("Alarm", isOn: $isOn).toggleStyle(Checkbox())
                Label("Inbox", systemImage: "tray").labelStyle(Stacked())
                GroupBox("Stats") { Text("42") }.groupBoxStyle(Card())
                ProgressView("Copy", value: 0.25).progressViewStyle(Percent())
                Text("log \(log.joined(separator: " ")) \(isOn)")
            }
        }
    }

    @Test func aButtonStylesBodyIsTheTappableButtonsLabel() throws {
        let (host, scheduler) = mount(Panel())
        let save = try host.inspect().find(button: "(pill) Save")
        #expect(save.attributes["buttonStyle"] == "Pill")
        #expect(host.buttonLabels.contains("(pill) Erase !"), "the configuration carries the role")
        try host.tap("(pill) Save")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"log save false\""))
    }

    @Test func aPrimitiveButtonStyleDecidesWhenTheActionRuns() throws {
        let (host, scheduler) = mount(Panel())
        try host.tap("Launch")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"log  false\""), "the first tap only arms the button")
        try host.tap("Confirm")
        scheduler.flush()
        #expect(host.renderedText.contains("Text \"log launch false\""))
    }

    @Test func aToggleStyleDrawsTheToggleAndSetsItsBinding() throws {
        let (host, scheduler) = mount(Panel())
        #expect(host.buttonLabels.contains("[ ] Alarm"))
        try host.tap("[ ] Alarm")
        scheduler.flush()
        #expect(host.buttonLabels.contains("[x] Alarm"))
        #expect(host.renderedText.contains("Text \"log  true\""))
    }

    @Test func labelGroupBoxAndProgressViewStylesDrawFromTheirConfiguration() throws {
        let (host, _) = mount(Panel())
        let nodes = host.renderTree[0].children
        guard case .vstack = nodes[4].kind else {
            Issue.record("the label style stacks icon over title: \(nodes[4])")
            return
        }
        #expect(nodes[4].text == "[tray] Inbox")
        #expect(nodes[5].text == "## Stats 42")
        #expect(nodes[6].text == "Copy 25 percent")
    }

    @Test func builtInStylesKeepTheBuiltInLookAndTheNewestStyleWins() throws {
        let (host, scheduler) = mount(VStack {
            Label("Title", systemImage: "star").labelStyle(.titleOnly)
            Label("Icon", systemImage: "bolt").labelStyle(.iconOnly)
            Toggle("Plain", isOn: .constant(true)).toggleStyle(.switch).toggleStyle(Checkbox())
            Button("Bordered") {}.buttonStyle(.bordered)
            ProgressView(value: 0.5).progressViewStyle(.linear)
            GroupBox { Text("inside") }.groupBoxStyle(.automatic)
        })
        let nodes = host.renderTree[0].children
        #expect(nodes[0].text == "Title")
        #expect(nodes[1].text == "[bolt]")
        #expect(host.buttonLabels == ["Plain", "Bordered"], "the style closest to the toggle wins")
        #expect(nodes[3].attributes["buttonStyle"] == "bordered")
        #expect(nodes[4].text == "ProgressView 50%")
        #expect(nodes[5].text == "inside")
        try host.tap("Bordered")
        scheduler.flush()
    }

    /// Styles written against the configuration types by name.
    struct Meter: ProgressViewStyle {
        func makeBody(configuration: ProgressViewStyleConfiguration) -> some View {
            let current: ProgressViewStyleConfiguration.CurrentValueLabel? = configuration.currentValueLabel
            HStack {
                Text("meter")
                current
            }
        }
    }

    struct Tristate: ToggleStyle {
        func makeBody(configuration: ToggleStyleConfiguration) -> some View {
            Text(configuration.isMixed ? "mixed" : configuration.isOn ? "on" : "off")
        }
    }

    struct TitleFirst: LabelStyle {
        func makeBody(configuration: LabelStyleConfiguration) -> some View {
            HStack {
                configuration.title
                configuration.icon
            }
        }
    }

    struct ContentOnly: GroupBoxStyle {
        func makeBody(configuration: GroupBoxStyleConfiguration) -> some View { configuration.content }
    }

    @Test func stylesReadEveryPartOfTheirConfiguration() {
        let (host, _) = mount(VStack {
            ProgressView(value: 0.5) { Text("copy") } currentValueLabel: { Text("half") }.progressViewStyle(Meter())
            Toggle("Sync", isOn: .constant(true)).toggleStyle(Tristate())
            Label("Name", systemImage: "person").labelStyle(TitleFirst())
            GroupBox("Hidden title") { Text("body") }.groupBoxStyle(ContentOnly())
            GroupBox("Shown") { Text("content") }.groupBoxStyle(DefaultGroupBoxStyle())
        })
        #expect(host.renderTree[0].children.map(\.text) == ["meter half", "on", "Name [person]", "body", "Shown content"])
    }
}
