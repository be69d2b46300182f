import AttrGraph
import CoreFoundation
import Foundation
import RunLoopBridge

/// An app (SwiftUI's `App`). Marked `@main`, it runs headless on the main run loop — no
/// window, the same graph, the same updates:
///
///     @main
///     struct MyApp: App {
///         var body: some Scene {
///             WindowGroup { ContentView() }
///         }
///     }
///
/// Two environment variables make it usable from scripts and tests:
/// `DV_RUN_SECONDS=N` exits with status 0 after N seconds (fractions allowed), and
/// `DV_PRINT_RENDER=1` prints the text rendering after every update that changed it.
/// `DV_ARCHIVE=path` writes the view graph's archive (for `agdump`) when it exits that way.
/// `DV_SVG=path` keeps an SVG picture of the current frame at `path`, rewritten after every render.
@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
    init()
}

extension App {
    /// Runs the app headless until the process is stopped (or `DV_RUN_SECONDS` pass).
    public static func main() {
        HeadlessRunner.run(Self())
    }
}

enum AppBodyAccessor<A: App>: BodyAccessor {
    static func body(of app: A) -> A.Body {
        _callOnMainActor(app) { $0.body }
    }
}

extension ViewHost {
    /// Mounts an app's scenes.
    public convenience init<A: App>(
        app: A, scheduler: (any UpdateScheduler)? = nil, environment: EnvironmentValues = EnvironmentValues(),
        windowSize: CGSize = ViewHost.defaultWindowSize
    ) {
        self.init(rootType: A.self, scheduler: scheduler, environment: environment, windowSize: windowSize) { inputs in
            let input = Attribute(value: app)
            let body = _makeBody(AppBodyAccessor<A>.self, container: _GraphValue(input), inputs: inputs)
            var inputs = inputs
            inputs.path = ViewPath(parent: nil, type: A.self)
            return (input.identifier, A.Body._makeScene(scene: _GraphValue(body), inputs: inputs))
        }
    }
}

