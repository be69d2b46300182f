import DeclarativeViews
import RunLoopBridge
import Testing

/// A `@State` binding read by a view of another host (two windows, two hosting controllers):
/// SwiftUI's hosts share one attribute graph, so the reader depends on the state and updates
/// when it changes. Here each host has a graph of its own; the reader still sees every change.
@MainActor @Suite struct CrossHostStateTests {
    /// Where the owning view leaves its binding for the other host's view to find.
    final class Mailbox {
        var binding: Binding<Int>?
    }

    struct Owner: View {
        @State private var count = 0
        let mailbox: Mailbox
        var body: some View {
            let _ = { mailbox.binding = $count }()
            Button("owner \(count)") { count += 1 }
        }
    }

    struct Reader: View {
        let mailbox: Mailbox
        let recorder: Recorder
        var body: some View {
            let _ = recorder.record("reader body")
            Text("reader \(mailbox.binding?.wrappedValue ?? -1)")
        }
    }

    @Test func aBodyInAnotherHostReadsTheStateAndUpdatesWhenItChanges() throws {
        let mailbox = Mailbox()
        let recorder = Recorder()
        let (owner, ownerScheduler) = mount(Owner(mailbox: mailbox))
        let (reader, readerScheduler) = mount(Reader(mailbox: mailbox, recorder: recorder))
        #expect(reader.renderedText.contains("reader 0"))
        #expect(recorder.take() == ["reader body"])

        // A write in the owner's host: the reader's host is told to update.
        try owner.tap("owner 0")
        ownerScheduler.flush()
        #expect(owner.renderedText.contains("owner 1"))
        readerScheduler.flush()
        #expect(reader.renderedText.contains("reader 1"))
        #expect(recorder.take() == ["reader body"])

        // A write through the binding from outside any body.
        mailbox.binding?.wrappedValue = 7
        readerScheduler.flush()
        ownerScheduler.flush()
        #expect(reader.renderedText.contains("reader 7"))
        #expect(owner.renderedText.contains("owner 7"))
        #expect(recorder.take() == ["reader body"])

        // Nothing changed: nothing runs again.
        readerScheduler.flush()
        #expect(recorder.take().isEmpty)
    }

    @Test func aReaderWhoseHostIsGoneIsForgotten() throws {
        let mailbox = Mailbox()
        let recorder = Recorder()
        let (owner, ownerScheduler) = mount(Owner(mailbox: mailbox))
        do {
            let (reader, _) = mount(Reader(mailbox: mailbox, recorder: recorder))
            #expect(reader.renderedText.contains("reader 0"))
            reader.invalidate()
        }
        try owner.tap("owner 0")
        ownerScheduler.flush()
        #expect(owner.renderedText.contains("owner 1"))
        #expect(recorder.take() == ["reader body"])
    }
    /// The other host's view holds the binding itself (`@Binding`) and writes through it.
    struct Remote: View {
        @Binding var count: Int
        var body: some View {
            Button("remote \(count)") { count += 10 }
        }
    }

    @Test func aBindingHeldByAViewOfAnotherHostReadsAndWrites() throws {
        let mailbox = Mailbox()
        let (owner, ownerScheduler) = mount(Owner(mailbox: mailbox))
        let binding = try #require(mailbox.binding)
        let (remote, remoteScheduler) = mount(Remote(count: binding))
        #expect(remote.renderedText.contains("remote 0"))

        try remote.tap("remote 0")
        remoteScheduler.flush()
        ownerScheduler.flush()
        #expect(remote.renderedText.contains("remote 10"))
        #expect(owner.renderedText.contains("owner 10"))

        try owner.tap("owner 10")
        ownerScheduler.flush()
        remoteScheduler.flush()
        #expect(owner.renderedText.contains("owner 11"))
        #expect(remote.renderedText.contains("remote 11"))
    }
}
