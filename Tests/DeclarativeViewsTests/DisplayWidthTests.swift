import DeclarativeViews
import Foundation
import Testing

/// Text is measured in terminal cells: wide East Asian characters and emoji take two, combining
/// marks ride on their base, zero-width characters take none.
@MainActor @Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("a", 1), ("é", 1), ("e\u{301}", 1), ("漢", 2), ("한", 2), ("ア", 2), ("ｱ", 1), ("Ａ", 2),
        ("😀", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇫🇷", 2), ("❤️", 2), ("\u{200B}", 0), ("\u{200D}", 0),
        ("\u{7}", 0), ("→", 1), ("·", 1),
    ])
    func charactersTakeTheirDisplayCells(text: String, cells: Int) {
        #expect(TextMetrics.cells(of: Character(text)) == cells, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func sizesAndLineBreaksCountCells() {
        #expect(TextMetrics.size(of: "漢字", proposedWidth: nil) == CGSize(width: 32, height: 16))
        #expect(TextMetrics.size(of: "ok 👍", proposedWidth: nil) == CGSize(width: 40, height: 16))
        #expect(TextMetrics.size(of: "cafe\u{301}", proposedWidth: nil).width == 32)
        // Four cells per line: two wide characters fit, the third wraps.
        #expect(TextMetrics.lines(of: "日本語", width: 32) == ["日本", "語"])
        #expect(TextMetrics.lines(of: "ab 漢字", width: 48) == ["ab", "漢字"])
        // ASCII keeps its behaviour.
        #expect(TextMetrics.lines(of: "the quick brown fox", width: 80) == ["the quick", "brown fox"])
        #expect(TextMetrics.lines(of: "abcdefgh", width: 24) == ["abc", "def", "gh"])
    }

    @Test func boxDrawingsPlaceWideCharactersOnTwoCells() {
        let host = layOut(
            VStack(alignment: .leading) {
                Text("日本")
                Text("abcd")
            }.padding(), width: 200, height: 100)
        let lines = host.boxDrawing.split(separator: "\n").map(String.init)
        let japanese = lines.first { $0.contains("日本") }
        let latin = lines.first { $0.contains("abcd") }
        #expect(japanese != nil && latin != nil)
        if let japanese, let latin {
            // Both texts start in the same column and end at the box's right edge alike.
            #expect(japanese.firstIndex(of: "日").map { japanese.distance(from: japanese.startIndex, to: $0) }
                == latin.firstIndex(of: "a").map { latin.distance(from: latin.startIndex, to: $0) })
            #expect(TextMetrics.cells(of: japanese) == TextMetrics.cells(of: latin))
        }
    }
}
