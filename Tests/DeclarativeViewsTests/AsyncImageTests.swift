import DeclarativeViews
import Testing

// No `import Foundation` here: `URLSession` and `URLRequest` must come with `import DeclarativeViews`,
// as they come with `import SwiftUI` (on Linux they live in FoundationNetworking).

/// `AsyncImage` headless: file URLs load at once, other URLs stay on the placeholder.
@MainActor @Suite struct AsyncImageTests {
    private func temporaryFile(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "\(UUID().uuidString)-\(name)")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: url)
        return url
    }

    @Test func aFileURLLoadsAndShowsTheContentWithTheImage() throws {
        let url = try temporaryFile("cupcake.png")
        defer { try? FileManager.default.removeItem(at: url) }
        let host = layOut(AsyncImage(url: url) { image in
            image.resizable()
        } placeholder: {
            Text("Loading…")
        })
        #expect(host.renderedText.contains("cupcake.png"))
        #expect(!host.renderedText.contains("Loading…"))
        #expect(host.renderedText.contains("asyncImage=\(url.absoluteString)"))
    }

    @Test func aRemoteURLStaysOnThePlaceholderHeadless() {
        let host = layOut(AsyncImage(url: URL(string: "https://example.com/logo.png")) { image in
            image
        } placeholder: {
            Text("Loading…")
        })
        #expect(host.renderedText.contains("Loading…"))
    }

    @Test func eachPhaseReachesThePhaseContent() throws {
        func phaseName(_ url: URL?) -> String {
            let host = layOut(AsyncImage(url: url) { phase in
                switch phase {
                case .empty: Text("empty")
                case .success(let image): image
                case .failure: Text("failed: true")
                }
            })
            return host.renderedText
        }
        let url = try temporaryFile("flag.png")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(phaseName(url).contains("flag.png"))
        #expect(phaseName(URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).png")).contains("failed: true"))
        #expect(phaseName(nil).contains("empty"))
        #expect(AsyncImagePhase.empty.image == nil && AsyncImagePhase.empty.error == nil)
    }

    @Test func theImageOnlyFormShowsAPlaceholderImageUntilLoaded() {
        let host = layOut(AsyncImage(url: URL(string: "https://example.com/a.png"), scale: 2))
        #expect(host.renderedText.contains("[photo]"))
    }

    @Test func urlRequestsAndResponsesComeWithTheViewModule() throws {
        var request = URLRequest(url: try #require(URL(string: "https://example.com/api/cupcakes")))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        #expect(request.value(forHTTPHeaderField: "content-type") == "application/json")
        let url = try #require(request.url)
        let response = try #require(HTTPURLResponse(url: url, statusCode: 404, httpVersion: nil, headerFields: nil))
        #expect(response.statusCode == 404)
        #expect(URLSession.shared.configuration.timeoutIntervalForRequest > 0)
    }

    @Test func scrollBounceBehaviorIsRecorded() {
        let host = layOut(ScrollView { Text("Order") }.scrollBounceBehavior(.basedOnSize))
        #expect(host.renderedText.contains("scrollBounceBehavior=basedOnSize"))
        let horizontal = layOut(Text("x").scrollBounceBehavior(.always, axes: .horizontal))
        #expect(horizontal.renderTree.first?.attributes["scrollBounceBehavior"] == "always horizontal")
    }
}
