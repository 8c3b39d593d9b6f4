/// The calls `parlance extract` knows without `--keyword`: one table per
/// language, one row per function. Positions are 1-based; labels are
/// Swift argument labels or Python keyword arguments.
enum BuiltinKeywords {
    private typealias P = [Int: ArgumentRole]

    /// libintl's names with their argument positions; Parlance's
    /// `parlance_`-prefixed C functions take the same arguments.
    private static let gettextFamily: [(String, P)] = [
        ("gettext", [1: .key]),
        ("dgettext", [1: .table, 2: .key]),
        ("dcgettext", [1: .table, 2: .key]),
        ("ngettext", [1: .key, 2: .plural, 3: .count]),
        ("dngettext", [1: .table, 2: .key, 3: .plural, 4: .count]),
        ("dcngettext", [1: .table, 2: .key, 3: .plural, 4: .count]),
        ("pgettext", [1: .context, 2: .key]),
        ("dpgettext", [1: .table, 2: .context, 3: .key]),
        ("npgettext", [1: .context, 2: .key, 3: .plural, 4: .count]),
        ("dnpgettext", [1: .table, 2: .context, 3: .key, 4: .plural, 5: .count]),
    ]

    /// The names a C, C++ or Objective-C file reaches Parlance with.
    static let c: [KeywordSpec] = {
        var specs: [KeywordSpec] = [
            KeywordSpec("_", positions: [1: .key]),
            KeywordSpec("N_", positions: [1: .key]),
            KeywordSpec("gettext_noop", positions: [1: .key]),
            // include/parlance.h
            KeywordSpec("parlance_localizer_text", positions: [2: .key, 3: .context, 4: .table]),
            KeywordSpec("parlance_localizer_lookup", positions: [2: .key, 3: .context, 4: .table]),
            KeywordSpec("parlance_localizer_plural", positions: [2: .key, 3: .count, 4: .context, 5: .table]),
            KeywordSpec("parlance_localizer_format", positions: [3: .key, 4: .context, 5: .table]),
            KeywordSpec("parlance_localizer_localize_marked", positions: [2: .markedKey]),
            // Foundation and Core Foundation
            KeywordSpec("NSLocalizedString", positions: [1: .key, 2: .note]),
            KeywordSpec("NSLocalizedStringFromTable", positions: [1: .key, 2: .table, 3: .note]),
            KeywordSpec("NSLocalizedStringFromTableInBundle", positions: [1: .key, 2: .table, 4: .note]),
            KeywordSpec("NSLocalizedStringWithDefaultValue",
                        positions: [1: .key, 2: .table, 4: .defaultValue, 5: .note]),
            KeywordSpec("CFCopyLocalizedString", positions: [1: .key, 2: .note]),
            KeywordSpec("CFCopyLocalizedStringFromTable", positions: [1: .key, 2: .table, 3: .note]),
            KeywordSpec("CFCopyLocalizedStringFromTableInBundle", positions: [1: .key, 2: .table, 4: .note]),
            KeywordSpec("CFCopyLocalizedStringWithDefaultValue",
                        positions: [1: .key, 2: .table, 4: .defaultValue, 5: .note]),
            // SPLocalizedString.h, every macro: the context is part of the key.
            KeywordSpec("SPLocalizedString", positions: [1: .key, 2: .context]),
            KeywordSpec("SPLocalizedStringFromTable", positions: [1: .key, 2: .context, 3: .table]),
            KeywordSpec("SPLocalizedStringFromTableInBundle", positions: [1: .key, 2: .context, 3: .table]),
            KeywordSpec("SPLocalizedStringWithDefaultValue",
                        positions: [1: .key, 2: .context, 3: .table, 5: .defaultValue]),
            KeywordSpec("SPLocalizedStringPlural", positions: [1: .key, 2: .context, 3: .count]),
            KeywordSpec("SPLocalizedStringPluralFromTable", positions: [1: .key, 2: .context, 3: .count, 4: .table]),
            KeywordSpec("SPLocalizedStringPluralFromTableInBundle",
                        positions: [1: .key, 2: .context, 3: .count, 4: .table]),
            KeywordSpec("SPLocalizedStringPluralWithDefaultValue",
                        positions: [1: .key, 2: .context, 3: .count, 4: .table, 6: .defaultValue]),
        ]
        for (name, positions) in gettextFamily {
            specs.append(KeywordSpec(name, positions: positions))
            specs.append(KeywordSpec("parlance_" + name, positions: positions))
        }
        return specs
    }()

