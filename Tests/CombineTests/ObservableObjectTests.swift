import Combine
import Foundation
import Testing

private final class SearchModel: ObservableObject {
    @Published var query = ""
    @Published var count = 0
    var untracked = 0
}

private class BaseModel: ObservableObject {
    @Published var base = 0
}

private final class DerivedModel: BaseModel {
    @Published var derived = 0
}

private final class ManualModel: ObservableObject {
    let objectWillChange = ObservableObjectPublisher()
    @Published var value = 0
}

private final class PlainModel: ObservableObject {
    var value = 0
}

@Suite struct ObservableObjectTests {
    @Test func publishedPropertiesSendObjectWillChangeBeforeTheyChange() {
        let model = SearchModel()
        var seen: [String] = []
        let c = model.objectWillChange.sink { seen.append(model.query) }
        model.query = "a"
        model.count = 1
        model.untracked = 5
        #expect(seen == ["", "a"], "sent before the store: the old value is still visible")
        #expect(model.objectWillChange === model.objectWillChange, "one publisher per object")
        _ = c
    }

    @Test func projectedPublisherEmitsTheCurrentValueThenNewValuesBeforeTheStore() {
        let model = SearchModel()
        model.query = "start"
        var log: [String] = []
        let c = model.$query.sink { log.append("\($0) (stored: \(model.query))") }
        model.query = "next"
        #expect(log == ["start (stored: start)", "next (stored: start)"])
        _ = c
    }

    @Test func superclassPublishedPropertiesShareThePublisher() {
        let model = DerivedModel()
        var changes = 0
        let c = model.objectWillChange.sink { changes += 1 }
        model.base = 1
        model.derived = 1
        #expect(changes == 2)
        _ = c
    }

    @Test func aDeclaredObjectWillChangeIsNotSentByPublishedProperties() {
        let model = ManualModel()
        var changes = 0
        let c = model.objectWillChange.sink { changes += 1 }
        model.value = 1
        #expect(changes == 0, "as in Apple's: a class with its own objectWillChange sends it itself")
        model.objectWillChange.send()
        #expect(changes == 1)
        _ = c
    }

    @Test func anObjectWithoutPublishedPropertiesGetsAFreshPublisher() {
        let model = PlainModel()
        #expect(model.objectWillChange !== model.objectWillChange)
    }

    @Test func assignToPublishedFeedsThePropertyAndEndsWithTheObject() {
        let source = PassthroughSubject<String, Never>()
        weak var weakModel: SearchModel?
        var changes = 0
        var c: AnyCancellable?
        do {
            let model = SearchModel()
            weakModel = model
            c = model.objectWillChange.sink { changes += 1 }
            source.map { $0.uppercased() }.assign(to: &model.$query)
            source.send("swift")
            #expect(model.query == "SWIFT")
            #expect(changes == 1, "assigning goes through the setter path")
        }
        #expect(weakModel == nil, "assign(to:) holds no reference to the object")
        source.send("later")  // the subscription ended with the object
        _ = c
    }

    @Test func didChangeHookRunsAfterTheStore() {
        let model = SearchModel()
        var log: [String] = []
        let publisher = model.objectWillChange
        let will = publisher.sink { log.append("will: \(model.query)") }
        let did = publisher.didChange.sink { log.append("did: \(model.query)") }
        let didSet = model.$query.didSet.sink { log.append("didSet \($0): \(model.query)") }
        model.query = "x"
        #expect(log == ["will: ", "didSet x: x", "did: x"])
        publisher.send()
        #expect(log.count == 4, "send() is will-change only")
        _ = (will, did, didSet)
    }

    @Test func publishedSetFromAnotherThreadNotifiesThere() {
        let model = SearchModel()
        let notified = DispatchSemaphore(value: 0)
        let stored = DispatchSemaphore(value: 0)
        var onMain = true
        let c = model.objectWillChange.sink { onMain = Thread.isMainThread; notified.signal() }
        let box = UncheckedBox((model, stored))
        Thread.detachNewThread {
            box.value.0.count = 1
            box.value.1.signal()
        }
        #expect(notified.wait(timeout: .now() + 5) == .success && stored.wait(timeout: .now() + 5) == .success)
        #expect(!onMain && model.count == 1)
        _ = c
    }
}

/// Hands a non-Sendable value to another thread in a test.
struct UncheckedBox<Value>: @unchecked Sendable {
    // @unchecked: the test uses the value on one thread at a time.
    let value: Value
    init(_ value: Value) { self.value = value }
}
