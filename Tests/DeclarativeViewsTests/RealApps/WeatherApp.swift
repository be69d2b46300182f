import DeclarativeViews
import Foundation
import Testing

/// A weather screen: an `@Observable` view model loading a forecast in `.task(id:)` from an
/// `async` client (restarted when the city changes), `ProgressView` while loading, an error with
/// a retry, pull to refresh (`.refreshable`), saved cities in `@AppStorage` (a JSON string),
/// a city picker sheet with `.searchable`, a units toggle, an hourly `ScrollView(.horizontal)`
/// and a daily list, and `AsyncImage` icons.
enum WeatherFixture {
    struct Forecast: Equatable {
        var city: String
        var temperature: Double
        var condition: String
        var hourly: [Double]
        var daily: [(day: String, low: Double, high: Double)]

        static func == (lhs: Forecast, rhs: Forecast) -> Bool {
            lhs.city == rhs.city && lhs.temperature == rhs.temperature && lhs.condition == rhs.condition
        }
    }

    enum WeatherError: LocalizedError {
        case offline
        var errorDescription: String? { "The weather service is unreachable." }
    }

    /// Stands in for the network: counts the fetches, fails the first `failures` of them.
    final class WeatherClient: @unchecked Sendable {
        var fetches = 0
        var failures = 0
        var drift = 0.0

        func forecast(for city: String) async throws -> Forecast {
            try await Task.sleep(nanoseconds: 1_000_000)
            fetches += 1
            if fetches <= failures { throw WeatherError.offline }
            let base = Double(city.count) + drift
            return Forecast(city: city, temperature: base, condition: city.hasPrefix("L") ? "Rain" : "Sunny",
                            hourly: (0..<6).map { base + Double($0) },
                            daily: [("Mon", base - 3, base + 2), ("Tue", base - 2, base + 4)])
        }
    }

    @MainActor @Observable final class WeatherModel {
        enum Phase { case loading, loaded(Forecast), failed(String) }
        var phase = Phase.loading
        let client: WeatherClient

        init(client: WeatherClient) {
            self.client = client
        }

        func load(_ city: String) async {
            do {
                phase = .loaded(try await client.forecast(for: city))
            } catch is CancellationError {
            } catch {
                phase = .failed(error.localizedDescription)
            }
        }
    }

    struct WeatherApp: App {
        /// The service the app talks to (tests give each launch its own).
        @MainActor static var client = WeatherClient()

        var body: some Scene {
            WindowGroup {
                WeatherView(model: WeatherModel(client: Self.client))
            }
        }
    }

    struct WeatherView: View {
        @State var model: WeatherModel
        @AppStorage("city") private var city = "Berlin"
        @AppStorage("savedCities") private var savedCitiesJSON = #"["Berlin","London","Oslo"]"#
        @AppStorage("useCelsius") private var useCelsius = true
        @State private var choosingCity = false

        private var savedCities: [String] {
            (try? JSONDecoder().decode([String].self, from: Data(savedCitiesJSON.utf8))) ?? []
        }

        private func temperature(_ celsius: Double) -> String {
            let value = useCelsius ? celsius : celsius * 9 / 5 + 32
            return "\(Int(value.rounded()))°\(useCelsius ? "C" : "F")"
        }

        var body: some View {
            NavigationStack {
                Group {
                    switch model.phase {
                    case .loading:
                        ProgressView("Loading \(city)…")
                    case .failed(let message):
                        ContentUnavailableView {
                            Label("No Forecast", systemImage: "cloud.slash")
                        } description: {
                            Text(message)
                        } actions: {
                            Button("Retry") {
                                Task { await model.load(city) }
                            }
                        }
                    case .loaded(let forecast):
                        forecastList(forecast)
                    }
                }
                .navigationTitle(city)
                .toolbar {
                    ToolbarItem(placement: .topBarLeading) {
                        Toggle("°C", isOn: $useCelsius)
                            .toggleStyle(.button)
                    }
                    ToolbarItem(placement: .topBarTrailing) {
                        Button("Cities", systemImage: "list.bullet") { choosingCity = true }
                    }
                }
                .sheet(isPresented: $choosingCity) {
                    CityPicker(cities: savedCities, city: $city) { newCity in
                        var cities = savedCities
                        if !cities.contains(newCity) { cities.append(newCity) }
                        savedCitiesJSON = String(decoding: try! JSONEncoder().encode(cities), as: UTF8.self)
                    }
                }
            }
            .task(id: city) {
                model.phase = .loading
                await model.load(city)
            }
        }

