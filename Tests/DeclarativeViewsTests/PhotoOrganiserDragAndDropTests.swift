import DeclarativeViews
import Foundation
import Testing

/// A photo organiser with drag and drop of `Transferable` values: the driver drags a photo onto
/// an album (its `dropDestination` takes it, the album is targeted while the photo is over it), a
/// value of another type is refused, a photo dropped on a list of photos is inserted where it
/// lands; values travel through their representations — Codable, data, proxy, file.
@MainActor
@Suite struct PhotoOrganiserDragAndDropTests {
    struct Photo: Codable, Hashable, Transferable {
        var name: String
        static var transferRepresentation: some TransferRepresentation {
            CodableRepresentation(contentType: .photo)
            ProxyRepresentation(exporting: \.name)
        }
    }

    /// A tag travels as text only: a photo cannot become one, nor can a tag become a photo.
    struct Tag: Transferable {
        var label: String
        static var transferRepresentation: some TransferRepresentation {
            DataRepresentation(contentType: .utf8PlainText) { tag in Data(tag.label.utf8) } importing: { data in
                Tag(label: String(decoding: data, as: UTF8.self))
            }
        }
    }

    final class Log {
        var events: [String] = []
    }

    struct Organiser: View {
        let log: Log
        @State private var library = [Photo(name: "Beach"), Photo(name: "Forest")]
        @State private var album: [Photo] = []
        @State private var targeted = false

        var body: some View {
            VStack {
                ForEach(library, id: \.self) { photo in
                    Text(photo.name).draggable(photo)
                }
                Text("#holiday").draggable(Tag(label: "holiday")) { Text("Tag preview") }
                Text(targeted ? "Holiday album (drop here)" : "Holiday album")
                    .dropDestination(for: Photo.self) { photos, location in
                        log.events.append("dropped \(photos.map(\.name)) at \(Int(location.x)),\(Int(location.y))")
                        album += photos
                        return true
                    } isTargeted: { isTargeted in
                        log.events.append("targeted \(isTargeted)")
                        targeted = isTargeted
                    }
                Text("album: \(album.map(\.name).joined(separator: ", "))")
                Text("Captions").dropDestination(for: String.self) { names, _ in
                    log.events.append("caption \(names)")
                    return false
                }
            }
        }
    }

    @Test func draggingAPhotoOntoAnAlbumAddsItWhileTheAlbumShowsItIsTargeted() async throws {
        let log = Log()
        let (host, _) = mount(Organiser(log: log))
        let taken = try await host.dragAndDrop("Forest", onto: "Holiday album", at: CGPoint(x: 4, y: 5))
        #expect(taken)
        #expect(log.events == ["targeted true", "dropped [\"Forest\"] at 4,5", "targeted false"])
        #expect(host.renderedText.contains("album: Forest"))
        #expect(host.renderedText.contains("Holiday album (drop here)") == false)
        let photo = try host.inspect().find(text: "Beach")
        #expect(photo.attribute("draggable") == "Photo")
        #expect(try host.inspect().find(text: "#holiday").attribute("dragPreview") == "Text")
        #expect(try host.inspect().find(text: "Holiday album").attribute("dropDestination") == "Photo")
    }

    @Test func aValueThatCannotBecomeThePhotoTypeIsRefused() async throws {
        let log = Log()
        let (host, _) = mount(Organiser(log: log))
        let taken = try await host.dragAndDrop("#holiday", onto: "Holiday album")
        #expect(!taken)
        #expect(log.events.isEmpty, "neither targeted nor dropped")
        #expect(host.renderedText.contains("album: \n") || host.renderedText.contains("album: "))
        // A photo travels as its name where text is taken (its proxy), and the action's answer is returned.
        let captioned = try await host.dragAndDrop("Beach", onto: "Captions")
        #expect(!captioned)
        #expect(log.events == ["caption [\"Beach\"]"])
        await #expect(throws: ViewHostError.self) { try await host.dragAndDrop("album: ", onto: "Captions") }
        await #expect(throws: ViewHostError.self) { try await host.dragAndDrop("Beach", onto: "#holiday") }
    }

