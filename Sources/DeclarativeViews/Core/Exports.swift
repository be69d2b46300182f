// What `import DeclarativeViews` brings along, as `import SwiftUI` does: Foundation's types
// (`Data`, `CGFloat`, `CGSize`, `AttributedString`…) and the schedulers a `ViewHost` runs on.
@_exported import Foundation
// `@Observable`, `Observable` and `withObservationTracking`, as `import SwiftUI` brings them.
@_exported import Observation
@_exported import RunLoopBridge
