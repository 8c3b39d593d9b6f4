/// Formatting a message with named values: i18next's messages
/// (`{{name}}`, `$t(key)`, plural and context suffixes).
extension Localizer {
    /// Formats the message of `key` with named values, as i18next's `t(key,
    /// options)` does (`I18nextMessage`, `Table+I18next`).
    ///
    /// Values with special meaning, as in i18next's options: `count` (a
    /// number) selects the plural form and fills `{{count}}`; `ordinal` (an
    /// integer, not 0) selects by ordinal rules; `escapeValue` (0) turns
    /// HTML escaping of `{{name}}` values off for this call. A key found
    /// nowhere gives the key itself, as i18next does. Throws `.format` when
    /// the key is found in a table whose messages take positional arguments
    /// (`format(_:_:)` formats those).
    public func format(_ key: String, named values: [String: FormatArgument], context: String? = nil,
                       table: String? = nil) throws(ParlanceError) -> String {
        let escape = values["escapeValue"].map { $0 != .int(0) } ?? true
        let ordinal = values["ordinal"].map { $0 != .int(0) && $0 != .string("") } ?? false
        return try namedMessage(key, values: values, context: context, table: table, ordinal: ordinal, escape: escape,
                                enclosing: nil, depth: 0) ?? key
    }

    /// The formatted message, or nil when the key is missing.
    private func namedMessage(_ key: String, values: [String: FormatArgument], context: String?, table: String?,
                              ordinal: Bool, escape: Bool, enclosing: String?, depth: Int) throws(ParlanceError) -> String? {
        let count = values["count"].flatMap(Self.pluralOperand)
        guard let found = namedText(key, context: context, table: table, count: count, ordinal: ordinal) else { return nil }
        guard found.i18next else {
            throw ParlanceError(.format, "\(found.locale)/\(table ?? Catalog.defaultTable): '\(key)' takes positional arguments, not named values")
        }
        return I18nextMessage.format(found.text, values: values, escape: escape) { nested in
            // i18next: a message nesting the one that nests it gives nothing there; cycles stop at the depth limit.
            guard nested.key != enclosing || nested.table != nil, depth < I18nextMessage.maxDepth else { return "" }
            return (try? namedMessage(nested.key, values: nested.values, context: nested.context, table: nested.table ?? table,
                                      ordinal: ordinal, escape: escape, enclosing: key, depth: depth + 1)) ?? nil
        }
    }

    /// The text of the first table along the chain that has the key, with its locale.
    private func namedText(_ key: String, context: String?, table: String?, count: PluralOperand?, ordinal: Bool)
        -> (text: String, locale: String, i18next: Bool)? {
        ReadSection.run {
            let resolved = current
            return withKeyBytes(key, context) { keyBytes, contextBytes in
                func walk(_ name: UnsafeRawBufferPointer?) -> (text: String, locale: String, i18next: Bool)? {
                    for candidate in resolved.fast.list(named: name).tables {
                        let hit = candidate.hasI18nextSources
                            ? candidate.i18nextHit(key: keyBytes, context: contextBytes, count: count, ordinal: ordinal)
                            : candidate.hit(key: keyBytes, context: contextBytes, count: count)
                        if let hit { return (hit.text.string, candidate.locale, candidate.hasI18nextSources) }
                    }
                    return nil
                }
                guard var name = table else { return walk(nil) }
                return name.withUTF8 { walk(UnsafeRawBufferPointer($0)) }
            }
        }
    }
}