    struct Reorderable: View {
        @State private var photos = [Photo(name: "One"), Photo(name: "Two"), Photo(name: "Three")]

        var body: some View {
            VStack {
                Text("New").draggable(Photo(name: "New"))
                List {
                    ForEach(photos, id: \.self) { Text($0.name) }
                        .dropDestination(for: Photo.self) { dropped, offset in
                            photos.insert(contentsOf: dropped, at: offset)
                        }
                }
                Text("order: \(photos.map(\.name).joined(separator: " "))")
            }
        }
    }

    @Test func aPhotoDroppedOnARowOfAListIsInsertedBeforeIt() async throws {
        let (host, _) = mount(Reorderable())
        #expect(try await host.dragAndDrop("New", onto: "Three"))
        #expect(host.renderedText.contains("order: One Two New Three"))
        #expect(try host.inspect().find(text: "One").attribute("dropDestination") == "Photo")
    }

    struct Swatch: View {
        @State private var color = Color.blue
        var body: some View {
            VStack {
                Text("Red swatch").draggable(Color.red)
                Text("Well").dropDestination(for: Color.self) { colors, _ in
                    color = colors[0]
                    return true
                }
                Text("well is \(color.resolve(in: EnvironmentValues()).description)")
            }
        }
    }

    @Test func aColorTravelsThroughItsTransferRepresentation() async throws {
        let (host, _) = mount(Swatch())
        #expect(try await host.dragAndDrop("Red swatch", onto: "Well"))
        let red = Color.red.resolve(in: EnvironmentValues()).description
        #expect(host.renderedText.contains("well is \(red)"))
        _ = Color.transferRepresentation
    }

