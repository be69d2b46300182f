import Foundation
#if canImport(Darwin)
import Observation
#else
@_spi(SwiftUI) import Observation
#endif

// Focused values: what the focused part of a screen publishes for commands elsewhere to act on
// (the note being edited, for a toolbar's "Delete" button). `.focusedValue(\.note, note)` on a
// view publishes `note` while the focus is inside that view; `.focusedSceneValue` publishes it
// while the focus is anywhere in the scene (headless: always). The host keeps the scene's store
// current after each update as the focus moves, and `@FocusedValue(\.note)` anywhere reads it —
// a body that read it runs again when it changes.

/// A key for a focused value (SwiftUI's `FocusedValueKey`): `Value` is what is published.
///
///     struct FocusedNoteKey: FocusedValueKey { typealias Value = Binding<Note> }
///     extension FocusedValues {
///         var note: Binding<Note>? {
///             get { self[FocusedNoteKey.self] }
///             set { self[FocusedNoteKey.self] = newValue }
///         }
///     }
public protocol FocusedValueKey {
    associatedtype Value
}

/// The values the focused views publish (SwiftUI's `FocusedValues`), by key.
public struct FocusedValues {
    /// Values by key type (and published objects by their type).
    var storage: [ObjectIdentifier: Any] = [:]

    public subscript<Key: FocusedValueKey>(key: Key.Type) -> Key.Value? {
        get { storage[ObjectIdentifier(key)] as? Key.Value }
        set { storage[ObjectIdentifier(key)] = newValue }
    }

    /// The published object of type `T` (``View/focusedObject(_:)``).
    func object<T: AnyObject>(_ type: T.Type) -> T? {
        storage[ObjectIdentifier(type)] as? T
    }

    /// Whether `other` holds the same values: the same keys, and values that are equal
    /// (`Equatable` ones; bindings to `Equatable` values by what they read now), identical
    /// (objects), or else taken as unchanged (functions, other bindings: the host republishes
    /// them when the focus moves).
    func isSame(as other: FocusedValues) -> Bool {
        guard storage.count == other.storage.count else { return false }
        for (key, value) in storage {
            guard let otherValue = other.storage[key], Self.same(value, otherValue) else { return false }
        }
        return true
    }

    private static func same(_ lhs: Any, _ rhs: Any) -> Bool {
        if let lhs = lhs as? any Equatable, let equal = lhs.isEqual(to: rhs) { return equal }
        if let lhs = lhs as? any _FocusedValueComparing, let equal = lhs.isSameFocusedValue(as: rhs) { return equal }
        if type(of: lhs) is AnyClass, type(of: rhs) is AnyClass { return lhs as AnyObject === rhs as AnyObject }
        return true
    }
}

extension Equatable {
    /// `self == other` when `other` is of the same type, else `nil`.
    fileprivate func isEqual(to other: Any) -> Bool? {
        guard let other = other as? Self else { return nil }
        return self == other
    }
}

/// A published value compared by what it reads (a binding).
protocol _FocusedValueComparing {
    /// Whether `other` reads the same now; `nil` when it is of another type.
    func isSameFocusedValue(as other: Any) -> Bool?
}

extension Binding: _FocusedValueComparing where Value: Equatable {
    func isSameFocusedValue(as other: Any) -> Bool? {
        guard let other = other as? Binding<Value> else { return nil }
        return wrappedValue == other.wrappedValue
    }
}

/// One value a view publishes: what it writes into the store, and whether for the whole scene.
final class FocusedValueEntry {
    let isSceneWide: Bool
    let write: (inout FocusedValues) -> Void

    init(isSceneWide: Bool, write: @escaping (inout FocusedValues) -> Void) {
        self.isSceneWide = isSceneWide
        self.write = write
    }
}

/// The scene's focus, kept by the host: the published values, the focusable view that has the
/// focus, and whether the default focus was given. Observable: a body that read `values` runs
/// again when they change.
final class FocusCenter: Observable {
    private let registrar = ObservationRegistrar()
    private var storedValues = FocusedValues()
    /// Where the focused view was in the render tree when the values were published.
    private var publishedFocus: [Int]?
    /// The focusable view that has the focus (by the driver or a default), if any.
    var focused: FocusableLink?
    /// Whether the default focus (`prefersDefaultFocus`) was given since the scene appeared or
    /// the focus was last reset.
    var defaultFocusGiven = false
    /// Whether a view marked `.prefersDefaultFocus(in:)` appeared: until one does, the host does
    /// not search its tree for the default focus after each update.
    var hasDefaultFocusRequests = false

    /// Whether a view ever read the values: until one does, the host does not gather them.
    private(set) var hasReaders = false

    /// The values the focused views publish now.
    var values: FocusedValues {
        hasReaders = true
        registrar.access(self, keyPath: \.values)
        return storedValues
    }

