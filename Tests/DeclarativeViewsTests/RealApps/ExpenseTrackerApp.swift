import DeclarativeViews
import Foundation
import Testing

/// An expense tracker as a beginner's app writes it: an `@Observable` store passed with
/// `.environment`, a `TabView` without a selection binding (the user taps tabs), a list grouped
/// by day in sections with `onDelete`, an add form in a sheet (`TextField(value:format:)`,
/// `Picker`, `DatePicker`, `Toggle`), a sort `Menu` with a `Picker` inside, a summary tab of
/// totals per category, and a currency setting in `@AppStorage`.
enum ExpenseTrackerFixture {
    enum Category: String, CaseIterable, Codable, Identifiable {
        case food = "Food", transport = "Transport", fun = "Fun", bills = "Bills"
        var id: Self { self }
        var symbol: String {
            switch self {
            case .food: "fork.knife"
            case .transport: "car"
            case .fun: "gamecontroller"
            case .bills: "doc.text"
            }
        }
    }

    struct Expense: Identifiable, Codable, Equatable {
        var id = UUID()
        var title: String
        var amount: Double
        var category: Category
        var date: Date
        var isRecurring = false
    }

    @Observable final class ExpenseStore {
        var expenses: [Expense]

        init(expenses: [Expense] = ExpenseStore.sample) {
            self.expenses = expenses
        }

        var total: Double { expenses.reduce(0) { $0 + $1.amount } }

        func total(for category: Category) -> Double {
            expenses.filter { $0.category == category }.reduce(0) { $0 + $1.amount }
        }

        static let day1 = Date(timeIntervalSince1970: 1_710_000_000)
        static let day2 = day1.addingTimeInterval(86_400)

        static let sample = [
            Expense(title: "Groceries", amount: 42.5, category: .food, date: day1),
            Expense(title: "Bus pass", amount: 30, category: .transport, date: day1),
            Expense(title: "Cinema", amount: 12, category: .fun, date: day2),
        ]
    }

    enum SortOrder: String, CaseIterable, Identifiable {
        case newest = "Newest", amount = "Amount", name = "Name"
        var id: Self { self }
    }

    struct ExpenseApp: App {
        @State private var store = ExpenseStore()

        var body: some Scene {
            WindowGroup {
                TabView {
                    ExpensesTab()
                        .tabItem { Label("Expenses", systemImage: "list.bullet") }
                    SummaryTab()
                        .tabItem { Label("Summary", systemImage: "chart.pie") }
                    SettingsTab()
                        .tabItem { Label("Settings", systemImage: "gear") }
                }
                .environment(store)
            }
        }
    }

    struct ExpensesTab: View {
        @Environment(ExpenseStore.self) private var store
        @AppStorage("currency") private var currency = "USD"
        @State private var showingAdd = false
        @State private var sortOrder = SortOrder.newest

        private var days: [Date] {
            Set(store.expenses.map { Calendar.current.startOfDay(for: $0.date) }).sorted(by: >)
        }

        private func expenses(on day: Date) -> [Expense] {
            let list = store.expenses.filter { Calendar.current.isDate($0.date, inSameDayAs: day) }
            switch sortOrder {
            case .newest: return list.sorted { $0.date > $1.date }
            case .amount: return list.sorted { $0.amount > $1.amount }
            case .name: return list.sorted { $0.title < $1.title }
            }
        }

        var body: some View {
            NavigationStack {
                List {
                    ForEach(days, id: \.self) { day in
                        Section {
                            ForEach(expenses(on: day)) { expense in
                                HStack {
                                    Label(expense.title, systemImage: expense.category.symbol)
                                    Spacer()
                                    Text(expense.amount, format: .currency(code: currency))
                                }
                            }
                            .onDelete { offsets in
                                let shown = expenses(on: day)
                                let ids = offsets.map { shown[$0].id }
                                store.expenses.removeAll { ids.contains($0.id) }
                            }
                        } header: {
                            Text(day, format: .dateTime.day().month(.wide))
                        } footer: {
                            Text("\(expenses(on: day).count) expenses")
                        }
                    }
                }
                .overlay {
                    if store.expenses.isEmpty {
                        ContentUnavailableView {
                            Label("No Expenses", systemImage: "tray")
                        } description: {
                            Text("Add your first expense.")
                        } actions: {
                            Button("Add Expense") { showingAdd = true }
                        }
                    }
                }
                .navigationTitle("Expenses")
                .toolbar {
                    ToolbarItemGroup(placement: .topBarTrailing) {
                        Menu("Sort", systemImage: "arrow.up.arrow.down") {
                            Picker("Sort By", selection: $sortOrder) {
                                ForEach(SortOrder.allCases) { order in
                                    Text(order.rawValue).tag(order)
                                }
                            }
                        }
                        Button("Add", systemImage: "plus") { showingAdd = true }
                    }
                }
                .sheet(isPresented: $showingAdd) {
                    AddExpenseView()
                }
            }
        }
    }

    struct AddExpenseView: View {
        @Environment(ExpenseStore.self) private var store
        @Environment(\.dismiss) private var dismiss
        @AppStorage("currency") private var currency = "USD"
        @State private var title = ""
        @State private var amount = 0.0
        @State private var category = Category.food
        @State private var date = ExpenseStore.day2
        @State private var isRecurring = false

