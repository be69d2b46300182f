import DeclarativeViews
import Foundation
import Testing

/// A flashcards quiz: decks in an `@Observable` library (`@Bindable` in the deck editor), a
/// `NavigationSplitView`-free stack of decks with `NavigationLink(destination:)`, a quiz in a
/// `fullScreenCover` that flips cards with a tap gesture, checks typed answers on submit with
/// `@FocusState`, shows progress, and reports the score in an alert that closes the cover;
/// decks added by a sheet, renamed by an alert with a text field, reordered in edit mode.
enum FlashcardsFixture {
    struct Card: Identifiable, Hashable {
        let id = UUID()
        var front: String
        var back: String
    }

    @Observable final class Deck: Identifiable {
        let id = UUID()
        var name: String
        var cards: [Card]
        var bestScore: Int?

        init(name: String, cards: [Card]) {
            self.name = name
            self.cards = cards
        }
    }

    @Observable final class Library {
        var decks: [Deck] = [
            Deck(name: "Capitals", cards: [
                Card(front: "France", back: "Paris"),
                Card(front: "Japan", back: "Tokyo"),
                Card(front: "Kenya", back: "Nairobi"),
            ]),
            Deck(name: "Spanish", cards: [
                Card(front: "Dog", back: "Perro"),
                Card(front: "Cat", back: "Gato"),
            ]),
        ]
    }

    struct FlashcardsApp: App {
        @State private var library = Library()

        var body: some Scene {
            WindowGroup {
                DeckListView()
                    .environment(library)
            }
        }
    }

    struct DeckListView: View {
        @Environment(Library.self) private var library
        @State private var showingNewDeck = false
        @State private var renaming: Deck?
        @State private var newName = ""

        var body: some View {
            NavigationStack {
                List {
                    ForEach(library.decks) { deck in
                        NavigationLink {
                            DeckView(deck: deck)
                        } label: {
                            VStack(alignment: .leading) {
                                Text(deck.name)
                                Text("\(deck.cards.count) cards").font(.caption)
                            }
                        }
                        .swipeActions {
                            Button("Rename") {
                                newName = deck.name
                                renaming = deck
                            }
                            .tint(.blue)
                        }
                    }
                    .onMove { library.decks.move(fromOffsets: $0, toOffset: $1) }
                    .onDelete { library.decks.remove(atOffsets: $0) }
                }
                .navigationTitle("Decks")
                .toolbar {
                    ToolbarItem(placement: .navigationBarLeading) { EditButton() }
                    ToolbarItem(placement: .navigationBarTrailing) {
                        Button("New Deck") { showingNewDeck = true }
                    }
                }
                .sheet(isPresented: $showingNewDeck) {
                    NewDeckView()
                        .presentationDetents([.medium])
                }
                .alert("Rename Deck", isPresented: Binding(
                    get: { renaming != nil },
                    set: { if !$0 { renaming = nil } }
                )) {
                    TextField("Name", text: $newName)
                    Button("Rename") { renaming?.name = newName }
                    Button("Cancel", role: .cancel) {}
                }
            }
        }
    }

    struct NewDeckView: View {
        @Environment(Library.self) private var library
        @Environment(\.dismiss) private var dismiss
        @State private var name = ""

        var body: some View {
            NavigationStack {
                Form {
                    TextField("Deck Name", text: $name)
                }
                .toolbar {
                    ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
                    ToolbarItem(placement: .confirmationAction) {
                        Button("Create") {
                            library.decks.append(Deck(name: name, cards: []))
                            dismiss()
                        }
                        .disabled(name.isEmpty)
                    }
                }
            }
        }
    }

    struct DeckView: View {
        @Bindable var deck: Deck
        @State private var isQuizzing = false
        @State private var front = ""
        @State private var back = ""

        var body: some View {
            List {
                Section {
                    TextField("Deck Name", text: $deck.name)
                    if let best = deck.bestScore {
                        Text("Best score: \(best)/\(deck.cards.count)")
                    }
                    Button("Start Quiz") { isQuizzing = true }
                        .disabled(deck.cards.isEmpty)
                }
                Section("Cards") {
                    ForEach(deck.cards) { card in
                        LabeledContent(card.front, value: card.back)
                    }
                    .onDelete { deck.cards.remove(atOffsets: $0) }
                }
                Section("Add Card") {
                    TextField("Front", text: $front)
                    TextField("Back", text: $back)
                    Button("Add Card") {
                        deck.cards.append(Card(front: front, back: back))
                        front = ""
                        back = ""
                    }
                    .disabled(front.isEmpty || back.isEmpty)
                }
            }
            .navigationTitle(deck.name)
            .fullScreenCover(isPresented: $isQuizzing) {
                QuizView(deck: deck)
            }
        }
    }

    struct QuizView: View {
        let deck: Deck
        @Environment(\.dismiss) private var dismiss
        @State private var index = 0
        @State private var showingBack = false
        @State private var answer = ""
        @State private var score = 0
        @State private var feedback = ""
        @State private var finished = false
        @FocusState private var answerFocused: Bool

