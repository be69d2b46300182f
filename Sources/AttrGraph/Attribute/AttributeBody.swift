/// The requirements every attribute body type shares (rules, stateful rules, inputs).
///
/// All have defaults; override ``comparisonMode`` to change how new values are compared with
/// old ones, or ``flags`` for AttributeGraph type flags.
public protocol _AttributeBody {
    /// Called before the body is destroyed (when ``_hasDestroySelf`` is `true`).
    static func _destroySelf(_ pointer: UnsafeMutableRawPointer)
    static var _hasDestroySelf: Bool { get }
    /// Writes the body type's initial value, if it has one (used when a cycle reaches an
    /// attribute that has no value yet).
    static func _updateDefault(_ pointer: UnsafeMutableRawPointer)
    static var comparisonMode: ComparisonMode { get }
    typealias Flags = _AttributeType.Flags
    static var flags: Flags { get }
}

extension _AttributeBody {
    public static func _destroySelf(_ pointer: UnsafeMutableRawPointer) {}
    public static var _hasDestroySelf: Bool { false }
    public static func _updateDefault(_ pointer: UnsafeMutableRawPointer) {}
    public static var comparisonMode: ComparisonMode { .equatableUnlessPOD }
    public static var flags: Flags { .mainThread }
}

/// Receives an attribute's body at its static type (``AnyAttribute/visitBody(_:)``).
///
///     struct FindModel: AttributeBodyVisitor {
///         var model: Model?
///         mutating func visit<Body: _AttributeBody>(body: UnsafePointer<Body>) {
///             model = (body.pointee as? ModelRule)?.model
///         }
///     }
public protocol AttributeBodyVisitor {
    mutating func visit<Body: _AttributeBody>(body: UnsafePointer<Body>)
}

/// A body told when its attribute is destroyed (AttributeGraph's `ObservedAttribute`):
/// ``destroy()`` runs on the body in place, before it is released.
public protocol ObservedAttribute: _AttributeBody {
    mutating func destroy()
}

extension ObservedAttribute {
    public static func _destroySelf(_ self: UnsafeMutableRawPointer) {
        self.assumingMemoryBound(to: Self.self).pointee.destroy()
    }

    public static var _hasDestroySelf: Bool { true }
}

/// The body of an input attribute in AttributeGraph's 2024 release (AttrGraph's inputs use
/// ``External``, generic over the value; this one is for code that names it).
@frozen
public struct _External: _AttributeBody, CustomStringConvertible, Sendable {
    public init() {}

    /// Inputs have no rule.
    public static func _update(_: UnsafeMutableRawPointer, attribute: AnyAttribute) {}

    public var description: String { "External" }

    public static var comparisonMode: ComparisonMode { .equatableAlways }

    public static var flags: _AttributeType.Flags { .external }
}
