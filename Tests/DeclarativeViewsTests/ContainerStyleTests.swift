import DeclarativeViews
import Foundation
import Testing

/// Custom styles of labeled content, gauges, disclosure groups, menus, control groups, forms and
/// date pickers draw the control from their configuration; the built-in ones keep the built-in
/// control and are recorded by name.
@MainActor
@Suite struct ContainerStyleTests {
    /// The attribute `key` on `view` or the nearest of its ancestors that has it (a control's
    /// style is recorded on the control's outermost node).
    func attribute(_ key: String, of view: InspectedView) -> String? {
        var current: InspectedView? = view
        while let node = current {
            if let value = node.attributes[key] { return value }
            current = node.parent
        }
        return nil
    }

    struct Stacked: LabeledContentStyle {
        func makeBody(configuration: Configuration) -> some View {
            VStack {
                configuration.content
                configuration.label
            }
        }
    }

    struct Readout: GaugeStyle {
        func makeBody(configuration: GaugeStyleConfiguration) -> some View {
            HStack {
                configuration.label
                Text("\(Int(configuration.value * 100)) of 100")
                configuration.currentValueLabel
                configuration.minimumValueLabel
                configuration.maximumValueLabel
            }
        }
    }

    struct Chevron: DisclosureGroupStyle {
        func makeBody(configuration: Configuration) -> some View {
            VStack {
                Button(action: { configuration.isExpanded.toggle() }) {
                    HStack {
                        Text(configuration.isExpanded ? "v" : ">")
                        configuration.label
                    }
                }
                if configuration.isExpanded { configuration.content }
            }
        }
    }

    struct Framed: MenuStyle {
        func makeBody(configuration: Configuration) -> some View {
            HStack {
                Text("[")
                Menu(configuration)
                Text("]")
            }
        }
    }

    struct Captioned: ControlGroupStyle {
        func makeBody(configuration: ControlGroupStyleConfiguration) -> some View {
            VStack {
                configuration.content
                HStack { Text("group:"); configuration.label }
            }
        }
    }

    struct Sheet: FormStyle {
        func makeBody(configuration: FormStyleConfiguration) -> some View {
            VStack {
                Text("form")
                configuration.content
            }
        }
    }

    struct Tomorrow: DatePickerStyle {
        func makeBody(configuration: DatePickerStyleConfiguration) -> some View {
            Button(action: { configuration.selection = configuration.selection.addingTimeInterval(86_400) }) {
                HStack {
                    configuration.label
                    Text(configuration.maximumDate == nil ? "open-ended" : "bounded")
                    Text(configuration.displayedComponents == .date ? "date only" : "date and time")
                }
            }
        }
    }

    struct Panel: View {
        @State var expanded = false
        @State var log: [String] = []
        @State var due = Date(timeIntervalSince1970: 0)
        var body: some View {
            VStack {
                LabeledContent("Version", value: "1.2").labeledContentStyle(Stacked())
                Gauge(value: 30, in: 0...120) { Text("Speed") } currentValueLabel: { Text("30") }
                    .gaugeStyle(Readout())
                DisclosureGroup("Advanced", isExpanded: $expanded) { Text("Hidden knob") }
                    .disclosureGroupStyle(Chevron())
                Menu("Actions") { Button("Copy") { log.append("copy") } }.menuStyle(Framed())
                ControlGroup { Button("Bold") { log.append("bold") }; Button("Italic") {} } label: { Text("Format") }
                    .controlGroupStyle(Captioned())
                Form { Text("Name") }.formStyle(Sheet())
                DatePicker("Due", selection: $due, displayedComponents: .date).datePickerStyle(Tomorrow())
                Text("log \(log.joined(separator: " ")) expanded \(expanded) due \(Int(due.timeIntervalSince1970))")
            }
        }
    }

