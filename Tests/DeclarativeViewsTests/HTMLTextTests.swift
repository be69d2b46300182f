import CoreFoundation
import DeclarativeViews
import Foundation
import Testing

@Suite struct HTMLTextTests {
    @Test func tagsAreDroppedLinesEndAndEntitiesDecode() throws {
        let text = try HTMLConversion.attributedString(fromHTML: "<h1>Title</h1><p>One &amp; two&nbsp;&lt;3</p>  <ul><li>a</li><li>b &#x41;&#66;</li></ul>x<br/>y")
        #expect(String(text.characters) == "Title\nOne & two\u{00A0}<3\n• a\n• b AB\nx\ny")
    }

    @Test func whitespaceCollapsesAsInHTML() throws {
        let text = try HTMLConversion.attributedString(fromHTML: "  many   spaces\n\tand <b>bold</b>  text ")
        #expect(String(text.characters) == "many spaces and bold text")
    }

    @Test func emptyInputIsEmptyText() throws {
        #expect(String(try HTMLConversion.attributedString(fromHTML: Data()).characters) == "")
    }

    @Test func unknownEntitiesAreKeptAsWritten() throws {
        #expect(String(try HTMLConversion.attributedString(fromHTML: "a &bogus; b & c").characters) == "a &bogus; b & c")
    }

    @Test func anUnterminatedTagIsAnErrorWithItsOffset() {
        #expect(throws: HTMLConversionError(offset: 6, reason: "a tag starting with '<' has no closing '>'")) {
            try HTMLConversion.attributedString(fromHTML: "Hello <b")
        }
    }

    @Test func invalidUTF8IsAnErrorWithItsOffset() {
        #expect(throws: HTMLConversionError(offset: 2, reason: "the input is not UTF-8 text")) {
            try HTMLConversion.attributedString(fromHTML: Data([0x61, 0x62, 0xFF, 0x63]))
        }
    }

    @Test func convertingPumpsTheRunLoop() throws {
        var waits = 0
        let observer = CFRunLoopObserverCreateWithHandler(
            kCFAllocatorDefault, CFRunLoopActivity.beforeWaiting.rawValue, true, 0) { _, _ in waits += 1 }!
        CFRunLoopAddObserver(CFRunLoopGetCurrent(), observer, kCFRunLoopCommonModes)
        defer { CFRunLoopObserverInvalidate(observer) }
        _ = try HTMLConversion.attributedString(fromHTML: "<p>x</p>")
        #expect(waits >= 1, "the run loop reached .beforeWaiting inside the conversion")
    }
}