    struct Document: Transferable, Equatable {
        var text: String
        static var transferRepresentation: some TransferRepresentation {
            FileRepresentation(contentType: .plainText) { document in
                let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).txt")
                try Data(document.text.utf8).write(to: file)
                return SentTransferredFile(file)
            } importing: { received in
                Document(text: try String(contentsOf: received.file, encoding: .utf8))
            }
        }
    }

    struct Shortcut: Transferable {
        var url: URL
        static var transferRepresentation: some TransferRepresentation {
            ProxyRepresentation(exporting: \.url) { url in Shortcut(url: url) }
            DataRepresentation(exportedContentType: .json) { shortcut in Data("{}".utf8) }
            DataRepresentation(importedContentType: .rtf) { _ in Shortcut(url: URL(string: "about:rtf")!) }
            FileRepresentation(exportedContentType: .pdf) { _ in SentTransferredFile(URL(fileURLWithPath: "/nonexistent")) }
            FileRepresentation(importedContentType: .png) { received in Shortcut(url: received.file) }
        }
    }

    struct Inbox: View {
        @State private var received = "nothing"
        var body: some View {
            VStack {
                Text("Notes.txt").draggable(Document(text: "Buy milk"))
                Text("Link").draggable(Shortcut(url: URL(string: "https://example.com/a")!))
                Text("Bytes").draggable(Data([1, 2, 3]))
                Text("Files").dropDestination(for: Document.self) { documents, _ in
                    received = "document \(documents[0].text)"
                    return true
                }
                Text("Links").dropDestination(for: URL.self) { urls, _ in
                    received = "url \(urls[0].absoluteString)"
                    return true
                }
                Text("Shortcuts").dropDestination(for: Shortcut.self) { shortcuts, _ in
                    received = "shortcut \(shortcuts[0].url.absoluteString)"
                    return true
                }
                Text("Raw").dropDestination(for: Data.self) { data, _ in
                    received = "data \(data[0].count) bytes"
                    return true
                }
                Text("received \(received)")
            }
        }
    }

    @Test func filesProxiesAndDataTravelAsTheirRepresentationsSay() async throws {
        let (host, _) = mount(Inbox())
        #expect(try await host.dragAndDrop("Notes.txt", onto: "Files"))
        #expect(host.renderedText.contains("received document Buy milk"))
        #expect(try await host.dragAndDrop("Link", onto: "Links"))
        #expect(host.renderedText.contains("received url https://example.com/a"))
        #expect(try await host.dragAndDrop("Link", onto: "Shortcuts"))
        #expect(host.renderedText.contains("received shortcut https://example.com/a"))
        #expect(try await host.dragAndDrop("Bytes", onto: "Raw"))
        #expect(host.renderedText.contains("received data 3 bytes"))
        // A document is plain text, which a URL does not import.
        #expect(try await host.dragAndDrop("Notes.txt", onto: "Links") == false)
        #expect(UTType.utf8PlainText.conforms(to: .data) && !UTType.png.conforms(to: .text))
        #expect(UTType("com.example.photo")?.conforms(to: .data) == true && UTType("") == nil)
    }

    struct Editor: View {
        var body: some View {
            NavigationStack {
                Text("Draft")
                    .navigationDocument(URL(string: "https://example.com/draft")!)
                Text("Final")
                    .navigationDocument(Photo(name: "Cover"), preview: SharePreview("The cover"))
                Text("Iconed")
                    .navigationDocument("notes", preview: SharePreview(Text("Notes"), icon: Color.red))
            }
        }
    }

    @Test func aNavigationDocumentAndItsPreviewAreRecorded() throws {
        let (host, _) = mount(Editor())
        #expect(try host.inspect().find(text: "Draft").attribute("navigationDocument") == "https://example.com/draft")
        let final = try host.inspect().find(text: "Final")
        #expect(final.attribute("navigationDocumentPreview") == "The cover")
        #expect(final.attribute("navigationDocument")?.contains("Cover") == true)
        #expect(try host.inspect().find(text: "Iconed").attribute("navigationDocumentPreview") == "Notes")
        _ = SharePreview("Image", image: Color.blue, icon: Color.red)
        _ = SharePreview<Color, Never>(LocalizedStringKey("Key"), image: Color.blue)
    }
}

extension UTType {
    static let photo = UTType(exportedAs: "com.example.photo")
}

/// Sharing from the photo organiser: the share sheet is the platform's, so a `ShareLink` is a
/// button on which what it would share is recorded.
@MainActor
@Suite struct PhotoSharingTests {
    typealias Photo = PhotoOrganiserDragAndDropTests.Photo

    struct Sharing: View {
        var body: some View {
            VStack {
                ShareLink(item: URL(string: "https://example.com/beach")!, subject: Text("Beach"), message: Text("Look"))
                ShareLink("Send names", items: ["Beach", "Forest"])
                ShareLink(item: Photo(name: "Cover"), preview: SharePreview("The cover")) { Text("Share cover") }
                ShareLink(items: [Photo(name: "A"), Photo(name: "B")]) { photo in SharePreview(photo.name) }
            }
        }
    }

    @Test func aShareLinkShowsAButtonRecordingWhatItWouldShare() throws {
        let (host, _) = mount(Sharing())
        let buttons = try host.inspect().findAll(ViewType.Button.self)
        #expect(buttons.count == 4)
        #expect(buttons[0].attribute("shareItems") == "https://example.com/beach")
        #expect(buttons[0].attribute("shareSubject") == "Beach" && buttons[0].attribute("shareMessage") == "Look")
        #expect(buttons[1].attribute("shareItems") == "Beach, Forest")
        #expect(buttons[2].attribute("sharePreview") == "The cover")
        #expect(buttons[3].attribute("sharePreview") == "A, B")
        #expect(host.renderedText.contains("Send names") && host.renderedText.contains("Share cover"))
        #expect(host.renderedText.contains("Share"))
        let _: DefaultShareLinkLabel? = nil
    }
}