    /// Python's gettext module, as xgettext looks for it by default (with
    /// `ugettext` and `ungettext`), and the marking-only `N_` and
    /// `gettext_noop`. Methods of any object (`obj.text(...)`) are not
    /// looked for: the binding's `Localizer` methods are `pythonMethods`,
    /// asked for by name with `--keyword`.
    static let python: [KeywordSpec] = {
        let where_: [String: ArgumentRole] = ["context": .context, "table": .table]
        var specs: [KeywordSpec] = [
            // `_ = localizer` calls Localizer.__call__(key, context, table).
            KeywordSpec("_", positions: [1: .key, 2: .context, 3: .table], labels: where_),
            KeywordSpec("N_", positions: [1: .key]),
            KeywordSpec("gettext_noop", positions: [1: .key]),
            KeywordSpec("ugettext", positions: [1: .key]),
            KeywordSpec("ungettext", positions: [1: .key, 2: .plural, 3: .count]),
        ]
        for (name, positions) in gettextFamily where name != "dcgettext" && name != "dcngettext" {
            specs.append(KeywordSpec(name, positions: positions))
        }
        return specs
    }()

    /// The binding's `Localizer` methods with their arguments' roles and
    /// keyword arguments: what a bare `--keyword text` (or `lookup`,
    /// `plural`, `format`, `localize_marked`) means in a Python file.
    static let pythonMethods: [KeywordSpec] = {
        let where_: [String: ArgumentRole] = ["context": .context, "table": .table]
        return [
            KeywordSpec("text", .method, positions: [1: .key, 2: .context, 3: .table],
                        labels: where_.merging(["key": .key]) { a, _ in a }),
            KeywordSpec("lookup", .method, positions: [1: .key, 2: .context, 3: .table],
                        labels: where_.merging(["key": .key]) { a, _ in a }),
            KeywordSpec("plural", .method, positions: [1: .key, 2: .count, 3: .context, 4: .table],
                        labels: where_.merging(["key": .key, "count": .count]) { a, _ in a }),
            KeywordSpec("format", .method, positions: [1: .key], labels: where_),
            KeywordSpec("localize_marked", .method, positions: [1: .markedKey], labels: ["text": .markedKey]),
        ]
    }()

    /// Foundation's and Parlance's Swift API.
    static let swift: [KeywordSpec] = {
        let where_: [String: ArgumentRole] = ["context": .context, "table": .table]
        return [
            KeywordSpec("NSLocalizedString", positions: [1: .key],
                        labels: ["tableName": .table, "value": .defaultValue, "comment": .note]),
            KeywordSpec("String", positions: [:],
                        labels: ["localized": .key, "defaultValue": .defaultValue, "table": .table, "comment": .note]),
            KeywordSpec("text", .method, positions: [1: .key], labels: where_),
            KeywordSpec("lookup", .method, positions: [1: .key], labels: where_),
            KeywordSpec("plural", .method, positions: [1: .key], labels: where_.merging(["count": .count]) { a, _ in a }),
            KeywordSpec("format", .method, positions: [1: .key], labels: where_),
            KeywordSpec("localizeMarked", .method, positions: [1: .markedKey]),
        ]
    }()

    /// xgettext's built-in `--flag` table for C (gettext's x-c.c): the
    /// argument of these functions that is a printf (or scanf) format.
    static let cFormatFunctions: [String: Int] = [
        "printf": 1, "vprintf": 1, "wprintf": 1, "vwprintf": 1,
        "fprintf": 2, "vfprintf": 2, "fwprintf": 2, "vfwprintf": 2,
        "sprintf": 2, "vsprintf": 2, "swprintf": 3, "vswprintf": 3,
        "snprintf": 3, "vsnprintf": 3, "asprintf": 2, "vasprintf": 2,
        "dprintf": 2, "vdprintf": 2, "obstack_printf": 2, "obstack_vprintf": 2,
        "error": 3, "error_at_line": 5, "argp_error": 2, "argp_failure": 4,
        "scanf": 1, "fscanf": 2, "sscanf": 2, "vscanf": 1, "vfscanf": 2, "vsscanf": 2,
        "syslog": 2, "vsyslog": 2,
    ]

    /// Receivers whose same-named methods are not Parlance's
    /// (`codecs.lookup("utf-8")`, `str.format(...)`).
    static let foreignReceivers: Set<String> = ["codecs", "str", "string", "re", "os", "sys", "json"]
}
