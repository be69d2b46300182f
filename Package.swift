// swift-tools-version: 6.2
import PackageDescription

/// AttrGraph: an AttributeGraph-style incremental dependency graph in pure Swift.
///
/// The product has no package dependencies: only the Swift toolchain and system libraries.
let internalChecks: [SwiftSetting] = [
    // `checkInvariants()` and other expensive self-checks run in debug builds only.
    .define("AG_INTERNAL_CHECKS", .when(configuration: .debug)),
]

let package = Package(
    name: "AttrGraph",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "AttrGraph", targets: ["AttrGraph"]),
        .library(name: "RunLoopBridge", targets: ["RunLoopBridge"]),
        .library(name: "DeclarativeViews", targets: ["DeclarativeViews"]),
        .executable(name: "agdump", targets: ["agdump"]),
    ],
    targets: [
        // A C11 thread-local slot for the engine's per-thread context (Swift has none).
        .target(name: "AttrGraphShims"),
        .target(name: "AttrGraph", dependencies: ["AttrGraphShims"], swiftSettings: internalChecks),
        .target(name: "RunLoopBridge", dependencies: ["AttrGraph"], swiftSettings: internalChecks),
        .target(name: "DeclarativeViews", dependencies: ["AttrGraph", "RunLoopBridge"], swiftSettings: internalChecks),
        // Reading archives (untrusted input: inflate with limits, the JSON parser, the checks).
        .target(name: "ArchiveReader", dependencies: ["AttrGraph"], path: "Tools/agdump/Reader"),
        .target(
            name: "AGDumpCore", dependencies: ["AttrGraph", "ArchiveReader", "RunLoopBridge", "DeclarativeViews", "SeedStory"],
            path: "Tools/agdump/Core"),
        .executableTarget(name: "agdump", dependencies: ["AGDumpCore"], path: "Tools/agdump/Main"),
        .executableTarget(
            name: "Benchmarks", dependencies: ["AttrGraph", "RunLoopBridge", "DeclarativeViews"], path: "Benchmarks"),
        // Seed 003's app and its fix, written once (used by the examples, `agdump demo` and the tests).
        .target(name: "SeedStory", dependencies: ["DeclarativeViews"], path: "Examples/SeedStory"),
        .executableTarget(name: "AGIssueApp", dependencies: ["SeedStory"], path: "Examples/AGIssueApp"),
        .executableTarget(name: "AGIssueAppFixed", dependencies: ["SeedStory"], path: "Examples/AGIssueAppFixed"),
        .target(name: "AttrGraphTestSupport", dependencies: ["AttrGraph"], path: "Tests/AttrGraphTestSupport"),
        .testTarget(name: "AttrGraphTests", dependencies: ["AttrGraph", "ArchiveReader", "AttrGraphTestSupport"]),
        .testTarget(name: "RunLoopBridgeTests", dependencies: ["RunLoopBridge", "AttrGraph", "AttrGraphTestSupport"]),
        .testTarget(
            name: "DeclarativeViewsTests",
            dependencies: [
                "DeclarativeViews", "RunLoopBridge", "AttrGraph", "AttrGraphTestSupport", "SeedStory", "AGIssueApp",
                "AGIssueAppFixed",
            ]),
        .testTarget(
            name: "AGDumpTests", dependencies: ["AGDumpCore", "ArchiveReader", "agdump", "AttrGraph", "AttrGraphTestSupport"],
            exclude: ["Fixtures", "Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
