/// GTMUILocalizer's marking: a text that begins with `^` is marked for
/// localization, and its key is the text without the caret (`^Print` is the
/// key `Print`). The one place the rule is written: `Localizer.localizeMarked`,
/// UI documents, `extract` and the C API ask it.
package enum CaretMark {
    package static let byte = UInt8(ascii: "^")

    /// Whether `text` is marked.
    package static func isMarked(_ text: some StringProtocol) -> Bool { text.utf8.first == byte }

    /// The key of a marked text; nil when it is not marked.
    package static func key(_ text: String) -> String? {
        isMarked(text) ? String(text.utf8.dropFirst())! : nil
    }

    /// The key of a marked C string (a pointer into it); nil when it is not marked.
    package static func key(_ text: UnsafePointer<CChar>) -> UnsafePointer<CChar>? {
        UInt8(bitPattern: text.pointee) == byte ? text + 1 : nil
    }
}
