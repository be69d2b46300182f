/// The layout descriptor AttributeGraph compares `type`'s values by in `options`' mode
/// (`AGPrefetchCompareValues`): a byte-code program (``_LayoutDescriptor`` documents the
/// instructions), built on first request and kept at the same address for the life of the
/// process, so calling this again for the same type and mode returns the same pointer.
///
/// Besides a pointer to instructions it returns:
/// * `nil` when the type has no layout (its values compare as their bytes): the `bitwise` mode of
///   classes, closures, existentials, enums without payload cases, structs without stored
///   properties, and empty enums;
/// * `UnsafePointer(bitPattern: 1)` when the bytes are the whole comparison (plain data, and
///   values holding only references and other trivially compared parts).
///
/// It is also `nil` for a type whose descriptor is still being built in the background, with
/// `AG_ASYNC_LAYOUTS=1` (``AGEnvironment/asyncLayouts``) and without
/// ``ComparisonOptions/fetchLayoutsSynchronously``; `priority` orders the background builds
/// (highest first). `AG_PRINT_LAYOUTS=1` prints each descriptor when it is built.
///
///     let layout = prefetchCompareValues(
///         type: Metadata(Int.self), options: [.comparisonModeEquatableAlways, .fetchLayoutsSynchronously],
///         priority: 0)
///     // 18 bytes: 0x01, Int's metadata, its Equatable witness table, 0x00 — "== Int"
///
/// The descriptor is what ``compareValues(_:_:options:)`` and the engine's equality cut-off
/// compare by (they compile it once per type and mode).
public func prefetchCompareValues(type: Metadata, options: ComparisonOptions, priority: UInt32) -> UnsafePointer<UInt8>? {
    _LayoutDescriptorCache.shared.fetch(
        type.type, mode: options.mode, synchronously: options.contains(.fetchLayoutsSynchronously),
        priority: priority
    ).descriptor
}
