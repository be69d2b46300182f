import Foundation

/// A geometric angle (SwiftUI's `Angle`), stored in radians: for arcs (`Path.addArc`) and
/// rotations (`Shape.rotation(_:anchor:)`). In the view coordinate system (y grows downwards) a
/// growing angle turns clockwise on screen, as in SwiftUI.
public struct Angle: Hashable, Comparable, Sendable, Animatable {
    public var radians: Double

    /// The angle in degrees (a view of ``radians``).
    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }

    public init() {
        radians = 0
    }

    public init(radians: Double) {
        self.radians = radians
    }

    public init(degrees: Double) {
        radians = degrees * .pi / 180
    }

    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    public static var zero: Angle { Angle() }

    public var animatableData: Double {
        get { radians }
        set { radians = newValue }
    }

    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }
}

// Arithmetic on angles, as SwiftUI's `Angle` has it (its vector-math conformance): sums,
// differences, negation and scaling by a number.
extension Angle {
    public static func + (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians + rhs.radians) }
    public static func - (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians - rhs.radians) }
    public static prefix func - (angle: Angle) -> Angle { Angle(radians: -angle.radians) }
    public static func += (lhs: inout Angle, rhs: Angle) { lhs = lhs + rhs }
    public static func -= (lhs: inout Angle, rhs: Angle) { lhs = lhs - rhs }
    public static func * (lhs: Angle, rhs: Double) -> Angle { Angle(radians: lhs.radians * rhs) }
    public static func * (lhs: Double, rhs: Angle) -> Angle { Angle(radians: lhs * rhs.radians) }
    public static func / (lhs: Angle, rhs: Double) -> Angle { Angle(radians: lhs.radians / rhs) }
}
