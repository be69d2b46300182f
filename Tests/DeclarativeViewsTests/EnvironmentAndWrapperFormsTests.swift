import DeclarativeViews
import Foundation
import Observation
import Testing

/// Environment values a view reads (`isEnabled`, `verticalSizeClass`, `dismiss`), the less common
/// property-wrapper forms (`Binding(projectedValue:)`, `Bindable(projectedValue:)`,
/// `State(initialValue:)`), and small value types (`AnyView(erasing:)`, `Spacer(minLength:)`,
/// `NavigationPath.removeLast`, `EditMode`, `DatePickerComponents`), each by what a user sees.
@MainActor @Suite struct EnvironmentAndWrapperFormsTests {
    struct EnabledReader: View {
        @Environment(\.isEnabled) private var isEnabled
        var body: some View { Text(isEnabled ? "enabled" : "disabled") }
    }

    @Test func disablingASubtreeTurnsItsIsEnabledOffAndItsButtonsCannotBeTapped() throws {
        struct Screen: View {
            @State private var locked = true
            var body: some View {
                VStack {
                    EnabledReader()
                    Group {
                        EnabledReader()
                        Button("Pay") {}
                    }
                    .disabled(locked)
                    Button("Unlock") { locked = false }
                }
            }
        }
        let (host, scheduler) = mount(Screen())
        #expect(host.renderedText.contains(#"Text "enabled""#))
        #expect(host.renderedText.contains(#"Text "disabled""#))
        #expect(throws: ViewHostError.buttonDisabled(label: "Pay")) { try host.tap("Pay") }
        try host.tap("Unlock")
        scheduler.flush()
        #expect(!host.renderedText.contains(#"Text "disabled""#))
        try host.tap("Pay")
    }

    @Test func aViewReadsTheVerticalSizeClassItsParentSets() {
        struct SizeClassReader: View {
            @Environment(\.verticalSizeClass) private var sizeClass
            var body: some View { Text("vertical \(sizeClass.map { "\($0)" } ?? "none")") }
        }
        let (host, _) = mount(VStack {
            SizeClassReader().environment(\.verticalSizeClass, .compact)
            SizeClassReader().environment(\.verticalSizeClass, .regular)
        })
        #expect(host.renderedText.contains("vertical compact"))
        #expect(host.renderedText.contains("vertical regular"))
    }

    @Test func theDismissActionAViewReadsClosesTheSheetItIsIn() throws {
        struct Sheet: View {
            @Environment(\.dismiss) private var dismiss
            var body: some View {
                let action: DismissAction = dismiss
                Button("Close") { action() }
            }
        }
        struct Screen: View {
            @State private var showing = false
            var body: some View {
                Button("Open") { showing = true }
                    .sheet(isPresented: $showing) { Sheet() }
            }
        }
        let (host, scheduler) = mount(Screen())
        try host.tap("Open")
        scheduler.flush()
        #expect(host.buttonLabels.contains("Close"))
        try host.tap("Close")
        scheduler.flush()
        #expect(!host.buttonLabels.contains("Close"))
    }

    @Observable final class Account {
        var name = "Ada"
    }

    struct NameEditor: View {
        @Binding var name: String
        init(name: Binding<String>) {
            _name = Binding(projectedValue: name)
        }
        var body: some View { TextField("Name", text: $name) }
    }

    struct AccountEditor: View {
        @Bindable var account: Account
        init(account: Bindable<Account>) {
            _account = Bindable(projectedValue: account)
        }
        var body: some View { NameEditor(name: $account.name) }
    }

    @Test func projectedValueInitialisersPassTheSameBindingDown() throws {
        struct Screen: View {
            @State private var account = Account()
            @State private var title: String
            init() {
                _title = State(initialValue: "Profile")
            }
            var body: some View {
                VStack {
                    Text("\(title): \(account.name)")
                    AccountEditor(account: Bindable(account))
                }
            }
        }
        let (host, scheduler) = mount(Screen())
        #expect(host.renderedText.contains("Profile: Ada"))
        try host.type("Grace", into: "Name")
        scheduler.flush()
        #expect(host.renderedText.contains("Profile: Grace"), "the write went through both projected bindings")
    }

    @Test func anErasedViewShowsWhatItErasedAndAMinimumSpacerKeepsItsLength() {
        let host = layOut(HStack(spacing: 0) {
            AnyView(erasing: Text("left"))
            Spacer(minLength: 30)
            Text("right")
        }, width: 10, height: 20)
        #expect(host.renderedText.contains(#"Text "left""#))
        #expect(host.renderedText.contains("Spacer minLength=30"))
        #expect(Spacer(minLength: 30).minLength == 30)
        let frames = host.renderTree.first?.children.compactMap(\.frame) ?? []
        #expect(frames.count == 3)
        if frames.count == 3 {
            #expect(frames[1].width >= 30, "the spacer keeps its minimum length when space runs out")
        }
    }

    @Test func removingTheLastValuesOfANavigationPathPopsThatManyScreens() throws {
        struct Screen: View {
            @State private var path = NavigationPath()
            var body: some View {
                NavigationStack(path: $path) {
                    VStack {
                        Text("Root")
                        Button("Deep") { path.append(1); path.append(2); path.append(3) }
                    }
                    .navigationDestination(for: Int.self) { level in
                        VStack {
                            Text("Level \(level)")
                            Button("Up two") { path.removeLast(2) }
                            Button("Up one") { path.removeLast() }
                        }
                    }
                }
            }
        }
        let (host, scheduler) = mount(Screen())
        try host.tap("Deep")
        scheduler.flush()
        #expect(host.renderedText.contains("Level 3"))
        try host.tap("Up two")
        scheduler.flush()
        #expect(host.renderedText.contains("Level 1") && !host.renderedText.contains("Level 3"))
        try host.tap("Up one")
        scheduler.flush()
        #expect(host.renderedText.contains("Root") && !host.renderedText.contains("Level 1"))
    }

    @Test func editModeValuesSayWhetherTheyAreEditing() {
        #expect(EditMode.active.isEditing)
        #expect(EditMode.transient.isEditing)
        #expect(!EditMode.inactive.isEditing)
    }

    @Test func aDatePickerShowsAndAcceptsOnlyTheComponentsItWasGiven() throws {
        struct Screen: View {
            @State private var alarm = Date(timeIntervalSince1970: 0)
            var body: some View {
                DatePicker("Alarm", selection: $alarm, displayedComponents: [.hourAndMinute])
                    .environment(\.timeZone, TimeZone(identifier: "UTC")!)
            }
        }
        let components: DatePickerComponents = [.hourAndMinute]
        #expect(DatePickerComponents(rawValue: components.rawValue) == components && !components.contains(.date))
        let (host, scheduler) = mount(Screen())
        #expect(host.renderedText.contains(#"Text "00:00""#), "no date shown")
        try host.type("07:45", into: "Alarm")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "07:45""#))
        #expect(!host.renderedText.contains("1970-01-01"))
    }
}
