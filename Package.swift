// swift-tools-version: 6.2
import CompilerPluginSupport
import PackageDescription

/// AttrGraph: an AttributeGraph-style incremental dependency graph in pure Swift.
///
/// The product has no package dependencies: only the Swift toolchain and system libraries.
let internalChecks: [SwiftSetting] = [
    // `checkInvariants()` and other expensive self-checks run in debug builds only.
    .define("AG_INTERNAL_CHECKS", .when(configuration: .debug)),
]

// MARK: Combine on platforms without Apple's
//
// `Sources/Combine` is a Combine for Linux (and the other platforms without Apple's), named `Combine` so that view
// models `import Combine` unchanged. On Apple platforms the SDK's Combine must stay the only one, and a condition on
// the dependency is not enough for that: `swift build` builds every target of the root package whatever its
// dependents' conditions, and every module of a build lands in one module directory that is searched before the SDK
// — a module named Combine there would shadow Apple's for every target of the build. So the target (with its tests
// and its product) is declared only when the toolchain that evaluates this manifest has no Combine of its own:
// `canImport(Combine)` is answered by the host that evaluates the manifest (macOS: yes; Linux: no). Targets that use
// it name it through `combineDependency`, which adds a platform condition on top, so that no Apple-platform build
// ever links it even where the target exists. (`swift package describe` on Linux lists the `Combine` target and
// product; evaluated with Combine available it lists neither. Cross-compiling to Linux from macOS would not get it.)
#if canImport(Combine)
    let combineProducts: [Product] = []
    let combineTargets: [Target] = []
    let combineDependency: [Target.Dependency] = []
    let packageCombine: [SwiftSetting] = []
#else
    let combineProducts: [Product] = [.library(name: "Combine", targets: ["Combine"])]
    let combineTargets: [Target] = [
        .target(name: "Combine"),
        .testTarget(name: "CombineTests", dependencies: ["Combine"]),
    ]
    let combinePlatforms: [Platform] = [.linux, .android, .windows, .wasi, .openbsd]
    let combineDependency: [Target.Dependency] = [.target(name: "Combine", condition: .when(platforms: combinePlatforms))]
    /// `PACKAGE_COMBINE`: the view layer is built with this package's Combine (which has the package-only
    /// change channels views follow) rather than Apple's.
    let packageCombine: [SwiftSetting] = [.define("PACKAGE_COMBINE", .when(platforms: combinePlatforms))]
#endif