        var body: some View {
            NavigationStack {
                Form {
                    Section("Details") {
                        TextField("Title", text: $title)
                        TextField("Amount", value: $amount, format: .currency(code: currency))
                            .keyboardType(.decimalPad)
                        Picker("Category", selection: $category) {
                            ForEach(Category.allCases) { category in
                                Label(category.rawValue, systemImage: category.symbol).tag(category)
                            }
                        }
                    }
                    Section {
                        DatePicker("Date", selection: $date, displayedComponents: .date)
                        Toggle("Recurring", isOn: $isRecurring)
                    }
                }
                .navigationTitle("New Expense")
                .toolbar {
                    ToolbarItem(placement: .cancellationAction) {
                        Button("Cancel") { dismiss() }
                    }
                    ToolbarItem(placement: .confirmationAction) {
                        Button("Save") {
                            store.expenses.append(Expense(title: title, amount: amount, category: category, date: date,
                                                          isRecurring: isRecurring))
                            dismiss()
                        }
                        .disabled(title.isEmpty || amount <= 0)
                    }
                }
            }
        }
    }

    struct SummaryTab: View {
        @Environment(ExpenseStore.self) private var store
        @AppStorage("currency") private var currency = "USD"

        var body: some View {
            NavigationStack {
                List {
                    Section {
                        LabeledContent("Total", value: store.total, format: .currency(code: currency))
                    }
                    Section("By Category") {
                        ForEach(Category.allCases) { category in
                            let amount = store.total(for: category)
                            if amount > 0 {
                                VStack(alignment: .leading) {
                                    LabeledContent(category.rawValue, value: amount, format: .currency(code: currency))
                                    ProgressView(value: amount, total: store.total)
                                }
                            }
                        }
                    }
                }
                .navigationTitle("Summary")
            }
        }
    }

    struct SettingsTab: View {
        @AppStorage("currency") private var currency = "USD"
        @Environment(ExpenseStore.self) private var store
        @State private var confirmingReset = false

        var body: some View {
            NavigationStack {
                Form {
                    Picker("Currency", selection: $currency) {
                        Text("US Dollar").tag("USD")
                        Text("Euro").tag("EUR")
                    }
                    Button("Delete All Expenses", role: .destructive) { confirmingReset = true }
                }
                .navigationTitle("Settings")
                .confirmationDialog("Delete all expenses?", isPresented: $confirmingReset, titleVisibility: .visible) {
                    Button("Delete All", role: .destructive) { store.expenses.removeAll() }
                }
            }
        }
    }
}

@MainActor @Suite(.serialized) struct ExpenseTrackerAppTests {
    typealias Fixture = ExpenseTrackerFixture

    init() {
        UserDefaults.standard.removeObject(forKey: "currency")
    }

    @Test func theListGroupsExpensesByDayAndTheSortMenuReordersThem() throws {
        let host = launch(Fixture.ExpenseApp())
        #expect(host.renderedText.contains("$42.50"))
        #expect(host.renderedText.contains("2 expenses"))
        #expect(host.renderedText.contains("1 expenses"))
        try host.tap("Sort")
        host.update()
        try host.select("Name")
        host.update()
        let byName = host.renderedText
        #expect(try #require(byName.range(of: "Bus pass")).lowerBound < #require(byName.range(of: "Groceries")).lowerBound)
        // Picking an option of a Picker inside a Menu closes the menu, as in SwiftUI.
        #expect(!host.buttonLabels.contains("Amount"))
        try host.tap("Sort")
        host.update()
        try host.select("Amount")
        host.update()
        let byAmount = host.renderedText
        #expect(try #require(byAmount.range(of: "Groceries")).lowerBound < #require(byAmount.range(of: "Bus pass")).lowerBound)
    }

    @Test func addingAnExpenseInTheSheetUpdatesTheListAndTheSummaryTab() throws {
        let host = launch(Fixture.ExpenseApp())
        try host.tap("Add")
        host.update()
        #expect(try host.inspect().find(button: "Save").isDisabled())
        try host.type("Taxi", into: "Title")
        try host.type("18.25", into: "Amount")
        try host.submit("Amount")
        host.update()
        try host.inspect().find(picker: "Category").select("Transport")
        try host.toggle("Recurring")
        host.update()
        try host.tap("Save")
        host.update()
        #expect(host.renderedText.contains("Taxi"))
        #expect(host.renderedText.contains("$18.25"))
        #expect(host.renderedText.contains("2 expenses"))

        try host.tap("Summary")
        host.update()
        #expect(host.renderedText.contains("$102.75"), "the total")
        #expect(host.renderedText.contains("$48.25"), "transport")
        #expect(!visibleText(host).contains("Bills"))
    }

    @Test func deletingEveryExpenseShowsTheEmptyStateAndTheCurrencySettingReachesEveryTab() throws {
        let host = launch(Fixture.ExpenseApp())
        try host.tap("Settings")
        host.update()
        try host.inspect().find(picker: "Currency").select("Euro")
        host.update()
        try host.tap("Expenses")
        host.update()
        #expect(host.renderedText.contains("€42.50"))
        try host.swipeDelete("Cinema")
        host.update()
        #expect(!visibleText(host).contains("Cinema"))
        try host.tap("Settings")
        host.update()
        try host.tap("Delete All Expenses")
        host.update()
        try host.tap("Delete All")
        host.update()
        try host.tap("Expenses")
        host.update()
        #expect(host.renderedText.contains("No Expenses"))
        try host.tap("Add Expense")
        host.update()
        #expect(host.renderedText.contains("New Expense"))
    }
}
