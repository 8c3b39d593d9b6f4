internal import CParlanceShim

/// Messages in ICU MessageFormat syntax, formatted by ICU's own
/// `icu::MessageFormat` (behind the shim, which caches parsed patterns).
///
/// Arguments are named (`{name}`) or numbered (`{0}`: the value named
/// "0"). Values map to ICU's `Formattable`: `.int` an int64, `.double` a
/// double, `.decimal` ICU's decimal number (every digit kept), `.string` a
/// string, `.date` a date. With isolation on, string values are wrapped in
/// isolates before ICU sees them; numbers and dates are formatted inside
/// the message by ICU and are not isolated.
package enum ICUMessageFormat {
    /// One argument of a pattern, as ICU parses it.
    package struct Argument: Equatable, Sendable {
        package var name: String
        /// `none`, `plural`, `selectordinal`, `select`, `choice`, or the simple type (`number`, `date`, `time`, `spellout`…).
        package var kind: String
        /// Plural and select keys as written (`=0`, `one`, `other`, `male`).
        package var selectors: [String]
    }

    /// The formatted message, or a `.format` error naming where ICU stopped.
    /// `pattern` is read in place (a table's text, valid while its table is).
    static func format(_ pattern: CText, values: [(name: String, value: FormatArgument)], style: ArgumentStyle)
        -> Result<String, ParlanceError> {
        // Names and texts, NUL-terminated, in one buffer the shim reads during the call.
        var storage: [UInt8] = []
        storage.reserveCapacity(values.reduce(0) { $0 + $1.name.utf8.count + 16 })
        var offsets: [(name: Int, text: Int, length: Int)] = []
        offsets.reserveCapacity(values.count)
        func append(_ text: String) -> Int {
            let start = storage.count
            var text = text
            text.withUTF8 { storage.append(contentsOf: $0) }
            storage.append(0)
            return start
        }
        for entry in values {
            let name = append(entry.name)
            switch entry.value {
            case .string(let text):
                let isolated = style.isolated(text)
                offsets.append((name, append(isolated), isolated.utf8.count))
            case .decimal(let text):
                offsets.append((name, append(text), text.utf8.count))
            default:
                offsets.append((name, -1, 0))
            }
        }
        var failure: parlance_shim_message_error = .init(offset: -1, name: nil)
        let result: String? = storage.withUnsafeBytes { buffer in
            let base = buffer.baseAddress!.assumingMemoryBound(to: CChar.self)
            var names: [UnsafePointer<CChar>?] = []
            var shimValues: [parlance_shim_value] = []
            names.reserveCapacity(values.count)
            shimValues.reserveCapacity(values.count)
            for (entry, offset) in zip(values, offsets) {
                var value = parlance_shim_value()
                switch entry.value {
                case .int(let n): value.type = Int32(PARLANCE_SHIM_VALUE_INT); value.i = n
                case .double(let d): value.type = Int32(PARLANCE_SHIM_VALUE_DOUBLE); value.d = d
                case .string: value.type = Int32(PARLANCE_SHIM_VALUE_STRING)
                case .decimal: value.type = Int32(PARLANCE_SHIM_VALUE_DECIMAL)
                case .date(let ms): value.type = Int32(PARLANCE_SHIM_VALUE_DATE); value.d = ms
                }
                if offset.text >= 0 {
                    value.s = base + offset.text
                    value.length = Int32(offset.length)
                }
                shimValues.append(value)
                names.append(base + offset.name)
            }
            return ICUText.owned { length in
                parlance_icu_message_format(style.locale, pattern.pointer, Int32(pattern.count), names,
                                            shimValues, Int32(values.count), length, &failure)
            }
        }
        if let result { return .success(result) }
        return .failure(error(failure, pattern: pattern.string))
    }

    /// The arguments of a pattern, or a located `.format` error when ICU cannot parse it.
    package static func arguments(_ pattern: String) -> Result<[Argument], ParlanceError> {
        var failure: parlance_shim_message_error = .init(offset: -1, name: nil)
        var copy = pattern
        let listing = copy.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                ICUText.owned { parlance_icu_message_arguments(chars.baseAddress, Int32(chars.count), $0, &failure) }
            }
        }
        guard let listing else { return .failure(error(failure, pattern: pattern)) }
        return .success(listing.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return Argument(name: String(fields[0]), kind: fields.count > 1 ? String(fields[1]) : "none",
                            selectors: fields.count > 2 ? fields[2].split(separator: ",").map(String.init) : [])
        })
    }

    /// ICU's failure as a message with the line and column in the message
    /// where ICU stopped (ICU counts UTF-16 units; columns count characters).
    private static func error(_ failure: parlance_shim_message_error, pattern: String) -> ParlanceError {
        let name = failure.name.map { String(cString: $0) } ?? "U_INTERNAL_PROGRAM_ERROR"
        guard failure.offset >= 0 else { return ParlanceError(.format, "ICU cannot format the message (\(name))") }
        var line = 1
        var column = 1
        var units = 0
        for scalar in pattern.unicodeScalars {
            if units >= Int(failure.offset) { break }
            units += scalar.utf16.count
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return ParlanceError(.format, "\(line):\(column): not valid ICU MessageFormat (\(name))")
    }
}
