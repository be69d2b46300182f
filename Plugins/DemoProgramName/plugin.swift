import Foundation
import PackagePlugin

/// Builds the `AGDemo` example with agdump and tells agdump its file name.
///
/// agdump links no view layer, yet `swift run agdump demo` must work from a fresh checkout, where
/// `swift run` builds one product only. This plugin, applied to AGDumpCore, makes the build
/// produce the demo program as a tool beside agdump (its input) and writes one Swift line naming
/// the file (`DemoProgram.builtName`), which `agdump demo` looks for in its own folder.
@main
struct DemoProgramName: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let demo = try context.tool(named: "AGDemo")
        let source = context.pluginWorkDirectoryURL.appending(path: "DemoProgram+BuiltName.swift")
        let line = "extension DemoProgram { static let builtName = \"\(demo.url.lastPathComponent)\" }"
        return [
            .buildCommand(
                displayName: "Naming the demo program (\(demo.url.lastPathComponent))",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", "printf '%s\\n' \"$1\" > \"$2\"", "sh", line, source.path],
                inputFiles: [demo.url], outputFiles: [source]),
        ]
    }
}
