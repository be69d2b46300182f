import DeclarativeViews
import Foundation
import Testing

/// The checks that keep the view layer's unchecked shortcuts honest: field offsets computed by
/// hand are compared with the compiler's layout (in every build), and a host reference used after
/// its host was released stops (debug builds, `AG_INTERNAL_CHECKS`).
@Suite struct InternalChecksTests {
    struct Pair {
        var first: Int8
        var second: Int
    }

    @Test func aFieldOffsetThatIsNotTheCompilersStopsNamingTheType() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _VerifiedFieldOffsets.check(Pair.self, Int.self, 1, \Pair.second)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Pair has its Int at byte 8, not 1"), "\(stderr)")
    }

    @Test func theCompilersFieldOffsetIsAccepted() {
        _VerifiedFieldOffsets.check(Pair.self, Int.self, 8, \Pair.second)
        _VerifiedFieldOffsets.check(Pair.self, Int.self, 8, \Pair.second)  // the second time from the set
        #expect(MemoryLayout<Pair>.offset(of: \Pair.second) == 8)
    }

    #if DEBUG
    @Test func aHostReferenceUsedAfterItsHostIsReleasedStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                var host: ViewHost? = ViewHost(Text("gone"))
                let reference = HostReference(wrappedValue: host!.core)
                _ = reference.wrappedValue  // fine while the host is there
                host = nil
                _ = reference.wrappedValue
            }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("used the host after it was released"), "\(stderr)")
    }
    #endif
}
