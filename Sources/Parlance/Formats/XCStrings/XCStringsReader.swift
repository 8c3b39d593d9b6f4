/// Reads one localization of a string catalog into an entry value; the
/// rules are `XCStringsFile`'s.
struct XCStringsReader {
    let path: String?
    let states: XCStringsStates

    /// A localization or a variation's body, devices not chosen yet.
    indirect enum Variant {
        case text(String)
        case plural([(category: PluralCategory, variant: Variant)])
        case device([String: Variant])
    }

    func fail<V: JSONView>(_ message: String, at node: V) -> ParlanceError {
        .syntax(message, path: path, line: node.line, column: node.column)
    }

    /// The canonical tag of a localization's name.
    func locale<V: JSONView>(_ name: String, at node: V, line: Int? = nil, column: Int? = nil) throws(ParlanceError) -> String {
        guard let tag = Self.tag(name) else {
            throw ParlanceError(.locale, "'\(name)' names no language", path: path,
                                line: line ?? node.line, column: column ?? node.column)
        }
        return tag
    }

    /// The canonical tag of a localization's name, nil when it names no language.
    static func tag(_ name: String) -> String? {
        do {
            return try LocaleName.canonical(name)
        } catch {
            return nil
        }
    }

    /// The value a localization serves, or nil when its states leave nothing to serve.
    func localization<V: JSONView>(_ node: V, key: String) throws(ParlanceError) -> EntryValue? {
        let members = try object(node, "localization of \"\(key)\"")
        guard let variant = try variant(members, at: node, key: key) else { return nil }
        var variables: [String: StringsdictFormat.Variable] = [:]
        var positions: [String: Int] = [:]
        if let substitutions = members.last(where: { $0.keyIs("substitutions") }) {
            for substitution in try object(substitutions.value, "\"substitutions\" of \"\(key)\"") {
                guard let (variable, position) = try self.substitution(substitution, key: key) else { return nil }
                variables[variable.name] = variable
                // Without argNum the `%#@name@` stays unnumbered: it takes the next argument, as in the compiled `.stringsdict`.
                if let position { positions[variable.name] = position }
            }
        }
        switch variant {
        case .text(let text):
            guard !variables.isEmpty else { return .text(text) }
            return .stringsdict(StringsdictFormat(format: Self.numbering(text, positions), variables: variables))
        case .plural(let forms) where !Self.variesByDevice(variant):
            // A plural whose forms hold substitutions has no `.stringsdict` equivalent: not served.
            guard variables.isEmpty, let forms = Self.texts(forms) else { return nil }
            return .plural(forms)
        case .plural, .device:
            // Device variations, at any depth: each variation becomes a variable, chosen when looked up.
            var builder = DeviceFormat(variables: variables, positions: positions)
            guard let format = builder.format(variant) else { return nil }
            return .stringsdict(StringsdictFormat(format: format, variables: builder.variables))
        }
    }

    /// `{ "stringUnit": …, "variations": … }`; variations win over a unit beside them.
    private func variant<V: JSONView>(_ members: [V.Member], at node: V, key: String) throws(ParlanceError) -> Variant? {
        if let variations = members.last(where: { $0.keyIs("variations") }) {
            return try self.variations(variations.value, key: key)
        }
        guard let unit = members.last(where: { $0.keyIs("stringUnit") }) else { return nil }
        let fields = try object(unit.value, "\"stringUnit\" of \"\(key)\"")
        if let state = fields.last(where: { $0.keyIs("state") }) {
            guard let name = state.value.string else {
                throw fail("\"state\" in \"\(key)\" is \(state.value.kindName); expected a string", at: state.value)
            }
            guard states.serves(state: name) else { return nil }
        }
        guard let value = fields.last(where: { $0.keyIs("value") }) else { return nil }
        guard let text = value.value.string else {
            throw fail("\"value\" in \"\(key)\" is \(value.value.kindName); expected a string", at: value.value)
        }
        return .text(text)
    }

