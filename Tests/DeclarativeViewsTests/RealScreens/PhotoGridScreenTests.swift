import DeclarativeViews
import Foundation
import Testing

/// Stacks, grids, text and images as a gallery screen writes them: an adaptive `LazyVGrid` of
/// tiles in a `ScrollView` that fits as many columns as the width allows, tiles with an
/// overlay caption, and a header `HStack` with a styled count.
@MainActor @Suite struct PhotoGridScreenTests {
    struct Photo: Identifiable {
        let id: Int
        let title: String
        let symbol: String
    }

    struct Gallery: View {
        let photos: [Photo]
        @State private var selected: Int?
        private let columns = [GridItem(.adaptive(minimum: 100), spacing: 10)]

        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                HStack {
                    Text("Gallery").font(.headline)
                    Spacer()
                    Text("\(photos.count) photos")
                        .font(.caption)
                        .foregroundStyle(.secondary)
                        .monospacedDigit()
                }
                .padding(.horizontal)
                ScrollView {
                    LazyVGrid(columns: columns, spacing: 10) {
                        ForEach(photos) { photo in
                            Image(systemName: photo.symbol)
                                .resizable()
                                .scaledToFit()
                                .frame(height: 100)
                                .overlay(alignment: .bottom) {
                                    Text(photo.title).font(.caption2)
                                }
                                .border(selected == photo.id ? Color.accentColor : .clear)
                                .onTapGesture { selected = photo.id }
                                .accessibilityLabel(photo.title)
                        }
                    }
                    .padding(10)
                }
                Text(selected.map { "Selected \($0)" } ?? "Nothing selected")
            }
        }
    }

    static let photos = (1...7).map { Photo(id: $0, title: "Photo \($0)", symbol: "photo") }

    @Test func theAdaptiveGridFitsAsManyColumnsAsTheWidthAllows() throws {
        let host = ViewHost(Gallery(photos: Self.photos), scheduler: ManualUpdateScheduler(), windowSize: CGSize(width: 440, height: 800))
        host.update()
        let tiles = try (1...7).map { try host.inspect().find(viewWithAccessibilityLabel: "Photo \($0)") }
        let frames = tiles.compactMap { $0.frame() }
        #expect(frames.count == 7)
        // 440 wide, 10 padding each side: 420 for columns of at least 100 with 10 between; four would
        // need 4 × 100 + 3 × 10 = 430, so there are three.
        let rows = Dictionary(grouping: frames, by: { Int($0.minY.rounded()) })
        #expect(rows.count == 3, "7 tiles in 3 columns make 3 rows: \(frames)")
        #expect(frames[0].minY == frames[2].minY && frames[3].minY > frames[0].minY, "the fourth tile starts the second row")
        // Each tile is centred in its column: columns of (420 − 2 × 10) / 3 with 10 between (frames
        // are placed on whole points, hence the tolerance).
        let column = 400.0 / 3
        for index in 0..<3 {
            #expect(abs(frames[index].midX - (10 + column / 2 + Double(index) * (column + 10))) <= 1, "\(frames[index])")
        }
        #expect(host.renderedText.contains("7 photos"))
    }

    @Test func tappingATileSelectsIt() throws {
        let (host, _) = mount(Gallery(photos: Self.photos))
        try host.inspect().find(viewWithAccessibilityLabel: "Photo 5").tap()
        host.update()
        #expect(host.renderedText.contains("Selected 5"))
    }
}