        private func forecastList(_ forecast: Forecast) -> some View {
            List {
                Section {
                    VStack {
                        AsyncImage(url: URL(string: "https://example.com/icons/\(forecast.condition).png")) { phase in
                            if let image = phase.image {
                                image.resizable().scaledToFit()
                            } else if phase.error != nil {
                                Image(systemName: "exclamationmark.triangle")
                            } else {
                                Image(systemName: forecast.condition == "Rain" ? "cloud.rain" : "sun.max")
                            }
                        }
                        .frame(width: 64, height: 64)
                        Text(temperature(forecast.temperature)).font(.system(size: 64, weight: .thin))
                        Text(forecast.condition)
                    }
                    .frame(maxWidth: .infinity)
                }
                Section("Hourly") {
                    ScrollView(.horizontal, showsIndicators: false) {
                        HStack(spacing: 16) {
                            ForEach(Array(forecast.hourly.enumerated()), id: \.offset) { hour, value in
                                VStack {
                                    Text(hour == 0 ? "Now" : "+\(hour)h").font(.caption)
                                    Text(temperature(value))
                                }
                            }
                        }
                    }
                }
                Section("This Week") {
                    ForEach(forecast.daily, id: \.day) { day in
                        HStack {
                            Text(day.day)
                            Spacer()
                            Text("\(temperature(day.low)) – \(temperature(day.high))")
                        }
                    }
                }
            }
            .refreshable {
                await model.load(city)
            }
        }
    }

    struct CityPicker: View {
        let cities: [String]
        @Binding var city: String
        let add: (String) -> Void
        @Environment(\.dismiss) private var dismiss
        @State private var query = ""

        private var results: [String] {
            query.isEmpty ? cities : cities.filter { $0.localizedCaseInsensitiveContains(query) }
        }

        var body: some View {
            NavigationStack {
                List {
                    ForEach(results, id: \.self) { name in
                        Button {
                            city = name
                            dismiss()
                        } label: {
                            HStack {
                                Text(name)
                                if name == city {
                                    Spacer()
                                    Image(systemName: "checkmark")
                                }
                            }
                        }
                    }
                    if !query.isEmpty && !cities.contains(where: { $0.caseInsensitiveCompare(query) == .orderedSame }) {
                        Button("Add \(query)") {
                            add(query)
                            city = query
                            dismiss()
                        }
                    }
                }
                .searchable(text: $query, prompt: "City name")
                .navigationTitle("Cities")
                .toolbar {
                    ToolbarItem(placement: .cancellationAction) { Button("Close") { dismiss() } }
                }
            }
        }
    }
}

@MainActor @Suite(.serialized) struct WeatherAppTests {
    typealias Fixture = WeatherFixture

    init() {
        for key in ["city", "savedCities", "useCelsius"] { UserDefaults.standard.removeObject(forKey: key) }
    }

    /// The app, talking to `client`.
    private func app(_ client: Fixture.WeatherClient) -> Fixture.WeatherApp {
        Fixture.WeatherApp.client = client
        return Fixture.WeatherApp()
    }

    @Test func theForecastLoadsAndPullingToRefreshFetchesAgain() async throws {
        let client = Fixture.WeatherClient()
        let host = launch(app(client))
        #expect(host.renderedText.contains("Loading Berlin…"))
        await settle(host, until: "Sunny")
        #expect(host.renderedText.contains("6°C"))
        #expect(host.renderedText.contains("+5h"))
        #expect(host.renderedText.contains("3°C – 8°C"))
        client.drift = 10
        try await host.pullToRefresh()
        host.update()
        #expect(client.fetches == 2)
        #expect(host.renderedText.contains("16°C"))
    }

    @Test func aFailedLoadShowsTheErrorAndRetryLoads() async throws {
        let client = Fixture.WeatherClient()
        client.failures = 1
        let host = launch(app(client))
        await settle(host, until: "No Forecast")
        #expect(host.renderedText.contains("The weather service is unreachable."))
        try host.tap("Retry")
        await settle(host, until: "Sunny")
        #expect(host.renderedText.contains("6°C"))
    }

    @Test func choosingACityReloadsTheForecastAndTheUnitsToggleConverts() async throws {
        let client = Fixture.WeatherClient()
        let host = launch(app(client))
        await settle(host, until: "Sunny")
        try host.tap("Cities")
        host.update()
        try host.tap("London")
        await settle(host) { client.fetches == 2 && $0.renderedText.contains("Rain") }
        #expect(try host.inspect().navigationTitle() == "London")
        try host.toggle("°C")
        host.update()
        #expect(host.renderedText.contains("43°F"))
        #expect(UserDefaults.standard.bool(forKey: "useCelsius") == false)
    }

    @Test func searchingForAnUnsavedCityAddsItToTheSavedOnes() async throws {
        let client = Fixture.WeatherClient()
        let host = launch(app(client))
        await settle(host, until: "Sunny")
        try host.tap("Cities")
        host.update()
        try host.search("os")
        host.update()
        #expect(host.renderedText.contains("Oslo"))
        #expect(!host.renderedText.contains(#"Text "Berlin""#))
        try host.search("Paris")
        host.update()
        try host.tap("Add Paris")
        await settle(host) { client.fetches == 2 && $0.renderedText.contains("Sunny") }
        #expect(try host.inspect().navigationTitle() == "Paris")
        #expect(UserDefaults.standard.string(forKey: "savedCities") == #"["Berlin","London","Oslo","Paris"]"#)
    }
}
