import Synchronization

/// The AttributeGraph release whose behaviour and Swift API AttrGraph follows: `0x2001e`, the
/// 2024 release (AttributeGraph's `AGVersion`).
public let AGVersion: UInt64 = 0x2001e

/// The AttributeGraph release AttrGraph follows (AttributeGraph's `ATTRIBUTEGRAPH_RELEASE` macro,
/// imported as `Int32`): compare with the release constants.
///
///     switch Int32(ATTRIBUTEGRAPH_RELEASE) {
///     case ATTRIBUTEGRAPH_RELEASE_2024: …
///     default: …
///     }
public let ATTRIBUTEGRAPH_RELEASE: Int32 = ATTRIBUTEGRAPH_RELEASE_2024
public let ATTRIBUTEGRAPH_RELEASE_2021: Int32 = 2021
public let ATTRIBUTEGRAPH_RELEASE_2024: Int32 = 2024

/// A process-wide unique number (AttributeGraph's `AGUniqueID`).
public typealias UniqueID = UInt

private let _lastUniqueID = Atomic<UInt>(0)

/// A number no earlier call returned: each call returns the previous value + 1, from any thread.
public func makeUniqueID() -> UniqueID {
    _lastUniqueID.add(1, ordering: .relaxed).newValue
}