    @Test func customContainerStylesDrawFromTheirConfiguration() throws {
        let (host, _) = mount(Panel())
        let nodes = host.renderTree[0].children
        #expect(nodes[0].text == "1.2 Version", "the style put the value above its label")
        #expect(nodes[1].text == "Speed 25 of 100 30", "the gauge's place between its bounds, and no bound labels")
        #expect(host.buttonLabels.contains("> Advanced"))
        #expect(nodes[5].text == "form Name")
        #expect(host.buttonLabels.contains("Due open-ended date only"))
        let group = try host.inspect().find(text: "group:").parent
        #expect(group?.renderNode.text == "group: Format")
        #expect(attribute("controlGroupStyle", of: try host.inspect().find(text: "Format")) == "Captioned")
    }

    @Test func aDisclosureGroupStyleOpensTheGroupThroughItsBinding() throws {
        let (host, scheduler) = mount(Panel())
        #expect(!host.renderedText.contains("Hidden knob"))
        try host.tap("> Advanced")
        scheduler.flush()
        #expect(host.buttonLabels.contains("v Advanced"))
        #expect(host.renderedText.contains("Hidden knob"))
        #expect(host.renderedText.contains("expanded true"), "the group's binding was set")
    }

    @Test func aMenuStyleWrapsTheBuiltInMenuWhichStillOpensAndRuns() throws {
        let (host, scheduler) = mount(Panel())
        try host.tap("Actions")
        scheduler.flush()
        try host.tap("Copy")
        scheduler.flush()
        #expect(host.renderedText.contains("log copy"))
        #expect(attribute("menuStyle", of: try host.inspect().find(text: "[")) == "Framed")
    }

    @Test func aControlGroupStylesControlsStayTappable() throws {
        let (host, scheduler) = mount(Panel())
        try host.tap("Bold")
        scheduler.flush()
        #expect(host.renderedText.contains("log bold"))
    }

    @Test func aDatePickerStyleSetsTheSelection() throws {
        let (host, scheduler) = mount(Panel())
        try host.tap("Due open-ended date only")
        scheduler.flush()
        #expect(host.renderedText.contains("due 86400"))
    }

    @Test func builtInContainerStylesKeepTheBuiltInControlAndRecordTheirName() throws {
        let due = Binding.constant(Date(timeIntervalSince1970: 0))
        let (host, scheduler) = mount(VStack {
            LabeledContent("Build", value: "7").labeledContentStyle(.automatic)
            Gauge(value: 0.4) { Text("Battery") }.gaugeStyle(.accessoryCircular)
            Gauge(value: 0.5) { Text("Disk") }.gaugeStyle(.linearCapacity)
            DisclosureGroup("More") { Text("Extra") }.disclosureGroupStyle(.automatic)
            Menu("File") { Button("Open") {} }.menuStyle(.button)
            ControlGroup { Button("Undo") {} }.controlGroupStyle(.navigation)
            Form { Text("Row") }.formStyle(.grouped)
            DatePicker("Start", selection: due, displayedComponents: .date).datePickerStyle(.compact)
        })
        let nodes = host.renderTree[0].children
        #expect(nodes[0].text == "Build 7")
        #expect(nodes[1].text == "Battery Gauge 40%")
        let inspected = try host.inspect()
        #expect(attribute("gaugeStyle", of: try inspected.find(text: "Gauge 40%")) == "accessoryCircular")
        #expect(attribute("gaugeStyle", of: try inspected.find(text: "Gauge 50%")) == "linearCapacity")
        #expect(try inspected.find(button: "More").attributes["disclosure"] == "collapsed")
        #expect(attribute("menuStyle", of: try inspected.find(button: "File")) == "button")
        #expect(attribute("controlGroupStyle", of: try inspected.find(button: "Undo")) == "navigation")
        #expect(attribute("formStyle", of: try inspected.find(text: "Row")) == "grouped")
        #expect(attribute("datePickerStyle", of: try inspected.find(text: "Start")) == "compact")
        try host.tap("More")
        scheduler.flush()
        #expect(host.renderedText.contains("Extra"))
        try host.type("1999-12-31", into: "Start")
        scheduler.flush()
    }

