import DeclarativeViews
import Foundation
import Testing

/// Drag and drop on table rows: a playlist table whose rows are draggable songs, a queue table
/// whose rows take dropped songs, and a `ForEach` of rows that inserts a dropped song before the
/// row it lands on (SwiftUI's `OnInsertTableRowModifier`).
@MainActor
@Suite struct TableRowDragAndDropTests {
    struct Song: Identifiable, Codable, Hashable, Transferable {
        var id: String { title }
        var title: String
        static var transferRepresentation: some TransferRepresentation {
            CodableRepresentation(contentType: .json)
        }
    }

    final class Log {
        var events: [String] = []
    }

    struct Playlists: View {
        let log: Log
        @State private var library = [Song(title: "Blue"), Song(title: "Green")]
        @State private var queue = [Song(title: "Red"), Song(title: "Amber")]

        var body: some View {
            VStack {
                Table(of: Song.self) {
                    TableColumn("Library", value: \.title)
                } rows: {
                    ForEach(library) { song in
                        TableRow(song).draggable(song)
                    }
                }
                Table(of: Song.self) {
                    TableColumn("Queue", value: \.title)
                } rows: {
                    ForEach(queue) { TableRow($0) }
                        .dropDestination(for: Song.self) { offset, songs in
                            log.events.append("insert \(songs.map(\.title)) at \(offset)")
                            queue.insert(contentsOf: songs, at: offset)
                        }
                    TableRow(Song(title: "Up next"))
                        .dropDestination(for: String.self) { names in log.events.append("names \(names)") }
                }
                Text("queue: \(queue.map(\.title).joined(separator: " "))")
            }
        }
    }

    @Test func aSongDraggedFromOneTableOntoARowOfAnotherIsInsertedBeforeThatRow() async throws {
        let log = Log()
        let (host, _) = mount(Playlists(log: log))
        #expect(host.renderedText.contains("queue: Red Amber"))
        let taken = try await host.dragAndDrop("Green", onto: "Amber")
        #expect(taken)
        #expect(log.events == ["insert [\"Green\"] at 1"])
        #expect(host.renderedText.contains("queue: Red Green Amber"))
        // Dropped on the first row: inserted at the start.
        try await host.dragAndDrop("Blue", onto: "Red")
        #expect(host.renderedText.contains("queue: Blue Red Green Amber"))
        // Each library row records what it carries; the queue's rows what they take.
        #expect(host.renderedText.components(separatedBy: "draggable=Song").count - 1 == 2)
        #expect(host.renderedText.contains("dropDestination=Song"))
    }

    @Test func aRowThatTakesAnotherTypeRefusesTheSongAndARowWithoutADestinationIsAnError() async throws {
        let log = Log()
        let (host, _) = mount(Playlists(log: log))
        let taken = try await host.dragAndDrop("Blue", onto: "Up next")
        #expect(!taken, "a Codable song has no text representation")
        #expect(log.events.isEmpty)
        await #expect(throws: ViewHostError.self) { try await host.dragAndDrop("Blue", onto: "Green") }
    }
}
