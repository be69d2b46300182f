import Foundation

/// A size proposed to a view by its parent (SwiftUI's `ProposedViewSize`): a dimension is a
/// length, or `nil` for "unspecified — use your ideal size".
public struct ProposedViewSize: Hashable, Sendable, CustomStringConvertible {
    // Each dimension is stored as a plain Double, "unspecified" as one particular NaN: 16 bytes
    // instead of the 32 two optionals take, and proposals are in every layout cache entry.
    private var storedWidth: Double
    private var storedHeight: Double

    /// The bit pattern that stands for `nil` (a quiet NaN no arithmetic produces).
    private static let unspecifiedBits: UInt64 = 0x7FF8_0000_5EED_0001

    private static func store(_ length: CGFloat?) -> Double {
        guard let length else { return Double(bitPattern: unspecifiedBits) }
        let value = Double(length)
        // A NaN proposed on purpose stays a NaN, never "unspecified".
        return value.bitPattern == unspecifiedBits ? .nan : value
    }

    @inline(__always)
    private static func load(_ stored: Double) -> CGFloat? {
        stored.bitPattern == unspecifiedBits ? nil : CGFloat(stored)
    }

    public var width: CGFloat? {
        get { Self.load(storedWidth) }
        set { storedWidth = Self.store(newValue) }
    }

    public var height: CGFloat? {
        get { Self.load(storedHeight) }
        set { storedHeight = Self.store(newValue) }
    }

    public init(width: CGFloat?, height: CGFloat?) {
        storedWidth = Self.store(width)
        storedHeight = Self.store(height)
    }

    public init(_ size: CGSize) {
        self.init(width: size.width, height: size.height)
    }

    // As two optionals compare and hash (0 and -0 are equal, NaN equals nothing). Compared as
    // stored, without unwrapping optionals: every layout cache lookup compares proposals.
    @inline(__always)
    public static func == (lhs: ProposedViewSize, rhs: ProposedViewSize) -> Bool {
        same(lhs.storedWidth, rhs.storedWidth) && same(lhs.storedHeight, rhs.storedHeight)
    }

    /// Two stored dimensions are the same length, or both unspecified (a NaN proposed on purpose
    /// is stored as another NaN, which equals nothing).
    @inline(__always)
    private static func same(_ lhs: Double, _ rhs: Double) -> Bool {
        lhs == rhs || (lhs.bitPattern == unspecifiedBits && rhs.bitPattern == unspecifiedBits)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
    }

    public static let zero = ProposedViewSize(width: 0, height: 0)
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)
    public static let unspecified = ProposedViewSize(width: nil, height: nil)

    public var description: String {
        "(\(width.map { number(Double($0)) } ?? "nil") × \(height.map { number(Double($0)) } ?? "nil"))"
    }

    /// The length along `axis`.
    subscript(axis: Axis) -> CGFloat? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    /// The proposal with unspecified dimensions replaced by `size`'s (SwiftUI's default: 10 × 10).
    public func replacingUnspecifiedDimensions(by size: CGSize = CGSize(width: 10, height: 10)) -> CGSize {
        CGSize(width: width ?? size.width, height: height ?? size.height)
    }

    /// The proposal less `insets` (unspecified dimensions stay unspecified; none goes below 0).
    func inset(by insets: EdgeInsets) -> ProposedViewSize {
        ProposedViewSize(
            width: width.map { max(0, $0 - insets.leading - insets.trailing) },
            height: height.map { max(0, $0 - insets.top - insets.bottom) })
    }
}

/// The horizontal or vertical axis.
public enum Axis: Int8, Sendable, Hashable, CaseIterable {
    case horizontal, vertical

    var other: Axis { self == .horizontal ? .vertical : .horizontal }

    /// The same case. Written out: with a raw type, `==` would otherwise be the standard
    /// library's `RawRepresentable` one, which compares `rawValue`s — a cost on every layout
    /// decision (the layout engine asks for the axis per node).
    @inlinable
    public static func == (lhs: Axis, rhs: Axis) -> Bool {
        switch (lhs, rhs) {
        case (.horizontal, .horizontal), (.vertical, .vertical): true
        default: false
        }
    }
}