    @Test func everyBuiltInStyleIsConstructibleAsInSwiftUI() throws {
        let (host, _) = mount(VStack {
            Gauge(value: 0.1) { Text("a") }.gaugeStyle(AccessoryLinearGaugeStyle())
            Gauge(value: 0.2) { Text("b") }.gaugeStyle(.accessoryLinearCapacity)
            Gauge(value: 0.3) { Text("c") }.gaugeStyle(.accessoryCircularCapacity)
            Gauge(value: 0.4) { Text("d") }.gaugeStyle(DefaultGaugeStyle())
            Menu("m1") { Text("x") }.menuStyle(BorderlessButtonMenuStyle(showsMenuIndicator: false))
            Menu("m2") { Text("x") }.menuStyle(.borderlessButton)
            Menu("m3") { Text("x") }.menuStyle(DefaultMenuStyle())
            ControlGroup { Text("c1") }.controlGroupStyle(.menu)
            ControlGroup { Text("c2") }.controlGroupStyle(.compactMenu)
            ControlGroup { Text("c3") }.controlGroupStyle(.palette)
            ControlGroup { Text("c4") }.controlGroupStyle(AutomaticControlGroupStyle())
            Form { Text("f1") }.formStyle(.columns)
            Form { Text("f2") }.formStyle(AutomaticFormStyle())
        })
        let inspected = try host.inspect()
        #expect(attribute("gaugeStyle", of: try inspected.find(text: "Gauge 10%")) == "accessoryLinear")
        #expect(attribute("gaugeStyle", of: try inspected.find(text: "Gauge 20%")) == "accessoryLinearCapacity")
        #expect(attribute("gaugeStyle", of: try inspected.find(text: "Gauge 30%")) == "accessoryCircularCapacity")
        #expect(attribute("gaugeStyle", of: try inspected.find(text: "Gauge 40%")) == "automatic")
        #expect(attribute("menuStyle", of: try inspected.find(button: "m1")) == "borderlessButton indicator=hidden")
        #expect(attribute("menuStyle", of: try inspected.find(button: "m2")) == "borderlessButton")
        #expect(attribute("menuStyle", of: try inspected.find(button: "m3")) == "automatic")
        #expect(attribute("controlGroupStyle", of: try inspected.find(text: "c1")) == "menu")
        #expect(attribute("controlGroupStyle", of: try inspected.find(text: "c2")) == "compactMenu")
        #expect(attribute("controlGroupStyle", of: try inspected.find(text: "c3")) == "palette")
        #expect(attribute("controlGroupStyle", of: try inspected.find(text: "c4")) == "automatic")
        #expect(attribute("formStyle", of: try inspected.find(text: "f1")) == "columns")
        #expect(attribute("formStyle", of: try inspected.find(text: "f2")) == "automatic")
    }

