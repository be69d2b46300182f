import AttrGraph

/// The environment variables DeclarativeViews reads, each once per process, through the shared
/// parser (``EnvironmentSetting``: a value in another form than documented is reported once and
/// the default is used). The README's table lists them with the engine's. Each setting is also a
/// function of an ``EnvironmentSetting/Source``, which the tests and the fuzzer call.
package enum ViewsEnvironment {
    /// `DV_RUN_SECONDS`, as set: a headless app exits with status 0 after this many seconds
    /// (fractions allowed). Anything but a non-negative number stops the app with exit status 2
    /// (``HeadlessRunner/parseRunSeconds(_:)``): a run bound the user asked for is not guessed.
    static let runSeconds: String? = EnvironmentSetting.Source.process.environment["DV_RUN_SECONDS"]

    /// `DV_PRINT_RENDER`: `1` (any non-zero integer) prints a headless app's text rendering after
    /// every update that changed it; `frames` adds each node's frame; `boxes` draws the layout as
    /// boxes; `0` nothing (the default).
    static let printRender: HeadlessRunner.PrintRender? = printRender()

    package static func printRender(from source: EnvironmentSetting.Source = .process) -> HeadlessRunner.PrintRender? {
        guard let text = source.environment["DV_PRINT_RENDER"] else { return nil }
        if let number = EnvironmentSetting.parseInteger(text) { return number == 0 ? nil : .text }
        return EnvironmentSetting.choice(
            "DV_PRINT_RENDER", ["frames": .frames, "boxes": .boxes], default: nil, defaultName: "0 (no printing)",
            accepted: "1, frames, boxes or 0", from: source)
    }

    /// `DV_ARCHIVE`: a headless app that exits after `DV_RUN_SECONDS` writes its view graph's
    /// archive (for `agdump`) to this path first.
    static let archivePath: String? = archivePath()

    package static func archivePath(from source: EnvironmentSetting.Source = .process) -> String? {
        EnvironmentSetting.path("DV_ARCHIVE", from: source)
    }

    /// `DV_SVG`: a headless app writes its current frame as an SVG picture (``ViewHost/svg()``) to
    /// this path when it starts and after every render that changed it, replacing the file each
    /// time, so that the file always holds the latest frame. A path that cannot be written is an
    /// error (exit status 2) at start.
    static let svgPath: String? = svgPath()

    package static func svgPath(from source: EnvironmentSetting.Source = .process) -> String? {
        EnvironmentSetting.path("DV_SVG", from: source)
    }

    /// `DV_SCRIPT`: a file (or `-` for stdin) of steps that drive a headless app (`tap`,
    /// `toggle`, `type … into …`, `select`, `wait`, `print`, …), each step's rendering printed.
    static let script: String? = script()

    package static func script(from source: EnvironmentSetting.Source = .process) -> String? {
        EnvironmentSetting.path("DV_SCRIPT", from: source)
    }

    /// `DV_LAYOUT_FEEDBACK_THRESHOLD`: layout passes per view per run-loop turn after which the
    /// layout-feedback-loop detector reports the view and stops laying it out for that turn
    /// (like UIKit's `UIViewLayoutFeedbackLoopDebuggingThreshold`), a whole number 1 or more.
    /// Default 100.
    static let layoutFeedbackThreshold: Int = layoutFeedbackThreshold()

    package static func layoutFeedbackThreshold(from source: EnvironmentSetting.Source = .process) -> Int {
        EnvironmentSetting.integer(
            "DV_LAYOUT_FEEDBACK_THRESHOLD", default: 100, in: 1...Int(Int32.max),
            accepted: "a whole number of layout passes, 1 or more", from: source)
    }
}