extension CGSize {
    subscript(axis: Axis) -> CGFloat {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    init(main: CGFloat, cross: CGFloat, axis: Axis) {
        self = axis == .horizontal ? CGSize(width: main, height: cross) : CGSize(width: cross, height: main)
    }
}

extension CGPoint {
    init(main: CGFloat, cross: CGFloat, axis: Axis) {
        self = axis == .horizontal ? CGPoint(x: main, y: cross) : CGPoint(x: cross, y: main)
    }
}

/// How text is measured: every character is one monospaced cell, 8 points wide and 16 points
/// high (so a terminal cell is one character), and text wraps at spaces to fit the proposed
/// width. Deterministic on every platform.
public enum TextMetrics {
    /// The width of one character, in points.
    public static let cellWidth: CGFloat = 8
    /// The height of one line, in points.
    public static let lineHeight: CGFloat = 16
    /// How far below a line's baseline its descenders reach: a text's first baseline is
    /// `lineHeight - descent` below its top (12 points), its last one `descent` above its bottom.
    public static let descent: CGFloat = 4

    /// The lines `text` occupies when at most `width` points wide (`nil`: no limit), counting
    /// each character's cells (``cells(of:)-(Character)``: two for wide characters and emoji).
    /// Explicit newlines always break; a line breaks at its last space that fits, and words
    /// longer than a line are split.
    public static func lines(of text: String, width: CGFloat?) -> [Substring] {
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let width, width.isFinite else { return paragraphs }
        let limit = max(1, Int((max(0, width) / cellWidth).rounded(.down)))
        var lines: [Substring] = []
        for paragraph in paragraphs {
            if paragraph.isEmpty {
                lines.append(paragraph)
                continue
            }
            var start = paragraph.startIndex
            var index = start
            var used = 0
            var lastSpace: Substring.Index?
            while index < paragraph.endIndex {
                let character = paragraph[index]
                let cells = self.cells(of: character)
                if character == " " { lastSpace = index }
                if used + cells > limit, index > start {
                    // Break at the last space that fits (this one included), else before this character.
                    let end = lastSpace.map { $0 > start ? $0 : index } ?? index
                    lines.append(paragraph[start..<end])
                    start = end < paragraph.endIndex && paragraph[end] == " " && end == lastSpace
                        ? paragraph.index(after: end) : end
                    index = start
                    used = 0
                    lastSpace = nil
                    continue
                }
                used += cells
                index = paragraph.index(after: index)
            }
            if start < paragraph.endIndex { lines.append(paragraph[start...]) }
        }
        return lines
    }

    /// The size of `text` for a proposed width.
    public static func size(of text: String, proposedWidth: CGFloat?) -> CGSize {
        // The common case without building lines: one line of ASCII that fits.
        if let count = singleLineASCIICount(text), let size = singleLineSize(cells: count, proposedWidth: proposedWidth) {
            return size
        }
        let lines = self.lines(of: text, width: proposedWidth)
        let longest = lines.map { cells(of: $0) }.max() ?? 0
        return CGSize(width: CGFloat(longest) * cellWidth, height: CGFloat(max(lines.count, 1)) * lineHeight)
    }

    /// The size of one line of `cells` cells, if it fits in `proposedWidth` (else it wraps).
    @inline(__always)
    static func singleLineSize(cells: Int, proposedWidth: CGFloat?) -> CGSize? {
        let width = CGFloat(cells) * cellWidth
        guard proposedWidth.map({ !$0.isFinite || width <= $0 }) ?? true else { return nil }
        return CGSize(width: width, height: lineHeight)
    }

    /// The number of characters of a text that is ASCII without line breaks, else `nil`.
    static func singleLineASCIICount(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            for byte in bytes where byte >= 0x80 || byte == 0x0A || byte == 0x0D {
                return nil
            }
            return bytes.count
        }
    }
}
