/// A context the format may shorten (`TableFormatPlugin.contextQualifierSeparator`):
/// Qt's context key is the context, U+0004 and the disambiguation, and
/// `QTranslator` asks a translator that misses it once more with an empty
/// disambiguation before the next translator (qtranslator.cpp `do_translate`).
/// The one place of that rule: every path that asks a table for a key in
/// context (the walk's `hit`, the plain and plural hot paths) takes it on a
/// miss; a table of other formats reads one field on a miss and nothing more.
extension Table {
    /// The context with its qualifier dropped: nil when the table's format
    /// has none or the context holds no separator; `.some(nil)` when nothing
    /// is left (Qt's empty context without a disambiguation is no context).
    @inline(__always)
    func shortened(_ context: UnsafeRawBufferPointer?) -> UnsafeRawBufferPointer?? {
        guard let separator = contextQualifierSeparator, let context else { return nil }
        return Self.dropQualifier(context, separator)
    }

    @inline(never)
    private static func dropQualifier(_ context: UnsafeRawBufferPointer, _ separator: UInt8) -> UnsafeRawBufferPointer?? {
        guard let at = context.firstIndex(of: separator) else { return nil }
        if at == 0 { return .some(nil) }
        return .some(UnsafeRawBufferPointer(rebasing: context[..<at]))
    }
}
