import DeclarativeViews
import Foundation
import RunLoopBridge

/// `views-state-change-10000`'s tree and change, with each row's counter in an `@Observable`
/// model instead of `@State`: the row's body depends on `model.count` through Observation
/// tracking. The row beside `views-state-change` shows what an Observation-driven update costs.
enum ViewsObservation {
    static func run(_ options: RunOptions) throws -> [Row] {
        try observation(options) + published(options)
    }

    static func observation(_ options: RunOptions) throws -> [Row] {
        let sections = options.quick ? 10 : 100
        let rowsPerSection = 100
        let rows = sections * rowsPerSection
        let name = "views-observation-change-\(rows)"
        guard options.includes(name) || options.includes("views") else { return [] }
        return try MainActor.assumeIsolated {
            let models = (0..<rows).map { _ in RowModel() }
            let host = ViewHost(
                ObservedTree(sections: sections, rowsPerSection: rowsPerSection, models: models),
                scheduler: ManualUpdateScheduler())
            host.update()
            let target = rows / 2 + 7
            var changes = 0
            host.resetCounters()
            let time = best(samples: options.quick ? 1 : options.samples * 10) {
                models[target].count += 1
                host.update()
                changes += 1
            }
            try expect(host.totalBodyEvaluations == changes, name,
                       "\(host.totalBodyEvaluations) bodies ran for \(changes) changes (expected one each)")
            let expected = Views.directTree(sections: sections, rowsPerSection: rowsPerSection, counts: [target: changes])
            try expect(host.renderTree.map(Views.withoutFrames) == expected, name, "the render tree differs from the directly built one")
            let floor = best(samples: options.quick ? 1 : options.samples) {
                blackHole(Views.directTree(sections: sections, rowsPerSection: rowsPerSection, counts: [target: changes]))
            }
            host.invalidate()
            return [Row(workload: name, attrgraph: options.quick ? nil : time, floor: options.quick ? nil : floor,
                        observation: nil, nodes: 1, verified: true)]
        }
    }
}

@Observable final class RowModel {
    var count = 0
}

struct ObservedTree: View {
    let sections: Int
    let rowsPerSection: Int
    let models: [RowModel]
    var body: some View {
        VStack {
            ForEach(0..<sections) { section in
                ObservedSection(index: section, rows: rowsPerSection, models: models)
            }
        }
    }
}

struct ObservedSection: View {
    let index: Int
    let rows: Int
    let models: [RowModel]
    var body: some View {
        VStack(alignment: .leading) {
            Text("Section \(index)")
            ForEach(0..<rows) { row in
                ObservedRow(id: index * rows + row, model: models[index * rows + row])
            }
        }
    }
}

struct ObservedRow: View {
    let id: Int
    let model: RowModel
    var body: some View {
        HStack {
            Text("Row \(id)")
            Button("+") { model.count += 1 }
            Text("\(model.count)")
        }
    }
}

// MARK: - The same change through Combine

extension ViewsObservation {
    /// `views-observation-change`'s tree and change with each row's counter in an
    /// `ObservableObject`'s `@Published` property, held with `@ObservedObject`: the change goes
    /// `@Published` → the object's publisher → the view's subscription → the row's body.
    static func published(_ options: RunOptions) throws -> [Row] {
        let sections = options.quick ? 10 : 100
        let rowsPerSection = 100
        let rows = sections * rowsPerSection
        let name = "views-published-change-\(rows)"
        guard options.includes(name) || options.includes("views") else { return [] }
        return try MainActor.assumeIsolated {
            let models = (0..<rows).map { _ in PublishedRowModel() }
            let host = ViewHost(
                PublishedTree(sections: sections, rowsPerSection: rowsPerSection, models: models),
                scheduler: ManualUpdateScheduler())
            host.update()
            let target = rows / 2 + 7
            var changes = 0
            host.resetCounters()
            let time = best(samples: options.quick ? 1 : options.samples * 10) {
                models[target].count += 1
                host.update()
                changes += 1
            }
            try expect(host.totalBodyEvaluations == changes, name,
                       "\(host.totalBodyEvaluations) bodies ran for \(changes) changes (expected one each)")
            let expected = Views.directTree(sections: sections, rowsPerSection: rowsPerSection, counts: [target: changes])
            try expect(host.renderTree.map(Views.withoutFrames) == expected, name, "the render tree differs from the directly built one")
            let floor = best(samples: options.quick ? 1 : options.samples) {
                blackHole(Views.directTree(sections: sections, rowsPerSection: rowsPerSection, counts: [target: changes]))
            }
            host.invalidate()
            return [Row(workload: name, attrgraph: options.quick ? nil : time, floor: options.quick ? nil : floor,
                        observation: nil, nodes: 1, verified: true)]
        }
    }
}

final class PublishedRowModel: ObservableObject {
    @Published var count = 0
}

struct PublishedTree: View {
    let sections: Int
    let rowsPerSection: Int
    let models: [PublishedRowModel]
    var body: some View {
        VStack {
            ForEach(0..<sections) { section in
                PublishedSection(index: section, rows: rowsPerSection, models: models)
            }
        }
    }
}

struct PublishedSection: View {
    let index: Int
    let rows: Int
    let models: [PublishedRowModel]
    var body: some View {
        VStack(alignment: .leading) {
            Text("Section \(index)")
            ForEach(0..<rows) { row in
                PublishedRow(id: index * rows + row, model: models[index * rows + row])
            }
        }
    }
}

struct PublishedRow: View {
    let id: Int
    @ObservedObject var model: PublishedRowModel
    var body: some View {
        HStack {
            Text("Row \(id)")
            Button("+") { model.count += 1 }
            Text("\(model.count)")
        }
    }
}
