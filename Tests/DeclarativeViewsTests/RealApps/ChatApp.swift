import Combine
import DeclarativeViews
import Foundation
import Testing

/// A chat screen: conversations in an `ObservableObject` from `@EnvironmentObject`, a
/// `NavigationStack` pushing a conversation by id, messages in a `ScrollViewReader` that scrolls
/// to the newest when the count changes (`onChange(of:)` two-parameter form), a composer with
/// `@FocusState`, `.onSubmit` and a send button disabled while empty, a reply that arrives from
/// an `async` task, `contextMenu` copy/delete on bubbles, unread badges and `.badge`, and a
/// `LazyVStack` of bubbles aligned by sender.
enum ChatFixture {
    struct Message: Identifiable, Equatable {
        let id = UUID()
        var text: String
        var isMine: Bool
    }

    struct Conversation: Identifiable, Equatable {
        let id: String
        var name: String
        var messages: [Message]
        var unread: Int
    }

    @MainActor final class ChatStore: ObservableObject {
        @Published var conversations: [Conversation] = [
            Conversation(id: "ana", name: "Ana", messages: [Message(text: "Hi there", isMine: false)], unread: 1),
            Conversation(id: "ben", name: "Ben", messages: (1...30).map { Message(text: "Old \($0)", isMine: $0 % 2 == 0) },
                         unread: 0),
        ]
        @Published var copied: String?
        /// How long the other side takes to answer.
        var replyDelay: UInt64 = 1_000_000

        func send(_ text: String, to id: String) {
            guard let index = conversations.firstIndex(where: { $0.id == id }) else { return }
            conversations[index].messages.append(Message(text: text, isMine: true))
            let name = conversations[index].name
            Task { @MainActor in
                try? await Task.sleep(nanoseconds: replyDelay)
                guard let index = conversations.firstIndex(where: { $0.id == id }) else { return }
                conversations[index].messages.append(Message(text: "\(name): got \"\(text)\"", isMine: false))
            }
        }

        func markRead(_ id: String) {
            guard let index = conversations.firstIndex(where: { $0.id == id }) else { return }
            conversations[index].unread = 0
        }

        func delete(_ message: Message, in id: String) {
            guard let index = conversations.firstIndex(where: { $0.id == id }) else { return }
            conversations[index].messages.removeAll { $0.id == message.id }
        }
    }

    struct ChatApp: App {
        @StateObject private var store = ChatStore()

        var body: some Scene {
            WindowGroup {
                InboxView()
                    .environmentObject(store)
            }
        }
    }

    struct InboxView: View {
        @EnvironmentObject private var store: ChatStore

        var body: some View {
            NavigationStack {
                List(store.conversations) { conversation in
                    NavigationLink(value: conversation.id) {
                        HStack {
                            Image(systemName: "person.circle.fill")
                            VStack(alignment: .leading) {
                                Text(conversation.name).font(.headline)
                                Text(conversation.messages.last?.text ?? "").lineLimit(1)
                            }
                        }
                    }
                    .badge(conversation.unread)
                }
                .navigationTitle("Chats")
                .navigationDestination(for: String.self) { id in
                    ConversationView(conversationID: id)
                }
            }
        }
    }

    struct ConversationView: View {
        let conversationID: String
        @EnvironmentObject private var store: ChatStore
        @State private var draft = ""
        @State private var scrolledTo: UUID?
        @FocusState private var composerFocused: Bool

        private var conversation: Conversation? {
            store.conversations.first { $0.id == conversationID }
        }

