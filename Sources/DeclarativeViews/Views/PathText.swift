import Foundation

// A path as text (SwiftUI's `Path.description` and `init?(_:)`): each element's points, then its
// operator — `x y m` (move), `x y l` (line), `cx cy x y q` (quadratic curve), `c1x c1y c2x c2y x
// y c` (cubic curve), `h` (close) — separated by spaces. Numbers are written so that they read
// back exactly (`10`, `0.1`), so a path's description recreates it.

extension Path: LosslessStringConvertible {
    /// The path as text that `init?(_:)` reads back into an equal path.
    public var description: String {
        var parts: [String] = []
        func add(_ points: CGPoint..., operator name: String) {
            for point in points { parts.append(Self.text(point.x)); parts.append(Self.text(point.y)) }
            parts.append(name)
        }
        forEach { element in
            switch element {
            case .move(let to): add(to, operator: "m")
            case .line(let to): add(to, operator: "l")
            case .quadCurve(let to, let control): add(control, to, operator: "q")
            case .curve(let to, let control1, let control2): add(control1, control2, to, operator: "c")
            case .closeSubpath: parts.append("h")
            }
        }
        return parts.joined(separator: " ")
    }

    /// The path `string` describes (in the form of ``description``), or `nil` when it is not one:
    /// an unknown operator, an operator without its points, points left over, or a number that
    /// is not finite.
    public init?(_ string: String) {
        var path = Path()
        var numbers: [CGFloat] = []
        for token in string.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
            if let value = Double(token) {
                guard value.isFinite else { return nil }
                numbers.append(CGFloat(value))
                continue
            }
            let needed: Int
            switch token {
            case "m", "l": needed = 2
            case "q": needed = 4
            case "c": needed = 6
            case "h": needed = 0
            default: return nil
            }
            guard numbers.count == needed else { return nil }
            let points = stride(from: 0, to: needed, by: 2).map { CGPoint(x: numbers[$0], y: numbers[$0 + 1]) }
            switch token {
            case "m": path.move(to: points[0])
            case "l": path.addLine(to: points[0])
            case "q": path.addQuadCurve(to: points[1], control: points[0])
            case "c": path.addCurve(to: points[2], control1: points[0], control2: points[1])
            default: path.closeSubpath()
            }
            numbers = []
        }
        guard numbers.isEmpty else { return nil }
        self = path
    }

    /// A coordinate that reads back exactly: whole numbers without a fraction, others in Swift's
    /// shortest exact form.
    private static func text(_ value: CGFloat) -> String {
        let value = Double(value)
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }
}
