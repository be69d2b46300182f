import DeclarativeViews
import Foundation
import RunLoopBridge

/// Launches `app` the way its `@main` would (its scenes on a host), and runs the first update.
@MainActor
func launch<A: App>(_ app: A) -> ViewHost {
    let host = ViewHost(app: app, scheduler: ManualUpdateScheduler())
    host.update()
    return host
}

/// Lets the app's tasks (`.task`, `Task { }`) run until the screen shows `text`, updating the
/// host between turns; gives up after `turns` turns (the caller's `#expect` then fails).
@MainActor
func settle(_ host: ViewHost, until text: String, turns: Int = 200) async {
    await settle(host, turns: turns) { $0.renderedText.contains(text) }
}

/// Lets the app's tasks run until `done` holds, updating the host between turns.
@MainActor
func settle(_ host: ViewHost, turns: Int = 200, until done: (ViewHost) -> Bool) async {
    for _ in 0..<turns {
        host.update()
        if done(host) { return }
        await Task.yield()
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
}

/// A fresh folder for one test's saved files, standing in for the app's documents directory.
func temporaryDocuments(_ name: String) -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("realapps-\(name)-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// The texts a user can see, one a line: not those of unselected tabs (which `renderedText`
/// lists, as the render tree keeps every tab).
@MainActor
func visibleText(_ host: ViewHost) -> String {
    guard let root = try? host.inspect() else { return "" }
    return root.findAll(ViewType.Text.self).compactMap { try? $0.string() }.joined(separator: "\n")
}

/// Spins the current run loop (what a timer on `.current` needs, and where one on `.main` ticks
/// while the main thread is parked in `dispatchMain()`) until the screen shows `text`,
/// for at most two seconds; whether it did.
@MainActor
func waitForTicks(_ host: ViewHost, until text: String) -> Bool {
    waitForTicks(host) { $0.renderedText.contains(text) }
}

/// Spins the current run loop as above until `done` holds, for at most two seconds; whether it did.
@MainActor
func waitForTicks(_ host: ViewHost, until done: (ViewHost) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(2)
    while !done(host), Date() < deadline {
        RunLoopSpinner.spin(for: 0.02)
        host.update()
    }
    return done(host)
}
