/// A view that calls an action with each value a publisher emits while it is shown (SwiftUI's
/// `SubscriptionView`, what ``View/onReceive(_:perform:)`` makes): `content` with the
/// subscription attached.
public nonisolated struct SubscriptionView<PublisherType: Publisher, Content: View>: View where PublisherType.Failure == Never {
    public var content: Content
    public var publisher: PublisherType
    public var action: (PublisherType.Output) -> Void

    public init(content: Content, publisher: PublisherType, action: @escaping (PublisherType.Output) -> Void) {
        self.content = content
        self.publisher = publisher
        self.action = action
    }

    @MainActor public var body: some View {
        content.onReceive(publisher, perform: action)
    }
}