        private var card: Card { deck.cards[index] }

        var body: some View {
            VStack(spacing: 20) {
                ProgressView("Card \(index + 1) of \(deck.cards.count)", value: Double(index), total: Double(deck.cards.count))
                Text(showingBack ? card.back : card.front)
                    .font(.largeTitle)
                    .frame(maxWidth: .infinity, minHeight: 200)
                    .background(RoundedRectangle(cornerRadius: 16).fill(.background))
                    .onTapGesture { withAnimation { showingBack.toggle() } }
                    .accessibilityAddTraits(.isButton)
                TextField("Your answer", text: $answer)
                    .focused($answerFocused)
                    .textInputAutocapitalization(.never)
                    .submitLabel(.done)
                    .onSubmit(check)
                if !feedback.isEmpty {
                    Text(feedback)
                }
                HStack {
                    Button("Quit", role: .cancel) { dismiss() }
                    Spacer()
                    Button("Skip", action: next)
                }
            }
            .padding()
            .onAppear { answerFocused = true }
            .alert("Quiz Finished", isPresented: $finished) {
                Button("OK") {
                    deck.bestScore = max(deck.bestScore ?? 0, score)
                    dismiss()
                }
            } message: {
                Text("You scored \(score) of \(deck.cards.count).")
            }
        }

        private func check() {
            if answer.trimmingCharacters(in: .whitespaces).caseInsensitiveCompare(card.back) == .orderedSame {
                score += 1
                feedback = "Correct!"
            } else {
                feedback = "It was \(card.back)"
            }
            answer = ""
            next()
        }

        private func next() {
            showingBack = false
            if index + 1 < deck.cards.count {
                index += 1
            } else {
                finished = true
            }
        }
    }
}

@MainActor @Suite struct FlashcardsAppTests {
    typealias Fixture = FlashcardsFixture

    @Test func takingAQuizScoresTypedAnswersAndRecordsTheBestScore() throws {
        let host = launch(Fixture.FlashcardsApp())
        #expect(host.renderedText.contains("3 cards"))
        try host.tap("Capitals")
        host.update()
        try host.tap("Start Quiz")
        host.update()
        #expect(host.renderedText.contains("Card 1 of 3"))
        #expect(host.focusedElement == "Your answer", "the answer field is focused when the quiz appears")
        try host.tap("France")
        host.update()
        #expect(host.renderedText.contains(#"Text "Paris""#), "tapping the card flips it")
        try host.type("paris")
        try host.submit()
        host.update()
        #expect(host.renderedText.contains("Correct!"))
        #expect(host.renderedText.contains(#"Text "Japan""#))
        try host.type("Kyoto", into: "Your answer")
        try host.submit("Your answer")
        host.update()
        #expect(host.renderedText.contains("It was Tokyo"))
        try host.tap("Skip")
        host.update()
        #expect(host.renderedText.contains("You scored 1 of 3."))
        try host.tap("OK")
        host.update()
        #expect(!host.renderedText.contains("Your answer"))
        #expect(host.renderedText.contains("Best score: 1/3"))
    }

    @Test func editingADeckAddsAndDeletesCardsAndRenamesItEverywhere() throws {
        let host = launch(Fixture.FlashcardsApp())
        try host.tap("Spanish")
        host.update()
        #expect(try host.inspect().find(button: "Add Card").isDisabled())
        try host.type("House", into: "Front")
        try host.type("Casa", into: "Back")
        host.update()
        try host.tap("Add Card")
        host.update()
        #expect(host.renderedText.contains("Casa"))
        try host.swipeDelete("Dog")
        host.update()
        #expect(!host.renderedText.contains("Perro"))
        try host.type("Español", into: "Deck Name")
        host.update()
        try host.back()
        host.update()
        #expect(host.renderedText.contains("Español"))
        #expect(host.renderedText.contains("2 cards"))
    }

    @Test func decksAreCreatedInASheetRenamedFromASwipeAlertAndReordered() throws {
        let host = launch(Fixture.FlashcardsApp())
        try host.tap("New Deck")
        host.update()
        try host.type("Birds", into: "Deck Name")
        host.update()
        try host.tap("Create")
        host.update()
        #expect(host.renderedText.contains("Birds"))
        #expect(host.renderedText.contains("0 cards"))
        try host.swipe("Birds")
        host.update()
        try host.tap("Rename")
        host.update()
        try host.type("Birds of Europe", into: "Name")
        try host.tap("Rename")
        host.update()
        #expect(host.renderedText.contains("Birds of Europe"))
        try host.tap("Edit")
        host.update()
        try host.move("Birds of Europe", to: 0)
        host.update()
        let text = host.renderedText
        #expect(try #require(text.range(of: "Birds of Europe")).lowerBound < #require(text.range(of: "Capitals")).lowerBound)
    }
}
