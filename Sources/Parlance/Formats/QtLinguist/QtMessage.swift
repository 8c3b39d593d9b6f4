/// One message of a Qt Linguist file, as `lrelease` reads it, and what
/// `lrelease` compiles of a list of them: the records a `.qm` holds.
package struct QtMessage: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case finished, unfinished, vanished, obsolete
    }
    package var context: String
    package var source: String
    /// The disambiguation (`<comment>`).
    package var comment: String
    package var kind: Kind
    package var numerus: Bool
    /// The translation, or the numerus forms in order.
    package var translations: [String]
    package var line: Int = 0
    package var column: Int = 0
    /// `<extracomment>` and `<translatorcomment>`, for the tools.
    package var notes: String? = nil
}

/// One message a `.qm` holds (a `Tag_End`-terminated record): the fields
/// left out of a record are nil (they match anything).
package struct QtRecord: Sendable, Equatable {
    package var context: String?
    package var source: String?
    package var comment: String?
    package var translations: [String]
    package var numerus: Bool { translations.count > 1 }
}

extension QtMessage {
    /// Whether a translation is there (`TranslatorMessage::isTranslated`).
    package var isTranslated: Bool { translations.contains { !$0.isEmpty } }
}

/// `lrelease`'s steps from a `.ts`'s messages to a `.qm`'s records, in its
/// default mode: duplicates of one (context, source, disambiguation) are
/// dropped, the first keeping a later one's translations when it has none;
/// forms are padded or cut to the language's number; vanished and obsolete
/// messages, and unfinished ones without a (first) translation, are left
/// out — other unfinished ones are kept, as `lrelease` keeps them unless
/// told `-nounfinished`; a message it pads (fewer forms than the language
/// has) is written with null strings `QTranslator` cannot read, and left
/// out here; a disambiguation is dropped (the record stored
/// with none) when the context is not empty and no message of the same
/// context and source has none, for the first message so dropped.
package enum QtRelease {
    /// `lrelease`'s duplicates: of the messages of one context, source and
    /// disambiguation the first is kept, with a later one's translations when
    /// it has none; each with its position in `messages`.
    package static func unique(_ messages: [QtMessage]) -> [(message: QtMessage, position: Int)] {
        var first: [QtKey: Int] = [:]
        var kept: [(message: QtMessage, position: Int)] = []
        for (position, message) in messages.enumerated() {
            let key = QtKey(message.context, message.source, message.comment)
            if let index = first[key] {
                if !kept[index].message.isTranslated && message.isTranslated { kept[index].message.translations = message.translations }
                continue
            }
            first[key] = kept.count
            kept.append((message, position))
        }
        return kept
    }

    package static func records(_ messages: [QtMessage], forms: Int) -> [(record: QtRecord, message: QtMessage)] {
        let kept = unique(messages).map { $0.message }
        // The (context, source) pairs some message has without a disambiguation.
        var bare = Set<QtKey>()
        for message in kept where message.comment.isEmpty { bare.insert(QtKey(message.context, message.source, "")) }
        var stored = Set<QtKey>()
        var records: [(record: QtRecord, message: QtMessage)] = []
        for var message in kept {
            let count = message.numerus ? forms : 1
            // lrelease pads with null strings, which QTranslator cannot read past: the record is never served.
            let padded = message.translations.count < count
            if padded {
                message.translations += Array(repeating: "", count: count - message.translations.count)
            } else if message.translations.count > count {
                message.translations.removeLast(message.translations.count - count)
            }
            switch message.kind {
            case .vanished, .obsolete: continue
            case .unfinished where message.translations[0].isEmpty: continue
            default: break
            }
            var comment = message.comment
            let force = comment.isEmpty || message.context.isEmpty || bare.contains(QtKey(message.context, message.source, ""))
            if !force && !stored.contains(QtKey(message.context, message.source, "")) { comment = "" }
            let key = QtKey(message.context, message.source, comment)
            guard stored.insert(key).inserted, !padded else { continue }
            records.append((QtRecord(context: message.context, source: message.source, comment: comment,
                                     translations: message.translations), message))
        }
        return records
    }
}

/// A message's identity: context, source text, disambiguation.
struct QtKey: Hashable {
    let context: String, source: String, comment: String
    init(_ context: String, _ source: String, _ comment: String) {
        self.context = context
        self.source = source
        self.comment = comment
    }
}
