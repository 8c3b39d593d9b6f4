/// The text together with the locale that served it, from one lookup: what
/// a server sends as `Content-Language` and a UI reads its direction from.
extension Localizer {
    /// The translation (or the key itself when missing) and the locale of
    /// the table that supplied it (nil on a miss).
    public func served(_ key: String, context: String? = nil, table: String? = nil) -> (text: String, locale: String?) {
        let resolution = resolve(key, context: context, table: table, count: nil)
        return (Self.answer(resolution.found?.string, key: key), resolution.locale)
    }

    /// `served` for the C API: the looked-up string (nil on a miss) and its
    /// table's locale, in a read section of its own like `lookupText`.
    package func servedText(key: UnsafeRawBufferPointer, context: UnsafeRawBufferPointer?,
                            table: UnsafeRawBufferPointer?) -> (text: UnsafePointer<CChar>?, locale: String?) {
        ReadSection.enter()
        defer { ReadSection.exit() }
        let hit = find(LookupQuery(key: key, context: context), table: table).hit
        return (hit?.text.pointer, hit?.table.locale)
    }
}