let package = Package(
    name: "AttrGraph",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "AttrGraph", targets: ["AttrGraph"]),
        .library(name: "RunLoopBridge", targets: ["RunLoopBridge"]),
        .library(name: "DeclarativeViews", targets: ["DeclarativeViews"]),
        .executable(name: "agdump", targets: ["agdump"]),
    ] + combineProducts,
    targets: [
        // A C11 thread-local slot for the engine's per-thread context (Swift has none).
        .target(name: "AttrGraphShims"),
        // The archive format, both ways: the model, its JSON writer and reader, DEFLATE both
        // ways, the DOT renderer. The engine writes archives with it; agdump reads them with it.
        .target(name: "AttrGraphArchive"),
        .target(name: "AttrGraph", dependencies: ["AttrGraphShims", "AttrGraphArchive"], swiftSettings: internalChecks),
        .target(name: "RunLoopBridge", dependencies: ["AttrGraph"], swiftSettings: internalChecks),
        .target(
            name: "DeclarativeViews",
            dependencies: ["AttrGraph", "AttrGraphArchive", "RunLoopBridge", "DeclarativeViewsMacros"] + combineDependency,
            swiftSettings: internalChecks + packageCombine),
        // `#Preview`'s compiler plugin. It takes no swift-syntax: it reads the compiler's JSON requests and
        // expands the macro textually (Sources/DeclarativeViewsMacros).
        .macro(name: "DeclarativeViewsMacros"),
        // agdump links no view layer: `agdump demo` runs the AGDemo example, which the
        // DemoProgramName plugin builds beside it, and draws the archive it prints.
        .target(
            name: "AGDumpCore", dependencies: ["AttrGraphArchive"], path: "Tools/agdump/Core",
            plugins: ["DemoProgramName"]),
        .plugin(name: "DemoProgramName", capability: .buildTool(), dependencies: ["AGDemo"]),
        .executableTarget(name: "agdump", dependencies: ["AGDumpCore"], path: "Tools/agdump/Main"),
        .executableTarget(
            name: "Benchmarks", dependencies: ["AttrGraph", "RunLoopBridge", "DeclarativeViews", "BenchmarkCommandLine"],
            path: "Benchmarks/Suite"),
        // The command line's messages quote values as the environment settings' do (AttrGraph's escaping).
        .target(name: "BenchmarkCommandLine", dependencies: ["AttrGraph"], path: "Benchmarks/CommandLine"),
        // Seed 003's app and its fix, written once (used by the examples, `agdump demo` and the tests).
        .target(name: "SeedStory", dependencies: ["DeclarativeViews", "AttrGraphArchive"], path: "Examples/SeedStory"),
        .executableTarget(name: "AGDemo", dependencies: ["SeedStory", "AttrGraphArchive"], path: "Examples/AGDemo"),
        .executableTarget(name: "AGIssueApp", dependencies: ["SeedStory"], path: "Examples/AGIssueApp"),
        .executableTarget(name: "AGIssueAppFixed", dependencies: ["SeedStory"], path: "Examples/AGIssueAppFixed"),
        .target(name: "AttrGraphTestSupport", dependencies: ["AttrGraph"], path: "Tests/AttrGraphTestSupport"),
        .testTarget(name: "AttrGraphTests", dependencies: ["AttrGraph", "AttrGraphArchive", "AttrGraphTestSupport"]),
        .testTarget(name: "DeclarativeViewsMacrosTests", dependencies: ["DeclarativeViewsMacros"]),
        .testTarget(name: "RunLoopBridgeTests", dependencies: ["RunLoopBridge", "AttrGraph", "AttrGraphTestSupport"]),
        .testTarget(
            name: "DeclarativeViewsTests",
            dependencies: [
                "DeclarativeViews", "RunLoopBridge", "AttrGraph", "AttrGraphTestSupport", "SeedStory", "AGIssueApp",
                "AGIssueAppFixed",
            ]),
        // Generated from docs/swiftui-api.tsv (Scripts/swiftui-coverage.py): every SwiftUI symbol the table says
        // DeclarativeViews provides, used with its signature, so that the table cannot claim what does not compile.
        .testTarget(name: "SwiftUIProbeTests", dependencies: ["DeclarativeViews"]),
        // Generated from docs/attributegraph-api.tsv (Scripts/attributegraph-api.py): every AttributeGraph symbol the
        // table says AttrGraph provides (implemented, or with another shape), used with its signature.
        .testTarget(name: "AttributeGraphProbeTests", dependencies: ["AttrGraph"]),
        // Generated from README.md and docs/*.md (Scripts/doc-snippets.py): every ```swift block of the
        // documentation, compiled, so that no snippet shows code that does not build.
        .testTarget(
            name: "DocSnippetTests",
            dependencies: ["AttrGraph", "RunLoopBridge", "DeclarativeViews"] + combineDependency),
        // The Benchmarks command line: its parser, fuzzed, and the executable's names and exit statuses.
        .testTarget(name: "BenchmarksTests", dependencies: ["BenchmarkCommandLine", "Benchmarks", "AttrGraphTestSupport"]),
        .testTarget(
            name: "AGDumpTests", dependencies: ["AGDumpCore", "AttrGraphArchive", "agdump", "AttrGraph", "AttrGraphTestSupport"],
            exclude: ["Fixtures", "Golden"]),
    ] + combineTargets,
    swiftLanguageModes: [.v6]
)
