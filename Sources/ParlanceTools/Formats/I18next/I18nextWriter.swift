import Parlance

/// i18next JSON v4: a flat object, plurals as `key_CATEGORY` members.
enum I18nextWriter {
    static func document(_ entries: [ConvertEntry]) -> String {
        var members: [JSONWriter.Member] = []
        for entry in entries {
            switch entry.value {
            case .plural(let forms):
                for category in forms.categories {
                    members.append(JSONWriter.Member(I18nextDocument.pluralKey(entry.key, category), .string(forms[category] ?? "")))
                }
            default:
                members.append(JSONWriter.Member(entry.key, .string(entry.value.texts.first ?? "")))
            }
        }
        return JSONWriter.document(members)
    }
}