/// Runs an app on the main run loop with no window.
@MainActor
package enum HeadlessRunner {
    static func run<A: App>(_ app: A) -> Never {
        let seconds = parseRunSeconds(ViewsEnvironment.runSeconds)
        let archivePath = ViewsEnvironment.archivePath
        let host = ViewHost(app: app)
        let svgPath = ViewsEnvironment.svgPath
        if let svgPath, let problem = writeSVG(host.svg(), to: svgPath) {
            DiagnosticSink.default("DeclarativeViews: DV_SVG: \(problem)\n")
            exit(2)
        }
        let printMode = ViewsEnvironment.printRender
        if printMode != nil || svgPath != nil {
            var renders = 0
            var svgFailed = false
            host.onRender = { host in
                if let printMode {
                    renders += 1
                    print("--- render \(renders) ---")
                    switch printMode {
                    case .text: print(host.renderedText)
                    case .frames: print(host.renderedTextWithFrames)
                    case .boxes: print(host.boxDrawing)
                    }
                    fflush(nil)
                }
                if let svgPath, !svgFailed, let problem = writeSVG(host.svg(), to: svgPath) {
                    // Reported once; the app runs on without pictures.
                    svgFailed = true
                    DiagnosticSink.default("DeclarativeViews: DV_SVG: \(problem); no further frames are written\n")
                }
            }
        }
        let runLoop = CFRunLoopGetCurrent()
        if let scriptPath = ViewsEnvironment.script {
            runScript(at: scriptPath, host: host, archivePath: archivePath)
        }
        // Something to wait for, so that the run loop keeps running with no other source.
        let keepAlive = CFRunLoopTimerCreateWithHandler(
            kCFAllocatorDefault, CFAbsoluteTimeGetCurrent() + 1e9, 1e9, 0, 0) { _ in }
        CFRunLoopAddTimer(runLoop, keepAlive, kCFRunLoopCommonModes)
        if let seconds {
            let stop = CFRunLoopTimerCreateWithHandler(
                kCFAllocatorDefault, CFAbsoluteTimeGetCurrent() + seconds, 0, 0, 0) { _ in
                MainActor.assumeIsolated {
                    if let archivePath { writeArchive(of: host, to: archivePath) }
                    fflush(nil)
                    exit(0)
                }
            }
            CFRunLoopAddTimer(runLoop, stop, kCFRunLoopCommonModes)
        }
        while true {
            CFRunLoopRun()
        }
    }

    package enum PrintRender: Sendable {
        case text, frames, boxes
    }

    /// `DV_RUN_SECONDS`: a non-negative number of seconds, or unset.
    package static func parseRunSeconds(_ text: String?) -> Double? {
        guard let text else { return nil }
        guard let seconds = EnvironmentSetting.parseSeconds(text) else {
            DiagnosticSink.default(
                "DeclarativeViews: DV_RUN_SECONDS must be a number of seconds, such as 2 or 0.5; got \(quoted(text)).\n")
            exit(2)
        }
        return seconds
    }

    /// `DV_SCRIPT`: runs the script's steps once the app has rendered, printing each step's
    /// rendering, then exits — 0 when every step was done, 1 (naming the step and what is on
    /// screen) when one could not be, 2 when the script cannot be read.
    static func runScript(at path: String, host: ViewHost, archivePath: String?) {
        let script: String
        switch readScript(at: path) {
        case .success(let text): script = text
        case .failure(let problem):
            DiagnosticSink.default("DeclarativeViews: DV_SCRIPT: \(problem.description)\n")
            exit(2)
        }
        // After the first render: the run loop's first turn.
        CFRunLoopPerformBlock(CFRunLoopGetCurrent(), kCFRunLoopCommonModes as CFTypeRef) {
            MainActor.assumeIsolated {
                host.update()
                print("--- 0: start ---\n\(host.renderedText)")
                do {
                    try host.run(script: script, output: { print($0) })
                } catch {
                    fflush(nil)
                    DiagnosticSink.default("DeclarativeViews: DV_SCRIPT \(error)\n")
                    exit(1)
                }
                if let archivePath { writeArchive(of: host, to: archivePath) }
                fflush(nil)
                exit(0)
            }
        }
        CFRunLoopWakeUp(CFRunLoopGetCurrent())
    }

    /// Why a script file cannot be run.
    package struct ScriptFileProblem: Error, CustomStringConvertible {
        package let description: String
    }

    /// The most a script file may hold (a script is a few lines; a huge one is a mistake).
    nonisolated package static let largestScript = 16 << 20

    /// Reads a `DV_SCRIPT` file (`-` for stdin) as UTF-8 text, saying exactly what is wrong
    /// when it cannot: missing, a directory, unreadable, too large, not UTF-8.
    nonisolated package static func readScript(at path: String) -> Result<String, ScriptFileProblem> {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readData(ofLength: largestScript + 1)
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                return .failure(ScriptFileProblem(description: "there is no file at \(quoted(path))"))
            }
            guard !isDirectory.boolValue else {
                return .failure(ScriptFileProblem(description: "\(quoted(path)) is a directory, not a script file"))
            }
            guard let handle = FileHandle(forReadingAtPath: path) else {
                return .failure(ScriptFileProblem(description: "cannot open \(quoted(path)) for reading (check its permissions)"))
            }
            defer { try? handle.close() }
            data = handle.readData(ofLength: largestScript + 1)
        }
        guard data.count <= largestScript else {
            return .failure(ScriptFileProblem(description: "\(quoted(path)) is larger than \(largestScript >> 20) MiB; a script is a few lines of steps"))
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            return .failure(ScriptFileProblem(description: "\(quoted(path)) is not UTF-8 text"))
        }
        return .success(text)
    }

    /// Writes `svg` to the file at `path` (created, or replaced), and nowhere else: no temporary
    /// file, no fallback location. Returns what went wrong, or `nil` when it was written.
    nonisolated package static func writeSVG(_ svg: String, to path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            return "cannot write \(quoted(path)): \(String(cString: strerror(errno)))"
        }
        defer { close(descriptor) }
        var bytes = Array(svg.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return "cannot write \(quoted(path)): \(String(cString: strerror(errno)))"
            }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }

    /// Writes the archive (`.ag-gzon` names are compressed); AttrGraph prints where it went.
    static func writeArchive(of host: ViewHost, to path: String) {
        let absolute = path.hasPrefix("/")
            ? path : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path).path
        host.archiveJSON(name: absolute)
    }
}
