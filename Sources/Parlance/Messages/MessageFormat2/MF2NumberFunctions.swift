/// `:number`, `:integer`, `:percent`, `:currency` and `:offset` (`spec/functions/number.md`).
enum MF2NumberFunctions {
    /// The options each function takes with the values they accept
    /// (nil: a digit size option).
    static let keywordOptions: [String: Set<String>] = [
        "select": ["plural", "ordinal", "exact"],
        "signDisplay": ["auto", "always", "exceptZero", "negative", "never"],
        "useGrouping": ["auto", "always", "never", "min2"],
        "trailingZeroDisplay": ["auto", "stripIfInteger"],
        "roundingPriority": ["auto", "morePrecision", "lessPrecision"],
        "roundingMode": ["ceil", "floor", "expand", "trunc", "halfCeil", "halfFloor", "halfExpand", "halfTrunc",
                         "halfEven"],
        "notation": ["standard", "scientific", "engineering", "compact"],
        "compactDisplay": ["short", "long"],
        "style": ["decimal", "percent"],
        "currencyDisplay": ["narrowSymbol", "symbol", "name", "code", "never"],
        "currencySign": ["accounting", "standard"],
    ]
    static let digitSizeOptions: Set<String> = [
        "minimumIntegerDigits", "minimumFractionDigits", "maximumFractionDigits",
        "minimumSignificantDigits", "maximumSignificantDigits",
    ]
    /// Options an `:integer` does not take over from a number operand.
    static let integerDiscards: Set<String> = ["minimumFractionDigits", "maximumFractionDigits", "minimumSignificantDigits"]
    /// Options a `:percent` does not take over from a number operand.
    static let percentDiscards: Set<String> = ["minimumIntegerDigits", "roundingIncrement", "select"]
    /// Options only a `:currency` keeps.
    static let currencyOptions: Set<String> = ["currency", "currencyDisplay", "currencySign", "fractionDigits"]

    static let number: MF2Function = { call in resolve(&call, kind: .number) }
    static let integer: MF2Function = { call in resolve(&call, kind: .integer) }
    static let percent: MF2Function = { call in resolve(&call, kind: .percent) }
    static let currency: MF2Function = { call in resolve(&call, kind: .currency) }

    enum Kind {
        case number
        case integer
        case percent
        case currency
    }

    /// `digit-size-option = "0" / (("1"-"9") [DIGIT])`
    static func digitSize(_ value: MF2Value) -> Int? {
        guard let text = value.text, text.utf8.count <= 2, MF2Characters.isNumberLiteral(text),
              !text.hasPrefix("-"), let size = Int(text) else { return nil }
        return size
    }

    /// The numeric operand: a number value, a number argument, or a string
    /// that is a `number-literal`.
    static func operand(_ call: inout MF2Call) -> (MF2Decimal, inherited: MF2Number?)? {
        switch call.operand?.content {
        case .number(let number)?: return (number.value, number)
        case .numberArgument(let value)?: return (value, nil)
        case .string(let text)?:
            if let value = MF2Decimal(literal: text) { return (value, nil) }
            call.report(.badOperand, "'\(text)' is not a number for :\(call.function)")
        case nil:
            call.report(.badOperand, ":\(call.function) needs an operand")
        default:
            call.report(.badOperand, "the operand of :\(call.function) is not a number")
        }
        return nil
    }

    static func resolve(_ call: inout MF2Call, kind: Kind) -> MF2Value? {
        guard let (operandValue, inherited) = operand(&call) else { return nil }
        var value = operandValue
        var options: [String: String] = [:]
        var selection = MF2Number.Selection.plural
        if let inherited {
            options = inherited.options
            if kind == .integer { integerDiscards.forEach { options.removeValue(forKey: $0) } }
            if kind == .percent { percentDiscards.forEach { options.removeValue(forKey: $0) } }
            if kind != .currency { currencyOptions.forEach { options.removeValue(forKey: $0) } }
            if inherited.options["select"] != nil && kind != .percent {
                call.report(.badOption, "'select' cannot come from the operand of :\(call.function)")
                selection = .unsupported
            }
        }
        for (name, option) in call.options.sorted(by: { $0.key < $1.key }) {
            if digitSizeOptions.contains(name) {
                guard let size = digitSize(option) else {
                    call.report(.badOption, "'\(name)' must be a small non-negative integer")
                    continue
                }
                options[name] = String(size)
            } else if let allowed = keywordOptions[name] {
                guard let text = option.text, allowed.contains(text) else {
                    call.report(.badOption, "'\(option.text ?? "")' is not a value of '\(name)'")
                    continue
                }
                if name == "select" && !option.isLiteral {
                    call.report(.badOption, "'select' must be set with a literal")
                    selection = .unsupported
                    continue
                }
                options[name] = text
            } else if name == "currency", kind == .currency {
                guard let code = option.text, code.utf8.count == 3,
                      code.utf8.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else {
                    call.report(.badOption, "'currency' must be a three-letter currency code")
                    continue
                }
                options[name] = code.uppercased()
            } else if name == "fractionDigits", kind == .currency {
                guard option.text == "auto" || digitSize(option) != nil else {
                    call.report(.badOption, "'fractionDigits' must be auto or a small non-negative integer")
                    continue
                }
                options[name] = option.text
            } else if name == "roundingIncrement" {
                if option.text != "1" {
                    call.report(.unsupportedOperation, "'roundingIncrement' other than 1 is not supported")
                }
            }
            // Other options are ignored, as the spec allows.
        }
        if selection != .unsupported, let select = options["select"] {
            selection = select == "ordinal" ? .ordinal : select == "exact" ? .exact : .plural
        }
        var percent = options["style"] == "percent"
        switch kind {
        case .integer:
            value = value.rounded(fractionDigits: 0)
            for name in integerDiscards { options.removeValue(forKey: name) }
        case .percent:
            percent = true
            options["style"] = "percent"
            options["select"] = nil
            if selection != .unsupported { selection = .plural }
        case .currency:
            guard options["currency"] != nil else {
                call.report(.badOperand, ":currency needs a currency, as its 'currency' option")
                return nil
            }
            selection = .unsupported  // currencies format; they do not select
        case .number: break
        }
        let number = MF2Number(value: value, options: options, selection: selection, percent: percent)
        return MF2Value(content: .number(number), direction: call.direction)
    }

    /// `:offset add=n` / `:offset subtract=n`: exactly one of them.
    static let offset: MF2Function = { call in
        let add = call.options["add"]
        let subtract = call.options["subtract"]
        guard let (value, inherited) = operand(&call) else { return nil }
        guard (add == nil) != (subtract == nil), let amount = digitSize((add ?? subtract)!) else {
            call.report(.badOption, ":offset needs exactly one of add and subtract, a small non-negative integer")
            return nil
        }
        var number = inherited ?? MF2Number(value: value, options: [:], selection: .plural, percent: false)
        number.value = value.adding(add != nil ? amount : -amount)
        if inherited?.options["select"] != nil { number.selection = .unsupported }
        return MF2Value(content: .number(number), direction: call.direction)
    }
}
