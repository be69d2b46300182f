import Foundation

/// The document a view of a document-based app shows (SwiftUI's `DocumentConfiguration`): its
/// file, and whether the user may edit it. Headless there are no document scenes (no
/// `DocumentGroup`), so ``EnvironmentValues/documentConfiguration`` is `nil`; an app's views that
/// read it take the path they take outside a document.
public struct DocumentConfiguration {
    /// The document's file (`nil` for a new document not yet saved).
    public var fileURL: URL? { _fileURL }
    /// Whether the user may edit the document.
    public var isEditable: Bool { _isEditable }

    let _fileURL: URL?
    let _isEditable: Bool
}

struct DocumentConfigurationKey: EnvironmentKey {
    static var defaultValue: DocumentConfiguration? { nil }
}

extension EnvironmentValues {
    /// The document the view shows, in a document scene; `nil` elsewhere (always, headless).
    public var documentConfiguration: DocumentConfiguration? { self[DocumentConfigurationKey.self] }
}
