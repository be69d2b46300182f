import Foundation

#if !canImport(Darwin)
    // What `import SwiftUI` brings on Apple platforms that Linux Foundation lacks, for the code that
    // uses it unchanged. (Linux Foundation has `URL.applicationSupportDirectory`, `cachesDirectory`,
    // `temporaryDirectory` and `homeDirectory`; `documentsDirectory` is Apple-only.)
    extension URL {
        /// The user's documents directory (`~/Documents`, as `FileManager` finds it). An app's
        /// documents directory always exists on Apple platforms, and apps write into it without
        /// creating it, so it is created here when missing.
        public static var documentsDirectory: URL {
            let url = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first
                ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent("Documents", isDirectory: true)
            try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            return url
        }
    }

    extension String.StandardComparator {
        /// Linux Foundation compares strings lexically only: the localized comparators (the default
        /// of a sortable `TableColumn`) are the lexical one.
        public static var localizedStandard: String.StandardComparator { .lexical }

        public static var localized: String.StandardComparator { .lexical }
    }
    /// A two-dimensional vector (CoreGraphics' `CGVector`, which Linux Foundation lacks): the
    /// velocity a ``ScrollTargetBehaviorContext`` gives.
    public struct CGVector: Hashable, Sendable {
        public var dx: CGFloat
        public var dy: CGFloat

        public init() {
            dx = 0
            dy = 0
        }

        public init(dx: CGFloat, dy: CGFloat) {
            self.dx = dx
            self.dy = dy
        }

        public static var zero: CGVector { CGVector() }
    }
#endif
