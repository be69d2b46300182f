import DeclarativeViews
import Foundation
import Testing

/// A `Menu` given `primaryAction:` runs it when its label is tapped and opens on a long press;
/// styles that draw the built-in control from their configuration (`Menu(configuration)`,
/// `Form(configuration)`, `ControlGroup(configuration)`, `LabeledContent(configuration)`) show
/// what the control shows.
@MainActor @Suite struct MenuPrimaryActionAndStyleConfigurationTests {
    struct Screen: View {
        @State private var log: [String] = []
        var body: some View {
            VStack {
                Menu("Reply") {
                    Button("Forward") { log.append("forward") }
                } primaryAction: {
                    log.append("reply")
                }
                Menu(String("Share")) {
                    Button("Mail") { log.append("mail") }
                } primaryAction: {
                    log.append("share")
                }
                Menu {
                    Button("Archive") { log.append("archive") }
                } label: {
                    Text("File")
                } primaryAction: {
                    log.append("file")
                }
                Text("log \(log.joined(separator: ","))")
            }
        }
    }

    @Test func tappingAMenuWithAPrimaryActionRunsItAndALongPressOpensTheMenu() throws {
        let (host, scheduler) = mount(Screen())
        try host.tap("Reply")
        scheduler.flush()
        #expect(host.renderedText.contains("log reply"))
        #expect(!host.buttonLabels.contains("Forward"), "a tap does not open the menu")
        try host.longPress("Reply")
        scheduler.flush()
        try host.tap("Forward")
        scheduler.flush()
        #expect(host.renderedText.contains("log reply,forward"))
        try host.tap("Share")
        scheduler.flush()
        try host.tap("File")
        scheduler.flush()
        try host.longPress("File")
        scheduler.flush()
        try host.tap("Archive")
        scheduler.flush()
        #expect(host.renderedText.contains("log reply,forward,share,file,archive"))
    }

    struct BuiltInMenu: MenuStyle {
        func makeBody(configuration: Configuration) -> some View { VStack { Text("menu:"); Menu(configuration) } }
    }

    struct BuiltInForm: FormStyle {
        func makeBody(configuration: Configuration) -> some View { VStack { Text("form:"); Form(configuration) } }
    }

    struct BuiltInGroup: ControlGroupStyle {
        func makeBody(configuration: Configuration) -> some View { VStack { Text("group:"); ControlGroup(configuration) } }
    }

    struct BuiltInLabeled: LabeledContentStyle {
        func makeBody(configuration: Configuration) -> some View { VStack { Text("labeled:"); LabeledContent(configuration) } }
    }

    struct Styled: View {
        @State private var log: [String] = []
        var body: some View {
            VStack {
                Menu("Edit") { Button("Undo") { log.append("undo") } }.menuStyle(BuiltInMenu())
                Form { Text("Field row") }.formStyle(BuiltInForm())
                ControlGroup { Button("Bold") { log.append("bold") } }.controlGroupStyle(BuiltInGroup())
                LabeledContent("Build", value: "42").labeledContentStyle(BuiltInLabeled())
                Text("log \(log.joined(separator: ","))")
            }
        }
    }

    @Test func stylesDrawingTheBuiltInControlFromTheirConfigurationShowAndDriveIt() throws {
        let (host, scheduler) = mount(Styled())
        let text = host.renderedText
        for marker in ["menu:", "form:", "group:", "labeled:", "Field row", "Build", "42"] {
            #expect(text.contains(#"Text "\#(marker)""#), "\(marker) shows")
        }
        try host.tap("Edit")
        scheduler.flush()
        try host.tap("Undo")
        scheduler.flush()
        try host.tap("Bold")
        scheduler.flush()
        #expect(host.renderedText.contains("log undo,bold"))
    }
}
