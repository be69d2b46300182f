import DeclarativeViews
import Testing

/// The rule that decides whether a body runs again: SwiftUI's field-by-field comparison.
@MainActor
@Suite struct ViewEqualityTests {
    final class Object {}

    struct Fields: View {
        var title: String
        var count: Int
        var object: Object
        var action: () -> Void
        var body: some View { Text(title) }
    }

    enum Payload {
        case text(String)
        case number(Int)
    }

    struct WithPayload: View {
        var payload: Payload
        var body: some View { EmptyView() }
    }

    struct WithState: View {
        @State var model = Object()
        var body: some View { EmptyView() }
    }

    struct WithBinding: View {
        @Binding var value: Int
        var body: some View { EmptyView() }
    }

    @Test func plainFieldsCompareByValueObjectsAndClosuresByIdentity() {
        let object = Object()
        let action: () -> Void = {}
        let view = Fields(title: "a", count: 1, object: object, action: action)
        #expect(_ViewEquality.equal(view, Fields(title: "a", count: 1, object: object, action: action)))
        #expect(!_ViewEquality.equal(view, Fields(title: "b", count: 1, object: object, action: action)))
        #expect(!_ViewEquality.equal(view, Fields(title: "a", count: 2, object: object, action: action)))
        #expect(!_ViewEquality.equal(view, Fields(title: "a", count: 1, object: Object(), action: action)))
        let other: () -> Void = { _ = object }
        #expect(!_ViewEquality.equal(view, Fields(title: "a", count: 1, object: object, action: other)))
    }

    @Test func anUninstalledStateIsNotADifferenceAndBindingsCompareByWhereTheyPoint() {
        #expect(_ViewEquality.equal(WithState(), WithState()), "a parent passes a fresh initial value each time")
        let binding = Binding.constant(1)
        #expect(_ViewEquality.equal(WithBinding(value: binding), WithBinding(value: binding)))
        #expect(!_ViewEquality.equal(WithBinding(value: binding), WithBinding(value: .constant(1))))
    }

    @Test func optionalsAndConditionalsCompareByCaseThenContent() {
        #expect(_ViewEquality.equal(Optional(Text("a")), Optional(Text("a"))))
        #expect(!_ViewEquality.equal(Optional(Text("a")), nil))
        func branch(_ flag: Bool) -> _ConditionalContent<Text, EmptyView> {
            flag ? ViewBuilder.buildEither(first: Text("x")) : ViewBuilder.buildEither(second: EmptyView())
        }
        #expect(_ViewEquality.equal(branch(true), branch(true)))
        #expect(!_ViewEquality.equal(branch(true), branch(false)))
    }

    @Test func enumsWithPayloadsCompareByCaseThenPayloadWithoutBeingEquatable() {
        #expect(_ViewEquality.equal(WithPayload(payload: .number(1)), WithPayload(payload: .number(1))))
        #expect(!_ViewEquality.equal(WithPayload(payload: .number(1)), WithPayload(payload: .number(2))))
        #expect(_ViewEquality.equal(WithPayload(payload: .text("a")), WithPayload(payload: .text("a"))))
        #expect(!_ViewEquality.equal(WithPayload(payload: .text("a")), WithPayload(payload: .number(1))))
    }

    nonisolated struct Counter: View, Equatable {
        var count: Int
        var label: Int
        /// Two counters with the same count are the same view, whatever the label.
        nonisolated static func == (lhs: Counter, rhs: Counter) -> Bool { lhs.count == rhs.count }
        var body: some View { EmptyView() }
    }

    nonisolated struct TitledCounter: View, Equatable {
        var title: String
        var count: Int
        nonisolated static func == (lhs: TitledCounter, rhs: TitledCounter) -> Bool { lhs.title == rhs.title }
        var body: some View { EmptyView() }
    }

    @Test func plainDataViewsCompareByBytesEvenWhenEquatableAsInSwiftUI() {
        #expect(!_ViewEquality.equal(Counter(count: 1, label: 1), Counter(count: 1, label: 2)), "plain data: == is not used")
        #expect(_ViewEquality.equal(TitledCounter(title: "a", count: 1), TitledCounter(title: "a", count: 2)), "not plain data: == is used")
    }
}
