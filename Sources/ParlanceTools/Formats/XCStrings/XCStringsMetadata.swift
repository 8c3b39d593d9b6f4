import Parlance

/// What a String Catalog says about its entries beside their texts —
/// `shouldTranslate`, `extractionState`, and each localization's `state`
/// other than `translated` — as marks `convert` writes where the target
/// has a place for them (`needs_review`, `shouldTranslate: false`) and
/// lists as not carried elsewhere (and `--strict` fails on them).
enum XCStringsMetadata {
    static func marks(path: String) throws -> [EntryMark] {
        let document = try XCStringsDocument(bytes: try FileSystem.read(path), path: path)
        let table = FileSystem.splitExtension(FileSystem.baseName(path)).stem
        let source = document.sourceLanguage
        var marks: [EntryMark] = []
        for key in document.keys {
            guard let members = document.entry(key) else { continue }
            for member in members {
                switch (member.key, member.value.value) {
                case ("shouldTranslate", .bool(false)):
                    marks.append(EntryMark(locale: source, table: table, key: key, kind: .doNotTranslate,
                                           what: "shouldTranslate false (not to be translated)", otherwise: "left out"))
                case ("extractionState", .string(let state)):
                    marks.append(EntryMark(locale: source, table: table, key: key, kind: .other,
                                           what: "extractionState '\(state)'", otherwise: "left out"))
                case ("localizations", .object(let localizations)):
                    for localization in localizations {
                        for state in states(localization.value) where state != "translated" {
                            // A `new` text is not served, so not converted; `needs_review` is served.
                            marks.append(EntryMark(locale: localization.key, table: table, key: key,
                                                   kind: state == "needs_review" ? .needsReview : .other,
                                                   what: "state '\(state)'",
                                                   otherwise: state == "new" ? "not written" : "written as translated"))
                        }
                    }
                default:
                    continue
                }
            }
        }
        return marks
    }

    /// The states of a localization's string units, its variations' included.
    private static func states(_ node: JSONNode) -> [String] {
        guard case .object(let members) = node.value else { return [] }
        var found: [String] = []
        for member in members {
            if member.key == "stringUnit", case .object(let unit) = member.value.value,
               let state = unit.first(where: { $0.key == "state" }), case .string(let name) = state.value.value {
                found.append(name)
            } else if case .object = member.value.value {
                found += states(member.value)
            }
        }
        return Array(Set(found)).sorted()
    }
}