    @Test func recordedStylesOfTablesEditorsSplitViewsAndWindowsAreNamedOnTheContent() throws {
        let (host, _) = mount(VStack {
            Text("t1").tableStyle(.inset)
            Text("t2").tableStyle(.bordered(alternatesRowBackgrounds: false))
            Text("t3").tableStyle(AutomaticTableStyle())
            Text("e1").textEditorStyle(.plain)
            Text("e2").textEditorStyle(AutomaticTextEditorStyle())
            Text("s1").navigationSplitViewStyle(.balanced)
            Text("s2").navigationSplitViewStyle(.prominentDetail)
            Text("i1").indexViewStyle(.page(backgroundDisplayMode: .always))
            Text("w1").presentedWindowStyle(.hiddenTitleBar)
            Text("w2").presentedWindowToolbarStyle(.unifiedCompact(showsTitle: false))
            Text("l1").listStyle(.bordered(alternatesRowBackgrounds: true))
            Text("l2").listStyle(DefaultListStyle())
            Text("f1").textFieldStyle(.squareBorder)
            Text("p1").pickerStyle(.palette)
            Text("b1").buttonStyle(.link)
            Text("g1").backgroundStyle(.blue)
        })
        let inspected = try host.inspect()
        let expected: [(String, String, String)] = [
            ("t1", "tableStyle", "inset"), ("t2", "tableStyle", "bordered alternates=false"),
            ("t3", "tableStyle", "automatic"), ("e1", "textEditorStyle", "plain"), ("e2", "textEditorStyle", "automatic"),
            ("s1", "navigationSplitViewStyle", "balanced"), ("s2", "navigationSplitViewStyle", "prominentDetail"),
            ("i1", "indexViewStyle", "page background=always"), ("w1", "presentedWindowStyle", "hiddenTitleBar"),
            ("w2", "presentedWindowToolbarStyle", "unifiedCompact title=hidden"),
            ("l1", "listStyle", "bordered alternates"), ("l2", "listStyle", "automatic"),
            ("f1", "textFieldStyle", "squareBorder"), ("b1", "buttonStyle", "link"), ("g1", "backgroundStyle", "blue"),
        ]
        for (text, key, value) in expected {
            #expect(try inspected.find(text: text).attributes[key] == value, "\(text) \(key)")
        }
        #expect(try inspected.find(text: "p1").attributes["pickerStyle"] == nil, "a picker style is recorded on pickers only")
    }

    /// Written against every part type of the configurations, as SwiftUI names them.
    struct Dial: GaugeStyle {
        func makeBody(configuration: GaugeStyleConfiguration) -> some View {
            let minimum: GaugeStyleConfiguration.MinimumValueLabel? = configuration.minimumValueLabel
            let maximum: GaugeStyleConfiguration.MaximumValueLabel? = configuration.maximumValueLabel
            let marks: GaugeStyleConfiguration.MarkedValueLabel? = configuration.markedValueLabels
            let label: GaugeStyleConfiguration.Label = configuration.label
            let current: GaugeStyleConfiguration.CurrentValueLabel? = configuration.currentValueLabel
            HStack { minimum; label; current; maximum; marks }
        }
    }

    struct Bounds: DatePickerStyle {
        func makeBody(configuration: DatePickerStyleConfiguration) -> some View {
            let label: DatePickerStyleConfiguration.Label = configuration.label
            HStack {
                label
                Text(configuration.minimumDate.map { "from \(Int($0.timeIntervalSince1970))" } ?? "unbounded")
                Text(configuration.maximumDate.map { "to \(Int($0.timeIntervalSince1970))" } ?? "unbounded")
            }
        }
    }

    struct Labeled: LabeledContentStyle {
        func makeBody(configuration: LabeledContentStyleConfiguration) -> some View {
            let label: LabeledContentStyleConfiguration.Label = configuration.label
            let content: LabeledContentStyleConfiguration.Content = configuration.content
            HStack { content; Text("="); label }
        }
    }

    struct Expander: DisclosureGroupStyle {
        func makeBody(configuration: DisclosureGroupStyleConfiguration) -> some View {
            let label: DisclosureGroupStyleConfiguration.Label = configuration.label
            let content: DisclosureGroupStyleConfiguration.Content = configuration.content
            VStack { label; if configuration.isExpanded { content } }
        }
    }

    struct Titled: ControlGroupStyle {
        func makeBody(configuration: ControlGroupStyleConfiguration) -> some View {
            let label: ControlGroupStyleConfiguration.Label = configuration.label
            let content: ControlGroupStyleConfiguration.Content = configuration.content
            HStack { label; content }
        }
    }

    struct Boxed: FormStyle {
        func makeBody(configuration: FormStyleConfiguration) -> some View {
            let content: FormStyleConfiguration.Content = configuration.content
            VStack { Text("box"); content }
        }
    }

    struct Plain: MenuStyle {
        func makeBody(configuration: MenuStyleConfiguration) -> some View {
            let menu: Menu<MenuStyleConfiguration.Label, MenuStyleConfiguration.Content> = Menu(configuration)
            menu
        }
    }

