import DeclarativeViews
import Foundation
import Testing

/// The styling tutorial screens reach for — text setting, rows and sections, sheets, control
/// styles, bars — is accepted and recorded where tests read it; an empty state shows its parts.
@MainActor @Suite struct RecordedStylingBreadthTests {
    struct Inbox: View {
        @State var showingFilters = false
        @State var detent = PresentationDetent.medium
        @State var notify = true
        let messages = ["Lunch?", "Build is green"]
        var body: some View {
            TabView {
                NavigationStack {
                    List {
                        Section {
                            ForEach(messages, id: \.self) { message in
                                Text(message)
                                    .lineLimit(2, reservesSpace: true)
                                    .truncationMode(.middle)
                                    .minimumScaleFactor(0.5)
                                    .multilineTextAlignment(.leading)
                                    .badge(3)
                                    .listRowInsets(EdgeInsets(top: 4, leading: 16, bottom: 4, trailing: 16))
                                    .listRowSeparator(.hidden, edges: .bottom)
                                    .listRowBackground(Color.yellow)
                            }
                        } header: {
                            Text("Today").textCase(.uppercase).kerning(1.5).fontDesign(.rounded)
                        }
                        .listSectionSeparator(.hidden)
                        Toggle("Notify", isOn: $notify).toggleStyle(.switch).labelsHidden().controlSize(.small)
                        Label("Archive", systemImage: "archivebox").labelStyle(.iconOnly)
                        ProgressView().progressViewStyle(.circular)
                        Text("secret").privacySensitive().redacted(reason: .placeholder)
                        Text("underlined").underline(pattern: .dash, color: .red).strikethrough(false)
                            .lineLimit(1...3).tracking(2).baselineOffset(1).allowsTightening(true)
                            .textSelection(.enabled).dynamicTypeSize(.xLarge).symbolRenderingMode(.hierarchical)
                        Button("Filters") { showingFilters = true }
                            .buttonBorderShape(.capsule).help("Choose filters")
                            .sensoryFeedback(.selection, trigger: showingFilters)
                    }
                    .scrollContentBackground(.hidden)
                    .scrollIndicators(.hidden)
                    .scrollDismissesKeyboard(.interactively)
                    .toolbarBackground(.visible, for: .navigationBar)
                    .toolbarColorScheme(.dark, for: .navigationBar)
                    .navigationTitle("Inbox")
                    .sheet(isPresented: $showingFilters) {
                        Text("Filters")
                            .presentationDetents([.medium, .large], selection: $detent)
                            .presentationDragIndicator(.visible)
                            .interactiveDismissDisabled()
                            .presentationCornerRadius(24)
                    }
                }
                .tabItem { Text("Mail") }
                .toolbar(.hidden, for: .tabBar)
            }
            .tabViewStyle(.page(indexDisplayMode: .never))
            .preferredColorScheme(.dark)
        }
    }

    @Test func anInboxRecordsItsStyling() throws {
        let (host, _) = mount(Inbox())
        let text = host.renderedText
        for attribute in [
            "lineLimit=2 reserved", "truncationMode=middle", "minimumScaleFactor=0.5", "multilineTextAlignment=leading",
            "badge=3", "listRowInsets=", "listRowSeparator=hidden bottom", "listRowBackground=yellow",
            "textCase=uppercase", "kerning=1.5", "fontDesign=rounded", "listSectionSeparator=hidden",
            "toggleStyle=switch", "labelsHidden", "controlSize=small", "labelStyle=iconOnly", "progressViewStyle=circular",
            "privacySensitive", "redacted=placeholder", "underline=dash red", "strikethrough=false", "lineLimit=1...3",
            "tracking=2", "baselineOffset=1", "allowsTightening=true", "textSelection=enabled", "dynamicTypeSize=xLarge",
            "symbolRenderingMode=hierarchical", "buttonBorderShape=capsule", "help=Choose filters",
            "sensoryFeedback=selection", "scrollContentBackground=hidden", "scrollIndicators=hidden",
            "scrollDismissesKeyboard=interactively", "toolbarBackground=visible for navigationBar",
            "toolbarColorScheme=dark for navigationBar", "toolbarVisibility=hidden for tabBar",
            "tabViewStyle=page index=never", "preferredColorScheme=dark",
        ] {
            #expect(text.contains(attribute), "\(attribute)")
        }
        try host.tap("Filters")
        host.update()
        #expect(host.renderedText.contains("presentationDetents=large medium selected=medium"))
        #expect(host.renderedText.contains("presentationDragIndicator=visible"))
        #expect(host.renderedText.contains("interactiveDismissDisabled"))
        #expect(host.renderedText.contains("presentationCornerRadius=24"))
    }

