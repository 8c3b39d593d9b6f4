import Parlance

/// XML property lists as Xcode writes them (tab-indented, Apple's DOCTYPE):
/// dictionaries of strings for `.strings` tables kept as plists, and
/// `.stringsdict` entries.
public enum PropertyListWriter {
    /// A value of the subset the tables need.
    public indirect enum Value: Equatable, Sendable {
        case string(String)
        case dict([(key: String, value: Value)])

        public static func == (a: Value, b: Value) -> Bool {
            switch (a, b) {
            case let (.string(x), .string(y)): return x == y
            case let (.dict(x), .dict(y)):
                return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
            default: return false
            }
        }
    }

    static let prologue = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// The whole document for a top-level dictionary, UTF-8.
    public static func document(_ members: [(key: String, value: Value)]) -> String {
        var out = prologue
        write(.dict(members), indent: 0, into: &out)
        return out + "</plist>\n"
    }

    private static func write(_ value: Value, indent: Int, into out: inout String) {
        let pad = String(repeating: "\t", count: indent)
        switch value {
        case .string(let text):
            out += pad + "<string>" + escape(text) + "</string>\n"
        case .dict(let members):
            guard !members.isEmpty else { out += pad + "<dict/>\n"; return }
            out += pad + "<dict>\n"
            for member in members {
                out += pad + "\t<key>" + escape(member.key) + "</key>\n"
                write(member.value, indent: indent + 1, into: &out)
            }
            out += pad + "</dict>\n"
        }
    }

    /// `&`, `<` and `>` as entities; everything else as is.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// One `.stringsdict` entry: the format key first, then each variable in
    /// the order the format names them (the rest by name), plural categories
    /// in CLDR order, widths ascending, devices by name.
    static func stringsdictValue(_ format: StringsdictFormat) -> Value {
        // A text chosen by device and nothing else: Apple's entry-level form, as Xcode compiles one.
        if format.variables.count == 1, let (name, variable) = format.variables.first,
           format.format == "%#@\(name)@", case .device(let byDevice) = variable.rule {
            return .dict([("NSStringDeviceSpecificRuleType",
                           .dict(byDevice.keys.sorted().map { ($0, .string(byDevice[$0] ?? "")) }))])
        }
        var members: [(key: String, value: Value)] = [("NSStringLocalizedFormatKey", .string(format.format))]
        let named = variableNames(in: format.format).filter { format.variables[$0] != nil }
        var order: [String] = []
        for name in named where !order.contains(name) { order.append(name) }
        order += format.variables.keys.filter { !order.contains($0) }.sorted()
        for name in order {
            guard let variable = format.variables[name] else { continue }
            var body: [(key: String, value: Value)] = []
            switch variable.rule {
            case .plural(let forms):
                body.append(("NSStringFormatSpecTypeKey", .string("NSStringPluralRuleType")))
                if !variable.valueType.isEmpty { body.append(("NSStringFormatValueTypeKey", .string(variable.valueType))) }
                for category in forms.categories { body.append((category.name, .string(forms[category] ?? ""))) }
            case .width(let widths):
                body.append(("NSStringFormatSpecTypeKey", .string("NSStringVariableWidthRuleType")))
                if !variable.valueType.isEmpty { body.append(("NSStringFormatValueTypeKey", .string(variable.valueType))) }
                for width in widths { body.append((String(width.width), .string(width.text))) }
            case .device(let byDevice):
                body.append(("NSStringFormatSpecTypeKey", .string("NSStringDeviceSpecificRuleType")))
                if !variable.valueType.isEmpty { body.append(("NSStringFormatValueTypeKey", .string(variable.valueType))) }
                for device in byDevice.keys.sorted() { body.append((device, .string(byDevice[device] ?? ""))) }
            }
            members.append((name, .dict(body)))
        }
        return .dict(members)
    }

    /// The names of `%#@name@` and `%N$#@name@` in order.
    static func variableNames(in format: String) -> [String] {
        FormatSpecifier.segments(in: format).compactMap {
            if case .placeholder(let p) = $0, case .variable(let name) = p.kind { return name }
            return nil
        }
    }
}
