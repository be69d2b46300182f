import Foundation

#if !canImport(CoreGraphics)
/// How the ends of an open stroke are drawn (Core Graphics' `CGLineCap`, which Linux lacks).
public enum CGLineCap: Int32, Hashable, Sendable {
    case butt, round, square
}

/// How the corners of a stroke are drawn (Core Graphics' `CGLineJoin`, which Linux lacks).
public enum CGLineJoin: Int32, Hashable, Sendable {
    case miter, round, bevel
}
#endif

/// How a shape's outline is drawn (SwiftUI's `StrokeStyle`): width, caps, joins, miter limit and
/// dash pattern. A stroke records the width, and every other characteristic that differs from the
/// default (``_recordedSuffix``: ` cap=round join=bevel miterLimit=4 dash=5,3 dashPhase=2`).
public struct StrokeStyle: Equatable, Sendable {
    public var lineWidth: CGFloat
    public var lineCap: CGLineCap
    public var lineJoin: CGLineJoin
    public var miterLimit: CGFloat
    public var dash: [CGFloat]
    public var dashPhase: CGFloat

    public init(
        lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
        dash: [CGFloat] = [CGFloat](), dashPhase: CGFloat = 0
    ) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }

    /// The width, the miter limit and the dash phase, animated together.
    public typealias AnimatableData = AnimatablePair<CGFloat, AnimatablePair<CGFloat, CGFloat>>

    public var animatableData: AnimatableData {
        get { AnimatablePair(lineWidth, AnimatablePair(miterLimit, dashPhase)) }
        set {
            lineWidth = newValue.first
            miterLimit = newValue.second.first
            dashPhase = newValue.second.second
        }
    }

    /// What a stroke records after its width: each characteristic that is not the default.
    var _recordedSuffix: String {
        var parts: [String] = []
        if lineCap != .butt { parts.append("cap=\(lineCap == .round ? "round" : "square")") }
        if lineJoin != .miter { parts.append("join=\(lineJoin == .round ? "round" : "bevel")") }
        if miterLimit != 10 { parts.append("miterLimit=\(_number(Double(miterLimit)))") }
        if !dash.isEmpty { parts.append("dash=" + dash.map { _number(Double($0)) }.joined(separator: ",")) }
        if dashPhase != 0 { parts.append("dashPhase=\(_number(Double(dashPhase)))") }
        return parts.map { " " + $0 }.joined()
    }
}