        var body: some View {
            VStack(spacing: 0) {
                ScrollViewReader { proxy in
                    ScrollView {
                        LazyVStack(spacing: 8) {
                            ForEach(conversation?.messages ?? []) { message in
                                MessageBubble(message: message)
                                    .id(message.id)
                                    .contextMenu {
                                        Button("Copy", systemImage: "doc.on.doc") { store.copied = message.text }
                                        Button("Delete", systemImage: "trash", role: .destructive) {
                                            store.delete(message, in: conversationID)
                                        }
                                    }
                            }
                        }
                        .padding()
                    }
                    .onChange(of: conversation?.messages.count) { _, _ in
                        if let last = conversation?.messages.last {
                            withAnimation { proxy.scrollTo(last.id, anchor: .bottom) }
                            scrolledTo = last.id
                        }
                    }
                    .onAppear {
                        if let last = conversation?.messages.last {
                            proxy.scrollTo(last.id, anchor: .bottom)
                            scrolledTo = last.id
                        }
                    }
                }
                Divider()
                HStack {
                    TextField("Message", text: $draft, axis: .vertical)
                        .textFieldStyle(.roundedBorder)
                        .lineLimit(1...4)
                        .focused($composerFocused)
                        .onSubmit(send)
                    Button(action: send) {
                        Image(systemName: "arrow.up.circle.fill")
                    }
                    .accessibilityLabel("Send")
                    .disabled(draft.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
                }
                .padding()
            }
            .navigationTitle(conversation?.name ?? "")
            .navigationBarTitleDisplayMode(.inline)
            .onAppear { store.markRead(conversationID) }
            .toolbar {
                ToolbarItem(placement: .principal) {
                    VStack {
                        Text(conversation?.name ?? "").font(.headline)
                        Text("\(conversation?.messages.count ?? 0) messages").font(.caption)
                    }
                }
            }
        }

        private func send() {
            let text = draft.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { return }
            store.send(text, to: conversationID)
            draft = ""
            composerFocused = true
        }
    }

    struct MessageBubble: View {
        let message: Message

        var body: some View {
            HStack {
                if message.isMine { Spacer(minLength: 40) }
                Text(message.text)
                    .padding(10)
                    .background(message.isMine ? Color.blue : Color.gray.opacity(0.2), in: RoundedRectangle(cornerRadius: 12))
                    .foregroundStyle(message.isMine ? .white : .primary)
                if !message.isMine { Spacer(minLength: 40) }
            }
        }
    }
}

@MainActor @Suite struct ChatAppTests {
    typealias Fixture = ChatFixture

    @Test func openingAConversationClearsItsUnreadBadge() throws {
        let host = launch(Fixture.ChatApp())
        let ana = try host.inspect().find(text: "Ana")
        #expect(host.renderedText.contains("Hi there"))
        #expect(ana.inheritedAttribute("badge") == "1" || host.renderedText.contains("badge"))
        try host.tap("Ana")
        host.update()
        #expect(host.renderedText.contains("1 messages"))
        try host.back()
        host.update()
        #expect(try host.inspect().find(text: "Ana").inheritedAttribute("badge") != "1")
    }

    @Test func sendingAMessageShowsItClearsTheComposerAndTheReplyArrivesAndIsScrolledTo() async throws {
        let host = launch(Fixture.ChatApp())
        try host.tap("Ana")
        host.update()
        #expect(try host.inspect().find(button: "Send").isDisabled())
        try host.type("How are you?", into: "Message")
        host.update()
        try host.tap("Send")
        host.update()
        #expect(host.renderedText.contains(#"Text "How are you?""#))
        #expect(try host.inspect().find(textField: "Message").input() == "")
        #expect(host.focusedElement == "Message")
        await settle(host, until: "got")
        #expect(host.renderedText.contains(#"Ana: got \"How are you?\""#) || host.renderedText.contains("Ana: got"))
        #expect(host.renderedText.contains("3 messages"))
        try host.type("Great", into: "Message")
        try host.submit()
        host.update()
        #expect(host.renderedText.contains(#"Text "Great""#))
    }

    /// Headless nothing scrolls: where the reader scrolled to is recorded on the scroll view
    /// (`scrollTarget`), which is what a test can check.
    @Test func aLongConversationOpensScrolledToTheNewestMessageAndFollowsNewOnes() async throws {
        let host = launch(Fixture.ChatApp())
        try host.tap("Ben")
        host.update()
        let target = { try host.inspect().find { $0.attribute("scrollTarget") != nil }.attribute("scrollTarget") }
        let opened = try target()
        #expect(opened?.hasSuffix("anchor=bottom") == true, "scrolled to the newest on appear: \(String(describing: opened))")
        try host.type("Hello", into: "Message")
        try host.submit()
        host.update()
        let afterSending = try target()
        #expect(afterSending != opened && afterSending?.hasSuffix("anchor=bottom") == true, "the sent message is scrolled to")
        await settle(host, until: "Ben: got")
        #expect(try target() != afterSending, "and so is the reply")
    }

    @Test func aBubblesContextMenuDeletesIt() throws {
        let host = launch(Fixture.ChatApp())
        try host.tap("Ben")
        host.update()
        try host.openContextMenu("Old 30")
        host.update()
        try host.tap("Delete")
        host.update()
        #expect(!host.renderedText.contains("Old 30"))
        #expect(host.renderedText.contains("29 messages"))
    }
}
