import Foundation

#if !canImport(Darwin)
    // What `import SwiftUI` brings on Apple platforms that Linux Foundation lacks, for the code that
    // uses it unchanged. (Linux Foundation has `URL.applicationSupportDirectory`, `cachesDirectory`,
    // `temporaryDirectory` and `homeDirectory`; `documentsDirectory` is Apple-only.)
    extension URL {
        /// The user's documents directory (`~/Documents`, as `FileManager` finds it).
        public static var documentsDirectory: URL {
            FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first
                ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent("Documents", isDirectory: true)
        }
    }
#endif
