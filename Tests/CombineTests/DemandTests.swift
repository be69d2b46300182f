import Combine
import Foundation
import Testing

@Suite struct DemandTests {
    @Test func arithmeticSaturatesAtUnlimitedAndNone() {
        typealias Demand = Subscribers.Demand
        #expect(Demand.max(2) + .max(3) == .max(5))
        #expect(Demand.max(2) + .unlimited == .unlimited)
        #expect(Demand.max(Int.max) + .max(1) == .unlimited, "overflow saturates")
        #expect(Demand.max(2) + 3 == .max(5))
        #expect(Demand.max(2) + (-5) == .none, "never negative")
        #expect(Demand.max(5) - .max(2) == .max(3))
        #expect(Demand.max(2) - .max(5) == .none)
        #expect(Demand.unlimited - .max(5) == .unlimited)
        #expect(Demand.unlimited - .unlimited == .unlimited)
        #expect(Demand.max(5) - .unlimited == .none)
        #expect(Demand.max(5) - 7 == .none)
        #expect(Demand.max(3) * 4 == .max(12))
        #expect(Demand.unlimited * 4 == .unlimited)
        #expect(Demand.max(Int.max / 2 + 1) * 2 == .unlimited)
        var demand = Demand.none
        demand += 1
        demand += .max(2)
        demand -= 1
        demand *= 10
        #expect(demand == .max(20))
    }

    @Test func comparisonsTreatUnlimitedAsGreatest() {
        typealias Demand = Subscribers.Demand
        #expect(Demand.unlimited > .max(Int.max))
        #expect(Demand.unlimited > 1_000_000)
        #expect(!(Demand.unlimited == Int.max))
        #expect(Demand.max(3) == 3)
        #expect(3 == Demand.max(3))
        #expect(Demand.max(3) < 4 && Demand.max(3) <= 3 && Demand.max(3) >= 3 && Demand.max(3) > 2)
        #expect(2 < Demand.max(3) && 4 > Demand.max(3))
        #expect(Demand.none == 0)
        #expect(Demand.max(0) == .none)
        #expect(Demand.max(7).max == 7 && Demand.unlimited.max == nil)
        #expect(Demand.unlimited.description == "unlimited" && Demand.max(2).description == "max(2)")
    }

    @Test func codableRoundTrips() throws {
        let demands: [Subscribers.Demand] = [.none, .max(42), .unlimited]
        let data = try JSONEncoder().encode(demands)
        #expect(try JSONDecoder().decode([Subscribers.Demand].self, from: data) == demands)
    }

    @Test func negativeMaxStopsWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let count = Int(ProcessInfo.processInfo.environment["NO_SUCH_VARIABLE"] ?? "-1")!
            _ = Subscribers.Demand.max(count)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Subscribers.Demand.max(-1): a demand cannot be negative"))
    }
}
