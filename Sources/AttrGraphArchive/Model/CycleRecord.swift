/// A detected cycle, as recorded in reports and archives.
package struct CycleRecord: Sendable, Equatable {
    /// The attribute that was re-entered.
    package var attribute: UInt32
    /// Attribute ids from the first update of `attribute` to the re-entry (ending with `attribute`).
    package var path: [UInt32]
    /// What started the nested update the cycle went through, when there was one.
    package var cause: String?

    package init(attribute: UInt32, path: [UInt32], cause: String?) {
        self.attribute = attribute
        self.path = path
        self.cause = cause
    }
}