    /// Publishes `values`, those of the view at `focus` (its child offsets from the root), and
    /// readers run again — unless the focus stayed and the values are the same as now.
    func publish(_ values: FocusedValues, focus: [Int]?) {
        guard focus != publishedFocus || !values.isSame(as: storedValues) else { return }
        publishedFocus = focus
        registrar.withMutation(of: self, keyPath: \.values) { storedValues = values }
    }

    /// Moves the focus to the focusable `link` (the one that had it loses it).
    func focus(_ link: FocusableLink) {
        if let focused, focused !== link { focused.blur() }
        focused = link
        link.focus()
    }

    /// Takes the focus from the focusable view that has it (a text field took it).
    func blurFocusable() {
        focused?.blur()
        focused = nil
    }
}

struct FocusCenterKey: EnvironmentKey {
    static var defaultValue: FocusCenter? { nil }
}

extension EnvironmentValues {
    /// The focus of the host's scene.
    var _focusCenter: FocusCenter? {
        get { self[FocusCenterKey.self] }
        set { self[FocusCenterKey.self] = newValue }
    }
}

// MARK: - Publishing

/// Publishes a value while the focus is in the content (or, scene-wide, always): recorded on the
/// content's nodes for the host to find.
public nonisolated struct _FocusedValueModifier: PrimitiveViewModifier {
    let entry: FocusedValueEntry
}

extension _FocusedValueModifier: Annotating {
    func annotate(_ annotations: inout _Annotations) {
        annotations.focusedValues.append(entry)
    }
}

extension View {
    /// Publishes `value` at `keyPath` while the focus is inside this view (SwiftUI's
    /// `focusedValue(_:_:)`); `@FocusedValue(keyPath)` reads it anywhere in the scene.
    public func focusedValue<Value>(_ keyPath: WritableKeyPath<FocusedValues, Value?>, _ value: Value)
        -> ModifiedContent<Self, _FocusedValueModifier>
    {
        publishing(sceneWide: false, keyPath, value)
    }

    /// Publishes `value` (nothing while `nil`) at `keyPath` while the focus is inside this view.
    public func focusedValue<Value>(_ keyPath: WritableKeyPath<FocusedValues, Value?>, _ value: Value?)
        -> ModifiedContent<Self, _FocusedValueModifier>
    {
        publishing(sceneWide: false, keyPath, value)
    }

    /// Publishes `value` at `keyPath` while the scene has the focus (SwiftUI's
    /// `focusedSceneValue(_:_:)`): headless the one scene always has it.
    public func focusedSceneValue<T>(_ keyPath: WritableKeyPath<FocusedValues, T?>, _ value: T)
        -> ModifiedContent<Self, _FocusedValueModifier>
    {
        publishing(sceneWide: true, keyPath, value)
    }

    public func focusedSceneValue<T>(_ keyPath: WritableKeyPath<FocusedValues, T?>, _ value: T?)
        -> ModifiedContent<Self, _FocusedValueModifier>
    {
        publishing(sceneWide: true, keyPath, value)
    }

    /// Publishes `object` while the focus is inside this view; `@FocusedObject` reads it.
    public func focusedObject<T: ObservableObject>(_ object: T) -> ModifiedContent<Self, _FocusedValueModifier> {
        publishing(sceneWide: false, object)
    }

    public func focusedObject<T: ObservableObject>(_ object: T?) -> ModifiedContent<Self, _FocusedValueModifier> {
        publishing(sceneWide: false, object)
    }

    /// Publishes `object` while the scene has the focus (headless: always).
    public func focusedSceneObject<T: ObservableObject>(_ object: T) -> ModifiedContent<Self, _FocusedValueModifier> {
        publishing(sceneWide: true, object)
    }

    public func focusedSceneObject<T: ObservableObject>(_ object: T?) -> ModifiedContent<Self, _FocusedValueModifier> {
        publishing(sceneWide: true, object)
    }

    /// Publishes `value` (nothing while `nil`) at `keyPath`, while the focus is inside the view or
    /// (`sceneWide`) always.
    private func publishing<T>(sceneWide: Bool, _ keyPath: WritableKeyPath<FocusedValues, T?>, _ value: T?)
        -> ModifiedContent<Self, _FocusedValueModifier>
    {
        modifier(_FocusedValueModifier(entry: FocusedValueEntry(isSceneWide: sceneWide) { values in
            if let value { values[keyPath: keyPath] = value }
        }))
    }

    /// Publishes `object` (nothing while `nil`) under its type, for `@FocusedObject`.
    private func publishing<T: ObservableObject>(sceneWide: Bool, _ object: T?) -> ModifiedContent<Self, _FocusedValueModifier> {
        modifier(_FocusedValueModifier(entry: FocusedValueEntry(isSceneWide: sceneWide) { values in
            if let object { values.storage[ObjectIdentifier(T.self)] = object }
        }))
    }
}
