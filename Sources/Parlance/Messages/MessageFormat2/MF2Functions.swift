/// The default function set and `:string` (`spec/functions/`).
enum MF2Functions {
    /// The functions every message can call, by identifier.
    static let defaults: [String: MF2Function] = [
        "string": string,
        "number": MF2NumberFunctions.number,
        "integer": MF2NumberFunctions.integer,
        "percent": MF2NumberFunctions.percent,
        "currency": MF2NumberFunctions.currency,
        "offset": MF2NumberFunctions.offset,
        "math": MF2NumberFunctions.offset,  // the name `:offset` had in the LDML 47 preview
        "date": MF2DateFunctions.date,
        "time": MF2DateFunctions.time,
        "datetime": MF2DateFunctions.datetime,
    ]

    /// `:string`: the operand's text, selected by exact (NFC) comparison.
    /// Numbers become their plain decimal text. Its directionality is unknown
    /// (isolated with FSI) unless `u:dir` says otherwise.
    static let string: MF2Function = { call in
        switch call.operand?.content {
        case .string(let text)?: return MF2Value(content: .string(text))
        case .numberArgument(let number)?: return MF2Value(content: .string(number.plainText()))
        case .number(let number)?: return MF2Value(content: .string(number.value.plainText()))
        case .fallback?:
            break  // already reported where it failed
        case nil:
            call.report(.badOperand, ":string needs an operand")
        default:
            call.report(.badOperand, "the operand of :string is not a string")
        }
        return nil
    }
}
