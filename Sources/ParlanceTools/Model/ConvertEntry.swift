import Parlance

/// What a target format can carry, and the rules that keep an entry out
/// of it or change it on the way. Each format states its own (its
/// `ConvertFormat` conformance); `ConvertValues` applies them.
package struct ConvertTarget: Sendable {
    package enum Contexts: Sendable {
        /// SPLocalizedString's `(context)key` (Apple's formats, JSON, XLIFF ids).
        case composed
        /// gettext's `msgctxt`.
        case separate
        /// A context spelled into the key by the format's own rule (i18next's `key_context`).
        case suffix(@Sendable (_ key: String, _ context: String) -> String)
        /// None (Android resources): an entry with a context is left out.
        case none(reason: String)
    }

    /// How the format chooses among plural forms.
    package enum Plurals: Sendable {
        /// Every form is kept as given.
        case asGiven
        /// CLDR's categories of the language only: an explicit `zero` where
        /// CLDR has none is never shown (`runtime` names who never shows it);
        /// with `reached`, only the categories it gives for a language have a
        /// place (gettext's `Plural-Forms`).
        case cldr(runtime: String, reached: (@Sendable (_ locale: String) -> Set<PluralCategory>)?)
        /// No fallback to `other`: each category of the language gets a text.
        case everyCategory
        /// No plural values (Java `.properties`, whose plurals are the
        /// messages' own `{0,choice,…}`): a plural is left out, listed with `reason`.
        case none(reason: String)
    }

    /// What the format's runtime does with a plural that has no `other`
    /// form, whose other counts the source's runtime looks up along the
    /// fallback chain.
    package enum WithoutOther: Sendable {
        /// The same: the counts it lacks fall back (Android resources, i18next).
        case fallsBack
        /// The counts it lacks show an empty text (`runtime` names who shows
        /// it): the forms are written, the entry listed.
        case empty(runtime: String)
        /// Not served, or not loaded (`why`): the entry is left out and listed.
        case refused(why: String)
    }

    /// The name used in reports (`xliff`, `po`).
    package let name: String
    package var contexts: Contexts
    /// `.stringsdict` entries (format and variables) survive as they are.
    package var variables: Bool
    /// Device rules survive (`.stringsdict` files, String Catalogs).
    package var devices: Bool
    package var plurals: Plurals = .asGiven
    package var pluralWithoutOther: WithoutOther = .fallsBack
    /// Why the format cannot hold a variable whose texts name another
    /// variable (String Catalog substitutions do not nest), or nil.
    package var nestedVariables: String? = nil
    /// A key the format cannot spell, and why (Android's resource names).
    package var invalidKey: (@Sendable (String) -> Bool, reason: String)? = nil
    /// A context the format cannot hold, and why (gettext's msgctxt, which
    /// ends at U+0004): an entry with one is left out.
    package var invalidContext: (@Sendable (String) -> Bool, reason: String)? = nil
    /// Why an empty key has no place (gettext's header), or nil.
    package var emptyKey: String? = nil
    /// Who reads an empty translation as untranslated (gettext, XLIFF), or nil.
    package var emptyTranslation: String? = nil
    /// msgfmt's rule: a translation begins and ends with a line break exactly where its key does.
    package var matchedLineBreaks = false
    /// A key's text and its plural are kept apart (Android's `<string>` and
    /// `<plurals>`, i18next's `key` and `key_one`…); elsewhere the text of a
    /// key that also has a plural is left out, listed.
    package var textsBesidePlurals = false
    /// Why the format's files cannot hold a key, text or note (XML and a
    /// control character), or nil: such an entry is left out.
    package var unwritable: (@Sendable (String) -> String?)? = nil
    /// The marks beside a text the format has a place for (XLIFF's
    /// `state`, gettext's `fuzzy`, Android's `translatable`) in the
    /// languages it writes; the others are listed as not carried.
    package var marks: Set<EntryMark.Kind> = []

    package init(name: String, contexts: Contexts, variables: Bool, devices: Bool? = nil) {
        self.name = name
        self.contexts = contexts
        self.variables = variables
        self.devices = devices ?? variables
    }
}

/// An entry ready for a writer: its key as the target spells it, a context
/// when the target keeps one apart, and a text, plural or `.stringsdict` value.
package struct ConvertEntry: Sendable {
    package var key: String
    package var context: String?
    package var value: EntryValue
    /// The source file's note for translators, written where the target keeps notes.
    package var comment: String? = nil
    /// Served, but to be reviewed (a String Catalog's `needs_review`).
    package var needsReview = false
    /// Not to be translated (a String Catalog's `shouldTranslate: false`).
    package var doNotTranslate = false

    /// The note as the writers' list of notes.
    package var notes: [String] { comment.map { [$0] } ?? [] }
}

/// What a source file says of an entry beside its text: a state or an
/// instruction to translators. `convert` writes it where the target has a
/// place for it (`ConvertTarget.marks`) and lists it as not carried
/// otherwise.
package struct EntryMark: Sendable {
    package enum Kind: Sendable, Hashable {
        /// Served, to be reviewed: XLIFF 1.2 `needs-review-translation`,
        /// XLIFF 2.0 `initial` with a target, gettext's `fuzzy`.
        case needsReview
        /// Not to be translated: Android's `translatable="false"`. Holds
        /// for the key in every language.
        case doNotTranslate
        /// What no other format holds (a String Catalog's `extractionState`,
        /// a state the runtime does not serve).
        case other
    }

    package var locale: String
    package var table: String
    /// The key as the source file spells it (a context composed in).
    package var key: String
    package var kind: Kind
    /// The mark as the source spells it: `state 'needs_review'`.
    package var what: String
    /// What becomes of the entry where the mark is not carried: `written as translated`.
    package var otherwise: String

    package init(locale: String, table: String, key: String, kind: Kind, what: String, otherwise: String) {
        (self.locale, self.table, self.key, self.kind, self.what, self.otherwise) = (locale, table, key, kind, what, otherwise)
    }
}

/// Something of an entry the target cannot carry.
package struct ConversionLoss: Sendable, CustomStringConvertible {
    var locale: String
    var table: String
    var key: String
    var context: String?
    var what: String

    /// One line: line breaks and tabs in the key and context are written as `\n`, `\r`, `\t`.
    package var description: String {
        "\(locale)/\(table): '\(Self.oneLine(key))'" + (context.map { " (context '\(Self.oneLine($0))')" } ?? "") + ": " + what
    }

    private static func oneLine(_ text: String) -> String {
        guard text.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\r\n" }) else { return text }
        return text.replacingAll("\r\n", with: "\\r\\n").replacingAll("\n", with: "\\n").replacingAll("\r", with: "\\r")
            .replacingAll("\t", with: "\\t")
    }
}
