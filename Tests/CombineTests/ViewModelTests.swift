import Combine
import Foundation
import Testing

// View models written as for Apple's Combine (no Linux-specific code), driven on virtual time.

private struct SearchError: Error {}

private final class SearchViewModel: ObservableObject {
    @Published var query = ""
    @Published private(set) var results: [String] = []
    @Published private(set) var isSearching = false
    @Published var favoritesOnly = false
    let errors = PassthroughSubject<Error, Never>()
    private let favorites = CurrentValueSubject<Set<String>, Never>([])
    private var cancellables = Set<AnyCancellable>()

    var visibleResults: AnyPublisher<[String], Never> {
        $results.combineLatest($favoritesOnly, favorites)
            .map { results, favoritesOnly, favorites in
                favoritesOnly ? results.filter(favorites.contains) : results
            }
            .eraseToAnyPublisher()
    }

    init<S: Scheduler>(search: @escaping (String) -> AnyPublisher<[String], Error>, scheduler: S) {
        $query
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .removeDuplicates()
            .handleEvents(receiveOutput: { [weak self] _ in self?.isSearching = true })
            .map { [weak self] query -> AnyPublisher<[String], Never> in
                guard !query.isEmpty else { return Just([]).eraseToAnyPublisher() }
                return search(query)
                    .catch { error -> Just<[String]> in
                        self?.errors.send(error)
                        return Just([])
                    }
                    .eraseToAnyPublisher()
            }
            .switchToLatest()
            .receive(on: scheduler)
            .sink { [weak self] results in
                self?.isSearching = false
                self?.results = results
            }
            .store(in: &cancellables)
    }

    func toggleFavorite(_ item: String) {
        if favorites.value.contains(item) { favorites.value.remove(item) } else { favorites.value.insert(item) }
    }
}

private final class CountdownViewModel: ObservableObject {
    @Published private(set) var remaining: Int
    @Published private(set) var label = ""
    private var timer: AnyCancellable?

    init(from seconds: Int) {
        remaining = seconds
        $remaining.map { $0 == 0 ? "Done" : "\($0)s" }.assign(to: &$label)
    }

    func start(ticks: some Publisher<Date, Never>) {
        timer = ticks.prefix(remaining).sink { [weak self] _ in self?.remaining -= 1 }
    }
}

private func fetchGreeting(name: String) -> Future<String, Never> {
    Future { promise in
        DispatchQueue.global().async { promise(.success("Hello, \(name)")) }
    }
}

@Suite struct ViewModelTests {
    @Test func searchViewModelDebouncesSwitchesAndRecoversFromErrors() {
        let scheduler = DispatchQueue.test
        var searches: [String] = []
        let model = SearchViewModel(
            search: { query in
                searches.append(query)
                if query == "fail" { return Fail(error: SearchError()).eraseToAnyPublisher() }
                return Just(["\(query) 1", "\(query) 2"]).setFailureType(to: Error.self)
                    .delay(for: .milliseconds(100), scheduler: scheduler).eraseToAnyPublisher()
            },
            scheduler: scheduler)
        var changes = 0
        var visible: [[String]] = []
        var errors = 0
        var cancellables = Set<AnyCancellable>()
        model.objectWillChange.sink { changes += 1 }.store(in: &cancellables)
        model.visibleResults.sink { visible.append($0) }.store(in: &cancellables)
        model.errors.sink { _ in errors += 1 }.store(in: &cancellables)

        model.query = "sw"
        scheduler.advance(by: .milliseconds(100))
        model.query = "swift "
        scheduler.advance(by: .milliseconds(300))
        #expect(searches == ["swift"], "one search, after the typing paused, trimmed")
        #expect(model.isSearching && model.results.isEmpty)
        scheduler.advance(by: .milliseconds(100))
        #expect(model.results == ["swift 1", "swift 2"] && !model.isSearching)

        model.toggleFavorite("swift 2")
        model.favoritesOnly = true
        #expect(visible.last == ["swift 2"])

        model.query = "fail"
        scheduler.advance(by: .seconds(1))
        #expect(errors == 1 && model.results.isEmpty, "the error was reported and replaced")
        #expect(changes > 0)
    }

    @Test func countdownRunsOnATimerPublisher() {
        let model = CountdownViewModel(from: 3)
        #expect(model.label == "3s")
        model.start(ticks: Timer.publish(every: 0.01, on: .current, in: .default).autoconnect())
        #expect(spinRunLoop { model.remaining == 0 })
        #expect(model.label == "Done")
    }

    @Test func countdownOnVirtualTime() {
        let scheduler = RunLoop.test
        let model = CountdownViewModel(from: 2)
        let ticks = PassthroughSubject<Date, Never>()
        model.start(ticks: ticks)
        let clock = scheduler.schedule(after: scheduler.now.advanced(by: 1), interval: 1) { ticks.send(Date()) }
        scheduler.advance(by: 1)
        #expect(model.remaining == 1)
        scheduler.advance(by: 5)
        #expect(model.remaining == 0 && model.label == "Done", "prefix stops at zero")
        clock.cancel()
    }

    @Test func futureBasedServiceAwaitedWithValues() async {
        var greetings: [String] = []
        for await greeting in fetchGreeting(name: "Linux").values {
            greetings.append(greeting)
        }
        #expect(greetings == ["Hello, Linux"])
    }

    @Test func publishedValuesAsAnAsyncSequence() async throws {
        let subject = CurrentValueSubject<Int, Never>(0)
        // The sends start once the sequence has delivered the current value (a send before the
        // task subscribed would replace it).
        let (subscribed, signal) = AsyncStream<Void>.makeStream()
        let task = Task {
            var seen: [Int] = []
            for await value in subject.values {
                seen.append(value)
                if seen.count == 1 { signal.yield() }
                if value == 3 { break }
            }
            return seen
        }
        var started = subscribed.makeAsyncIterator()
        _ = await started.next()
        for value in 1...3 {
            try await Task.sleep(for: .milliseconds(10))
            subject.send(value)
        }
        let seen = await task.value
        #expect(seen.first == 0 && seen.last == 3)
    }

    @Test func throwingValuesRethrowTheFailure() async {
        await #expect(throws: TestError.self) {
            for try await _ in Fail<Int, TestError>(error: TestError()).values {}
        }
    }

    @Test func decodeAndEncodeThroughTopLevelCoders() {
        struct Item: Codable, Equatable {
            var name: String
        }
        let round = collectAll(Just(Item(name: "a")).encode(encoder: JSONEncoder()).decode(type: Item.self, decoder: JSONDecoder()))
        #expect(round.values == [Item(name: "a")])
        let broken = collectAll(Just(Data("{".utf8)).decode(type: Item.self, decoder: JSONDecoder()))
        #expect(broken.values.isEmpty && broken.completion != nil)
    }
}
