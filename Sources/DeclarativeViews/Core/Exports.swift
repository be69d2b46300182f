// What `import DeclarativeViews` brings along, as `import SwiftUI` does: Foundation's types
// (`Data`, `CGFloat`, `CGSize`, `AttributedString`…) and the schedulers a `ViewHost` runs on.
@_exported import Foundation
#if canImport(FoundationNetworking)
    // `URLSession`, `URLRequest`, `HTTPURLResponse`: part of Foundation on Apple platforms, a module of
    // their own on Linux. A view that loads data with only `import SwiftUI` needs them here too.
    @_exported import FoundationNetworking
#endif
// `@Observable`, `Observable` and `withObservationTracking`, as `import SwiftUI` brings them.
@_exported import Observation
// `ObservableObject`, `@Published`, publishers and `AnyCancellable`, as `import SwiftUI` brings
// Combine along (this package's Combine on Linux, Apple's elsewhere).
@_exported import Combine
@_exported import RunLoopBridge