    /// `{ "plural": { "one": body, … } }` or `{ "device": { "mac": body, … } }`.
    private func variations<V: JSONView>(_ node: V, key: String) throws(ParlanceError) -> Variant? {
        for kind in try object(node, "\"variations\" of \"\(key)\"") {
            let cases = try object(kind.value, "\"\(kind.key)\" variations of \"\(key)\"")
            switch kind.key {
            case "plural":
                var forms: [(category: PluralCategory, variant: Variant)] = []
                for form in cases {
                    guard let category = PluralCategory(name: form.key) else {
                        throw ParlanceError(.syntax, "unknown plural category \"\(form.key)\" in \"\(key)\"",
                                            path: path, line: form.line, column: form.column)
                    }
                    let body = try object(form.value, "plural form \"\(form.key)\" of \"\(key)\"")
                    if let variant = try variant(body, at: form.value, key: key) { forms.append((category, variant)) }
                }
                return .plural(forms)
            case "device":
                var devices: [String: Variant] = [:]
                for device in cases {
                    let body = try object(device.value, "device \"\(device.key)\" of \"\(key)\"")
                    if let variant = try variant(body, at: device.value, key: key) { devices[device.key] = variant }
                }
                return .device(devices)
            default:
                continue   // a kind of variation Parlance does not know: the next one, if any
            }
        }
        return nil
    }

    /// One substitution: a variable for `%#@name@` and the argument its `argNum` names (nil: the next one).
    private func substitution<M: JSONViewMember>(_ member: M, key: String) throws(ParlanceError)
        -> (StringsdictFormat.Variable, Int?)? where M.Value: JSONView {
        let fields = try object(member.value, "substitution \"\(member.key)\" of \"\(key)\"")
        var position: Int? = nil
        if let argNum = fields.last(where: { $0.keyIs("argNum") }) {
            guard let spelled = argNum.value.number, let number = Int(spelled), number >= 1 else {
                throw fail("\"argNum\" of substitution \"\(member.key)\" in \"\(key)\" must be a whole number from 1", at: argNum.value)
            }
            position = number
        }
        var specifier = "@"
        if let spec = fields.last(where: { $0.keyIs("formatSpecifier") }) {
            guard let text = spec.value.string, !text.isEmpty else {
                throw fail("\"formatSpecifier\" of substitution \"\(member.key)\" in \"\(key)\" must be a conversion such as \"lld\"",
                           at: spec.value)
            }
            specifier = text.hasPrefix("%") ? String(text.dropFirst()) : text
        }
        guard let variant = try variant(fields, at: member.value, key: key) else { return nil }
        let forms: PluralForms
        switch Self.settle(variant) {
        case .text(let text):
            forms = PluralForms([.other: text])
        case .plural(let cases):
            guard let texts = Self.texts(cases) else { return nil }
            forms = texts
        case .device:
            return nil
        }
        var replaced = PluralForms()
        for category in forms.categories { replaced[category] = Self.argument(forms[category] ?? "", specifier) }
        return (StringsdictFormat.Variable(name: member.key, valueType: specifier, rule: .plural(replaced)), position)
    }

    private func object<V: JSONView>(_ node: V, _ what: String) throws(ParlanceError) -> [V.Member] {
        guard node.isObject else { throw fail("\(what) is \(node.kindName); expected an object", at: node) }
        return node.members
    }
}

extension XCStringsReader {
    /// The variant with every device variation decided for the default
    /// device (`other`): what a substitution's variations give.
    static func settle(_ variant: Variant) -> Variant {
        switch variant {
        case .text: return variant
        case .plural(let forms): return .plural(forms.map { ($0.category, settle($0.variant)) })
        case .device(let devices):
            guard let chosen = Device.choose(devices, for: nil) else { return .text("") }   // Device.choose's rule
            return settle(chosen)
        }
    }

    static func variesByDevice(_ variant: Variant) -> Bool {
        switch variant {
        case .text: false
        case .plural(let forms): forms.contains { variesByDevice($0.variant) }
        case .device: true
        }
    }

    /// A variant with device variations as a `.stringsdict` format, as
    /// Xcode compiles one: each variation a variable of its own
    /// (`__device1`, `__plural2`…). A device's text reads in its place; a
    /// plural takes the argument of its `other` form's first number, and
    /// the texts under it are numbered as each text alone numbers them.
    struct DeviceFormat {
        var variables: [String: StringsdictFormat.Variable]
        let positions: [String: Int]
        private var made = 0

        init(variables: [String: StringsdictFormat.Variable], positions: [String: Int]) {
            self.variables = variables
            self.positions = positions
        }

        /// - Parameter counted: the argument of the plural variation above, if any.
        mutating func format(_ variant: Variant, counted: Int? = nil) -> String? {
            switch variant {
            case .text(let text):
                let numbered = XCStringsReader.numbering(text, positions)
                guard let counted else { return numbered }
                return XCStringsReader.positional(numbered, unless: counted)
            case .device(let devices):
                var texts: [String: String] = [:]
                for (name, body) in devices {
                    guard let text = format(body, counted: counted) else { return nil }
                    texts[name] = text
                }
                guard !texts.isEmpty else { return nil }
                return "%#@" + variable("__device", .device(texts)) + "@"
            case .plural(let forms):
                let position = XCStringsReader.firstNumber(in: variant) ?? 1
                var texts = PluralForms()
                for form in forms {
                    guard let text = format(form.variant, counted: position) else { return nil }
                    texts[form.category] = text
                }
                guard texts[.other] != nil else { return nil }
                return "%\(position)$#@" + variable("__plural", .plural(texts)) + "@"
            }
        }