    @Test func stylesReadEveryPartTypeOfTheirConfiguration() throws {
        let start = Date(timeIntervalSince1970: 100), end = Date(timeIntervalSince1970: 200)
        let (host, _) = mount(VStack {
            Gauge(value: 2, in: 0...4) { Text("Fuel") } currentValueLabel: { Text("half") } minimumValueLabel: {
                Text("E")
            } maximumValueLabel: { Text("F") } markedValueLabels: { Text("mark") }
            .gaugeStyle(Dial())
            DatePicker("When", selection: .constant(start), in: start...end).datePickerStyle(Bounds())
            LabeledContent("Key", value: "Value").labeledContentStyle(Labeled())
            DisclosureGroup("Open", isExpanded: .constant(true)) { Text("inside") }.disclosureGroupStyle(Expander())
            ControlGroup { Text("tools") } label: { Text("Tools") }.controlGroupStyle(Titled())
            Form { Text("field") }.formStyle(Boxed())
            Menu("Plain menu") { Text("item") }.menuStyle(Plain())
        })
        #expect(host.renderTree[0].children.map(\.text) == [
            "E Fuel half F mark", "When from 100 to 200", "Value = Key", "Open inside", "Tools tools", "box field",
            "Plain menu",
        ])
    }

    @Test func everyBuiltInStyleTypeIsConstructibleByName() throws {
        let (host, _) = mount(VStack {
            Gauge(value: 0.1) { Text("g1") }.gaugeStyle(AccessoryCircularCapacityGaugeStyle())
            Gauge(value: 0.2) { Text("g2") }.gaugeStyle(AccessoryCircularGaugeStyle())
            Gauge(value: 0.3) { Text("g3") }.gaugeStyle(AccessoryLinearCapacityGaugeStyle())
            Gauge(value: 0.4) { Text("g4") }.gaugeStyle(LinearCapacityGaugeStyle())
            DisclosureGroup("d1") { Text("x") }.disclosureGroupStyle(AutomaticDisclosureGroupStyle())
            LabeledContent("l1", value: "v").labeledContentStyle(AutomaticLabeledContentStyle())
            Form { Text("f1") }.formStyle(ColumnsFormStyle())
            Form { Text("f2") }.formStyle(GroupedFormStyle())
            ControlGroup { Text("c1") }.controlGroupStyle(CompactMenuControlGroupStyle())
            ControlGroup { Text("c2") }.controlGroupStyle(MenuControlGroupStyle())
            ControlGroup { Text("c3") }.controlGroupStyle(NavigationControlGroupStyle())
            ControlGroup { Text("c4") }.controlGroupStyle(PaletteControlGroupStyle())
            Menu("m1") { Text("x") }.menuStyle(BorderedButtonMenuStyle())
            Menu("m2") { Text("x") }.menuStyle(.borderedButton)
            Menu("m3") { Text("x") }.menuStyle(BorderlessButtonMenuStyle())
            Menu("m4") { Text("x") }.menuStyle(ButtonMenuStyle())
        })
        let inspected = try host.inspect()
        #expect(attribute("gaugeStyle", of: try inspected.find(text: "g4")) == "linearCapacity")
        #expect(attribute("disclosureGroupStyle", of: try inspected.find(button: "d1")) == "automatic")
        #expect(attribute("labeledContentStyle", of: try inspected.find(text: "l1")) == "automatic")
        #expect(attribute("formStyle", of: try inspected.find(text: "f1")) == "columns")
        #expect(attribute("formStyle", of: try inspected.find(text: "f2")) == "grouped")
        #expect(attribute("controlGroupStyle", of: try inspected.find(text: "c4")) == "palette")
        #expect(attribute("menuStyle", of: try inspected.find(button: "m1")) == "borderedButton")
        #expect(attribute("menuStyle", of: try inspected.find(button: "m2")) == "borderedButton")
        #expect(attribute("menuStyle", of: try inspected.find(button: "m3")) == "borderlessButton")
        #expect(attribute("menuStyle", of: try inspected.find(button: "m4")) == "button")
    }
}
