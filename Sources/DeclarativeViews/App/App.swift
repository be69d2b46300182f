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
@MainActor
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
            inputs.path = _ViewPath(parent: nil, type: A.self)
            return (input.identifier, A.Body._makeScene(scene: _GraphValue(body), inputs: inputs))
        }
    }
}

/// Runs an app on the main run loop with no window.
@MainActor
enum HeadlessRunner {
    static func run<A: App>(_ app: A) -> Never {
        let seconds = parseRunSeconds(AGEnvironment.runSeconds)
        let archivePath = AGEnvironment.archivePath.flatMap { $0.isEmpty ? nil : $0 }
        let host = ViewHost(app: app)
        if let mode = parsePrintRender(AGEnvironment.printRender) {
            var renders = 0
            host.onRender = { host in
                renders += 1
                print("--- render \(renders) ---")
                switch mode {
                case .text: print(host.renderedText)
                case .frames: print(host.renderedTextWithFrames)
                case .boxes: print(host.boxDrawing)
                }
                fflush(nil)
            }
        }
        let runLoop = CFRunLoopGetCurrent()
        if let scriptPath = AGEnvironment.script.flatMap({ $0.isEmpty ? nil : $0 }) {
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

    enum PrintRender {
        case text, frames, boxes
    }

    /// `DV_PRINT_RENDER`: unset or `0` nothing; `1` the text rendering; `frames` the text
    /// rendering with frames; `boxes` the layout drawn as boxes.
    static func parsePrintRender(_ text: String?) -> PrintRender? {
        switch text?.trimmingCharacters(in: .whitespaces).lowercased() {
        case nil, "", "0": return nil
        case "frames": return .frames
        case "boxes": return .boxes
        default:
            if let number = Int(text ?? ""), number != 0 { return .text }
            DiagnosticSink.default(
                "DeclarativeViews: DV_PRINT_RENDER must be 1, frames or boxes; got \(quoted(text ?? "")). Printing the text rendering.\n")
            return .text
        }
    }

    /// `DV_RUN_SECONDS`: a non-negative number of seconds, or unset.
    static func parseRunSeconds(_ text: String?) -> Double? {
        guard let text, !text.isEmpty else { return nil }
        guard let seconds = Double(text.trimmingCharacters(in: .whitespaces)), seconds >= 0, seconds.isFinite else {
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
        let data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: path)
        guard let data, let script = String(data: data, encoding: .utf8) else {
            DiagnosticSink.default("DeclarativeViews: DV_SCRIPT: cannot read \(quoted(path)) as UTF-8 text.\n")
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

    /// Writes the archive (`.ag-gzon` names are compressed); AttrGraph prints where it went.
    static func writeArchive(of host: ViewHost, to path: String) {
        let absolute = path.hasPrefix("/")
            ? path : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path).path
        host.archiveJSON(name: absolute)
    }
}