        private mutating func variable(_ stem: String, _ rule: StringsdictFormat.Variable.Rule) -> String {
            made += 1
            var name = stem + String(made)
            while variables[name] != nil { name += "_" }
            variables[name] = StringsdictFormat.Variable(name: name, valueType: "", rule: rule)
            return name
        }
    }

    /// `text` with its unnumbered conversions numbered in order, unless
    /// each of them is argument `counted` (a plural variable's texts refer
    /// to its argument unless numbered).
    static func positional(_ text: String, unless counted: Int) -> String {
        let segments = FormatSpecifier.segments(in: text)
        var sequence = 0
        let alike = segments.allSatisfy {
            guard case .placeholder(let p) = $0, p.position == nil else { return true }
            sequence += 1
            return sequence == counted
        }
        guard !alike else { return text }
        var next = 0
        return FormatSpecifier.rewriting(text) { p in
            guard p.position == nil else { return p.raw }
            next += 1
            return "%\(next)$" + p.raw.dropFirst()
        }
    }

    /// The argument a plural variation counts: its `other` form's first
    /// number (for a form that varies by device, `other`'s variant).
    static func firstNumber(in variant: Variant) -> Int? {
        switch variant {
        case .text(let text): return firstNumber(text)
        case .device(let devices): return (devices["other"] ?? devices.values.first).flatMap(firstNumber(in:))
        case .plural(let forms): return forms.last(where: { $0.category == .other }).flatMap { firstNumber(in: $0.variant) }
        }
    }

    /// The argument of a text's first numeric conversion (its own number, or its place in order).
    static func firstNumber(_ text: String) -> Int? {
        var next = 1
        for segment in FormatSpecifier.segments(in: text) {
            guard case .placeholder(let p) = segment else { continue }
            let position = p.position ?? next
            if p.position == nil { next += 1 }
            switch p.kind {
            case .int, .unsigned, .double: return position
            default: continue
            }
        }
        return nil
    }

    /// Plural forms that are all texts, with a served `other`; else nil.
    static func texts(_ forms: [(category: PluralCategory, variant: Variant)]) -> PluralForms? {
        var result = PluralForms()
        for form in forms {
            guard case .text(let text) = form.variant else { return nil }
            result[form.category] = text
        }
        return XCStringsFile.servesPlural { result[$0] != nil } ? result : nil
    }

    /// `%#@name@` numbered with its substitution's argument, as Xcode compiles it.
    static func numbering(_ format: String, _ positions: [String: Int]) -> String {
        rewritingPercents(format) { rest in
            guard rest.starts(with: "#@".utf8) else { return nil }
            let body = rest.dropFirst(2)
            guard let end = body.firstIndex(of: UInt8(ascii: "@")),
                  let position = positions[String(decoding: body[..<end], as: UTF8.self)] else { return nil }
            let name = String(decoding: body[..<end], as: UTF8.self)
            return ("%\(position)$#@\(name)@", 3 + body.distance(from: body.startIndex, to: end))
        }
    }

    /// `%arg` as the substitution's conversion.
    static func argument(_ text: String, _ specifier: String) -> String {
        rewritingPercents(text) { rest in rest.starts(with: "arg".utf8) ? ("%" + specifier, 3) : nil }
    }

    /// Copies `text`, letting `rewrite` replace what follows a `%` (not `%%`):
    /// it returns the replacement and how many bytes after the `%` it covers.
    private static func rewritingPercents(_ text: String, _ rewrite: (Substring.UTF8View) -> (String, Int)?) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var out = ""
        var index = text.utf8.startIndex
        var copied = index
        while index < text.utf8.endIndex {
            guard text.utf8[index] == UInt8(ascii: "%") else {
                text.utf8.formIndex(after: &index)
                continue
            }
            let next = text.utf8.index(after: index)
            if next < text.utf8.endIndex, text.utf8[next] == UInt8(ascii: "%") {
                index = text.utf8.index(after: next)
                continue
            }
            if let (replacement, covered) = rewrite(text[next...].utf8) {
                out += text[copied..<index]
                out += replacement
                index = text.utf8.index(next, offsetBy: covered)
                copied = index
                continue
            }
            index = next
        }
        out += text[copied...]
        return out
    }
}
