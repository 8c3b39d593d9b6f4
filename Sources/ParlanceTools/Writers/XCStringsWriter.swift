import Parlance

/// String Catalogs as Xcode writes them: two-space indentation, `" : "`
/// between a key and its value, members in key order, no final newline.
/// Keys of `strings` are ordered case-insensitively (then as bytes), close
/// to Xcode's order; an untouched catalog is not rewritten by this writer.
enum XCStringsWriter {
    /// A value of the catalog: a string, a number, or an object.
    indirect enum Node {
        case string(String)
        case number(Int)
        case object([(key: String, value: Node)])
    }

    static func document(sourceLanguage: String, strings: [(key: String, value: Node)], version: String = "1.0") -> String {
        var out = ""
        write(.object([("sourceLanguage", .string(sourceLanguage)), ("strings", .object(strings)), ("version", .string(version))]),
              indent: 0, into: &out)
        return out
    }

    /// One localization: a string unit, plural variations, or a unit with substitutions.
    static func localization(_ value: EntryValue) -> Node {
        switch value {
        case .text(let text):
            return .object([("stringUnit", unit(text))])
        case .plural(let forms):
            return .object([("variations", .object([("plural", pluralCases(forms))]))])
        case .stringsdict(let format):
            var substitutions: [(key: String, value: Node)] = []
            var position = 0
            for segment in FormatSpecifier.segments(in: format.format) {
                guard case .placeholder(let placeholder) = segment else { continue }
                if placeholder.position == nil { position += 1 }
                guard case .variable(let name) = placeholder.kind, let variable = format.variables[name],
                      !substitutions.contains(where: { $0.key == name }) else { continue }
                let specifier = variable.valueType.isEmpty ? "lld" : variable.valueType
                let forms: PluralForms
                switch variable.rule {
                case .plural(let texts): forms = texts
                case .device(let byDevice): forms = PluralForms([.other: DeviceVariant.choose(byDevice) ?? ""])
                case .width(let widths): forms = PluralForms([.other: widths.max { $0.width < $1.width }?.text ?? ""])
                }
                substitutions.append((name, .object([
                    ("argNum", .number(placeholder.position ?? position)),
                    ("formatSpecifier", .string(specifier)),
                    ("variations", .object([("plural", pluralCases(forms.mapTexts { argument($0, specifier) }))])),
                ])))
            }
            return .object([("stringUnit", unit(format.format)), ("substitutions", .object(substitutions.sorted { $0.key < $1.key }))])
        case .gettextPlural(let texts):
            return .object([("stringUnit", unit(texts.first ?? ""))])
        }
    }

    /// The key order of `strings`: case-insensitive, then by bytes.
    static func ordered(_ a: String, _ b: String) -> Bool {
        let la = a.lowercased(), lb = b.lowercased()
        if la != lb { return Array(la.utf8).lexicographicallyPrecedes(Array(lb.utf8)) }
        return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
    }

    private static func unit(_ text: String) -> Node {
        .object([("state", .string("translated")), ("value", .string(text))])
    }

    private static func pluralCases(_ forms: PluralForms) -> Node {
        .object(forms.categories.sorted { $0.name < $1.name }.map { ($0.name, .object([("stringUnit", unit(forms[$0] ?? ""))])) })
    }

    /// The substitution's own conversion, unnumbered, as `%arg` (the reader's inverse).
    private static func argument(_ text: String, _ specifier: String) -> String {
        text.replacingAll("%" + specifier, with: "%arg")
    }

    private static func write(_ node: Node, indent: Int, into out: inout String) {
        switch node {
        case .string(let text): out += JSONWriter.quote(text)
        case .number(let n): out += String(n)
        case .object(let members):
            let pad = String(repeating: "  ", count: indent + 1)
            guard !members.isEmpty else {
                out += "{\n\n" + String(repeating: "  ", count: indent) + "}"
                return
            }
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += pad + JSONWriter.quote(member.key) + " : "
                write(member.value, indent: indent + 1, into: &out)
                out += index + 1 < members.count ? ",\n" : "\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }
}
