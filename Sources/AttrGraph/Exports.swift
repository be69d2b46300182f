// `import AttributeGraph` brings the C library and CoreFoundation along on Apple platforms (its
// Clang module imports them), and code written for it calls `setenv`, `CFRunLoop…` or
// `NSDictionary` without another import. `import AttrGraph` does the same through Foundation,
// so that such code ports by changing the import.
@_exported import Foundation
// CoreFoundation too: AttributeGraph's module re-exports it, and its trace API takes `CFData`.
@_exported import CoreFoundation