    @Test func styleTypesAreConstructibleAsInSwiftUI() {
        let (host, _) = mount(VStack {
            Toggle("A", isOn: .constant(true)).toggleStyle(SwitchToggleStyle(tint: .green))
            Toggle("B", isOn: .constant(true)).toggleStyle(ButtonToggleStyle())
            Toggle("C", isOn: .constant(true)).toggleStyle(.checkbox)
            Label("D", systemImage: "d.circle").labelStyle(TitleOnlyLabelStyle())
            Label("E", systemImage: "e.circle").labelStyle(.titleAndIcon)
            ProgressView().progressViewStyle(LinearProgressViewStyle(tint: .blue))
            DatePicker("When", selection: .constant(Date(timeIntervalSince1970: 0))).datePickerStyle(.graphical)
            DatePicker("Then", selection: .constant(Date(timeIntervalSince1970: 0))).datePickerStyle(WheelDatePickerStyle())
            Text("F").badge("new").lineLimit(nil).presentationDetents([.fraction(0.25), .height(200)])
            Text("G").badge(Text("hot")).listRowSeparatorTint(.red).listSectionSeparatorTint(.blue, edges: .top)
            Text("H").badge(0).listRowSpacing(4).listSectionSpacing(12).lineLimit(...4).lineLimit(2...)
            Text("I").presentationBackground(Color.gray).statusBarHidden().persistentSystemOverlays(.hidden)
            Text("J").unredacted().buttonBorderShape(.roundedRectangle(radius: 6)).dynamicTypeSize(...DynamicTypeSize.large)
        })
        let text = host.renderedText
        for attribute in [
            "toggleStyle=switch green", "toggleStyle=button", "toggleStyle=checkbox", "labelStyle=titleOnly",
            "labelStyle=titleAndIcon", "progressViewStyle=linear blue", "datePickerStyle=graphical", "datePickerStyle=wheel",
            "badge=new", "lineLimit=none", "presentationDetents=fraction(0.25) height(200)", "badge=hot",
            "listRowSeparatorTint=red", "listSectionSeparatorTint=blue top", "badge=none", "listRowSpacing=4",
            "listSectionSpacing=12", "lineLimit=...4", "presentationBackground=gray", "statusBarHidden",
            "persistentSystemOverlays=hidden", "unredacted", "buttonBorderShape=roundedRectangle(6)",
        ] {
            #expect(text.contains(attribute), "\(attribute)")
        }
        #expect(DynamicTypeSize.accessibility2.isAccessibilitySize && !DynamicTypeSize.large.isAccessibilitySize)
    }

    struct Receipt: View {
        let total = 12
        var body: some View {
            VStack {
                Text("Total: ").bold() + Text("\(total) €").foregroundColor(.green)
                Text("Note").font(.caption).italic().underline(pattern: .dot).kerning(1).font(.title)
                Text("Old").strikethrough(color: .red).monospaced().monospacedDigit().fontWeight(.heavy)
                    .fontDesign(.serif).foregroundStyle(Color.gray).tracking(1).baselineOffset(2).bold(false)
            }
        }
    }

    @Test func textModifiersReturnTextsThatStillConcatenate() {
        let styled: Text = Text("a").bold().italic(true).font(.body)
        #expect(styled.content == "a")
        let (host, _) = mount(Receipt())
        #expect(host.renderedText.contains(#"Text "Total: 12 €""#))
        #expect(host.renderedText.contains(#"Text "Note" [font=caption, italic, kerning=1, underline=dot]"#),
                "the modifier closest to the text wins")
        for attribute in ["strikethrough=red", "monospaced", "monospacedDigit", "fontWeight=heavy", "fontDesign=serif",
                          "foregroundStyle=gray", "tracking=1", "baselineOffset=2", "bold=false"] {
            #expect(host.renderedText.contains(attribute), "\(attribute)")
        }
    }

    @Test func imagesLabelsAndLinksFromVariables() throws {
        let title = "Swift"
        let site = URL(string: "https://swift.org")!
        let (host, _) = mount(VStack {
            Image("logo", bundle: .main)
            Image(decorative: "divider")
            Label(title, image: "bird")
            Link(title, destination: site)
        })
        #expect(host.renderedText.contains(#"Text "[logo]" [image=logo]"#))
        #expect(host.renderedText.contains(#"Text "[divider]" [accessibilityHidden, image=divider]"#), "decorative")
        #expect(host.renderedText.contains(#"Text "[bird]" [image=bird]"#))
        #expect(host.renderedText.contains("link=https://swift.org"))
        try host.tap("Swift")
    }

    struct Results: View {
        @State var items: [String] = []
        @State var query = "kiwi"
        var body: some View {
            VStack {
                if items.isEmpty {
                    ContentUnavailableView {
                        Label("No Fruit", systemImage: "leaf")
                    } description: {
                        Text("Add some to get started.")
                    } actions: {
                        Button("Add Apple") { items.append("Apple") }
                    }
                    ContentUnavailableView.search(text: query)
                    ContentUnavailableView("Offline", systemImage: "wifi.slash", description: Text("Try again later."))
                } else {
                    ForEach(items, id: \.self) { Text($0) }
                    ContentUnavailableView.search
                }
            }
        }
    }

    @Test func anEmptyStateShowsItsPartsAndItsActionsAreButtons() throws {
        let (host, _) = mount(Results())
        #expect(host.renderedText.contains(#"Text "No Fruit""#))
        #expect(host.renderedText.contains(#"Text "Add some to get started.""#))
        #expect(host.renderedText.contains(#"Text "No Results for “kiwi”""#))
        #expect(host.renderedText.contains(#"Text "Check the spelling or try a new search.""#))
        #expect(host.renderedText.contains(#"Text "Offline""#) && host.renderedText.contains(#"Text "Try again later.""#))
        try host.tap("Add Apple")
        host.update()
        #expect(host.renderedText.contains(#"Text "Apple""#))
        #expect(host.renderedText.contains(#"Text "No Results""#))
        #expect(!host.renderedText.contains("No Fruit"))
    }
}
