import Parlance

/// What a String Catalog says about its entries beside their texts —
/// `shouldTranslate`, `extractionState`, and each localization's `state`
/// other than `translated` — which `convert` to another format does not
/// carry: each is listed as not carried (and `--strict` fails on it).
enum XCStringsMetadata {
    static func losses(path: String, target: String) throws -> [ConversionLoss] {
        let document = try XCStringsDocument(bytes: try FileSystem.read(path), path: path)
        let table = FileSystem.splitExtension(FileSystem.baseName(path)).stem
        let source = document.sourceLanguage
        var losses: [ConversionLoss] = []
        for key in document.keys {
            guard let members = document.entry(key) else { continue }
            for member in members {
                switch (member.key, member.value.value) {
                case ("shouldTranslate", .bool(false)):
                    losses.append(ConversionLoss(locale: source, table: table, key: key, context: nil,
                                                 what: "shouldTranslate false (not to be translated) has no place in \(target); left out"))
                case ("extractionState", .string(let state)):
                    losses.append(ConversionLoss(locale: source, table: table, key: key, context: nil,
                                                 what: "extractionState '\(state)' has no place in \(target); left out"))
                case ("localizations", .object(let localizations)):
                    for localization in localizations {
                        for state in states(localization.value) where state != "translated" {
                            losses.append(ConversionLoss(locale: localization.key, table: table, key: key, context: nil,
                                                         what: "state '\(state)' has no place in \(target); "
                                                             + (state == "new" ? "not written" : "written as translated")))
                        }
                    }
                default:
                    continue
                }
            }
        }
        return losses
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
