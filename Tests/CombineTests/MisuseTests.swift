import Combine
import Foundation
import Testing

/// Misuse stops the process with a message, in release builds too.
@Suite struct MisuseTests {
    /// A number the optimiser cannot see through.
    private static func runtime(_ value: Int) -> Int {
        Int(ProcessInfo.processInfo.environment["COMBINE_TESTS_UNSET"] ?? "\(value)")!
    }

    @Test func negativeDropFirstStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Just(1).dropFirst(MisuseTests.runtime(-2))
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("dropFirst(-2): the number of elements to drop cannot be negative"))
    }

    @Test func collectingZeroPerArrayStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Just(1).collect(MisuseTests.runtime(0))
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("collect(0): the number of elements per array must be at least 1"))
    }

    @Test func negativeDemandFromASubscriberStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let subject = PassthroughSubject<Int, Never>()
            let subscriber = AnySubscriber<Int, Never>(receiveSubscription: {
                $0.request(.max(MisuseTests.runtime(-5)))
            })
            subject.subscribe(subscriber)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Subscribers.Demand.max(-5): a demand cannot be negative"))
    }

    @Test func recordingAfterTheCompletionStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Record<Int, Never> { recording in
                recording.receive(completion: .finished)
                recording.receive(MisuseTests.runtime(1))
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Record.Recording received an output after its completion"))
    }

    @Test func assertNoFailureStopsOnAFailure() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Fail<Int, TestError>(error: TestError(code: MisuseTests.runtime(3))).assertNoFailure("loading").sink { _ in }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("loading: Unexpected failure: TestError(code: 3)"))
    }
}
