/// Pattern selection (`spec/formatting.md`, "Pattern Selection"): resolve the
/// selectors, keep the variants whose keys all match, and of those the best
/// by SelectorsCompare, in source order.
extension MessageFormat2Resolver {
    /// A selector's resolved value, or nil when it does not support selection.
    private struct Selector {
        var value: MF2Value?
        var name: String
    }

    mutating func select(_ selectorNames: [String], _ variants: [MessageFormat2.Variant]) -> MessageFormat2.Pattern {
        var selectors: [Selector] = []
        for name in selectorNames {
            let value = resolve(variable: name)
            if supportsSelection(value) {
                selectors.append(Selector(value: value, name: name))
            } else {
                report(.badSelector, "$\(name) does not support selection")
                selectors.append(Selector(value: nil, name: name))
            }
        }
        var best: MessageFormat2.Variant?
        for variant in variants where variant.keys.count == selectors.count {
            guard matches(&selectors, variant.keys) else { continue }
            if let current = best, !isBetter(selectors, variant.keys, than: current.keys) { continue }
            best = variant
        }
        // A valid message has a catch-all variant, which always matches.
        return best?.pattern ?? MessageFormat2.Pattern(parts: [])
    }

    private func supportsSelection(_ value: MF2Value) -> Bool {
        switch value.content {
        case .string, .custom: true
        case .number(let number): number.selection != .unsupported
        case .fallback, .numberArgument, .dateArgument, .date: false
        }
    }

    /// SelectorsMatch
    private mutating func matches(_ selectors: inout [Selector], _ keys: [MessageFormat2.Key]) -> Bool {
        for (i, key) in keys.enumerated() {
            guard case .literal(let key) = key else { continue }
            guard let value = selectors[i].value else { return false }
            switch match(value, key) {
            case true?: continue
            case false?: return false
            case nil:
                report(.badSelector, "$\(selectors[i].name) does not support selection")
                selectors[i].value = nil
                return false
            }
        }
        return true
    }

    /// SelectorsCompare: whether `keys1` is a better match than `keys2`.
    private func isBetter(_ selectors: [Selector], _ keys1: [MessageFormat2.Key],
                          than keys2: [MessageFormat2.Key]) -> Bool {
        for (i, (key1, key2)) in zip(keys1, keys2).enumerated() {
            switch (key1, key2) {
            case (.catchAll, .catchAll): continue
            case (.catchAll, .literal): return false
            case (.literal, .catchAll): return true
            case (.literal(let k1), .literal(let k2)):
                if k1 == k2 { continue }
                guard let value = selectors[i].value else { return false }
                return better(value, k1, than: k2)
            }
        }
        return false
    }

    /// Match(rv, key); nil when the value turned out not to support selection.
    private mutating func match(_ value: MF2Value, _ key: String) -> Bool? {
        switch value.content {
        case .string(let text):
            return NormalForm.nfc(text) == key
        case .number(let number):
            if MF2Characters.isNumberLiteral(key) { return key == number.exactText }
            guard let category = PluralCategory(name: key) else {
                report(.badVariantKey, "'\(key)' is neither a number nor a plural category")
                return false
            }
            return number.selection != .exact && category == number.category(locale: locale)
        case .custom(let custom):
            return custom.match(key, errors: &errors)
        case .fallback, .numberArgument, .dateArgument, .date:
            return nil
        }
    }

    /// BetterThan(rv, key1, key2) for two matching keys.
    private func better(_ value: MF2Value, _ key1: String, than key2: String) -> Bool {
        switch value.content {
        case .number:
            // An exact numeric key beats a plural category.
            return MF2Characters.isNumberLiteral(key1) && !MF2Characters.isNumberLiteral(key2)
        case .custom(let custom):
            return custom.better(key1, than: key2)
        default:
            return false
        }
    }
}
