internal import CParlanceShim

/// Messages in ICU MessageFormat syntax, formatted by ICU's own
/// `icu::MessageFormat` (behind the shim, which caches parsed patterns).
///
/// Arguments are named (`{name}`) or numbered (`{0}`: the value named
/// "0"). Values map to ICU's `Formattable`: `.int` an int64, `.double` a
/// double, `.decimal` ICU's decimal number (every digit kept), `.string` a
/// string, `.date` a date. ICU sees every value as the caller gave it, so
/// `select` and `plural` choose by the value itself; with isolation on, the
/// message's simple placeholders (`{name}`, `{n, number}`, `{d, date}`…)
/// are wrapped in FSI…PDI in the pattern (`isolatingPlaceholders`), so that
/// their formatted text is isolated. (`directional` isolation takes FSI
/// here too: the formatted text is ICU's, its direction unknown before.)
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
    static func format(_ pattern: CText, values given: [(name: String, value: FormatArgument)], style: ArgumentStyle)
        -> Result<String, ParlanceError> {
        // ICU has no boolean or list: `select` reads a boolean as text, as JavaScript's MessageFormat does.
        let values = given.map { (name: $0.name, value: $0.value.asText(locale: style.locale)) }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pattern.pointer).assumingMemoryBound(to: UInt8.self),
                                        count: pattern.count)
        if let error = nestingError(bytes) { return .failure(error) }
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
                offsets.append((name, append(text), text.utf8.count))
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
                case .bool, .list: preconditionFailure("booleans and lists are text here")
                }
                if offset.text >= 0 {
                    value.s = base + offset.text
                    value.length = Int32(offset.length)
                }
                shimValues.append(value)
                names.append(base + offset.name)
            }
            func format(_ pattern: UnsafePointer<CChar>, _ count: Int) -> String? {
                ICUText.owned { length in
                    parlance_icu_message_format(style.locale, pattern, Int32(count), names, shimValues, Int32(values.count),
                                                length, &failure)
                }
            }
            guard style.isolate != .none, let isolated = isolatingPlaceholders(pattern) else {
                return format(pattern.pointer, pattern.count)
            }
            // An error is reported against the message as written.
            return isolated.withUnsafeBufferPointer { format(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self),
                                                             $0.count - 1) } ?? format(pattern.pointer, pattern.count)
        }
        if let result { return .success(result) }
        return .failure(error(failure, pattern: pattern.string))
    }

    /// How deep a message may nest arguments inside sub-messages (a
    /// `plural` arm holding a `select` holding…): ICU parses and formats
    /// nesting recursively, so a deeper message is refused with a located
    /// error before ICU sees it. Real messages nest three or four deep.
    package static let maximumNesting = 64

    /// What one pass over a pattern finds: each simple placeholder — an
    /// argument without sub-messages: `{name}`, `{n, number, …}`, `{d,
    /// date, …}` — as a byte range, and where the nesting first goes past
    /// `maximumNesting` (nil when it does not). An explicit stack, no
    /// recursion, however deep the message nests; ICU's apostrophe rule:
    /// `''` is an apostrophe, `'` before `{`, `}` (or `#` and `|` in a
    /// sub-message) quotes up to the next lone `'`, any other `'` is itself.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (simple: [(start: Int, end: Int)], tooDeep: Int?) {
        let brace = UInt8(ascii: "{"), close = UInt8(ascii: "}"), quote = UInt8(ascii: "'")
        // true: message text (the top level or a sub-message); false: inside an argument.
        var inText: [Bool] = [true]
        // Where each open argument starts, and whether it holds sub-messages.
        var arguments: [(start: Int, complex: Bool)] = []
        var simple: [(start: Int, end: Int)] = []
        var at = 0
        while at < bytes.count {
            let byte = bytes[at]
            if inText.last! {
                if byte == quote, at + 1 < bytes.count {
                    let next = bytes[at + 1]
                    if next == quote { at += 2; continue }
                    let special = next == brace || next == close
                        || (inText.count > 1 && (next == UInt8(ascii: "#") || next == UInt8(ascii: "|")))
                    if special {
                        at += 1
                        while at < bytes.count {
                            if bytes[at] == quote {
                                if at + 1 < bytes.count, bytes[at + 1] == quote { at += 2; continue }
                                break
                            }
                            at += 1
                        }
                    }
                } else if byte == brace {
                    if arguments.count >= maximumNesting { return (simple, at) }
                    arguments.append((at, false))
                    inText.append(false)
                } else if byte == close, inText.count > 1 {
                    inText.removeLast()   // a sub-message ends: back inside its argument
                }
            } else if byte == brace {
                if !arguments.isEmpty { arguments[arguments.count - 1].complex = true }
                inText.append(true)   // a sub-message of a plural, select or choice
            } else if byte == close {
                inText.removeLast()
                if let argument = arguments.popLast(), !argument.complex { simple.append((argument.start, at + 1)) }
            }
            at += 1
        }
        return (simple, nil)
    }

    /// A `.format` error when the pattern nests deeper than `maximumNesting`, located where it does.
    static func nestingError(_ pattern: UnsafeBufferPointer<UInt8>) -> ParlanceError? {
        guard let at = scan(pattern).tooDeep else { return nil }
        var locator = UTF8Locator(start: 0)
        let (line, column) = locator.advance(to: at, in: pattern)
        return ParlanceError(.format, "\(line):\(column): arguments nest deeper than \(maximumNesting) levels")
    }

    /// The pattern with each simple placeholder wrapped in FSI (U+2068) …
    /// PDI (U+2069), NUL-terminated; nil when it has none.
    static func isolatingPlaceholders(_ pattern: CText) -> [UInt8]? {
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pattern.pointer).assumingMemoryBound(to: UInt8.self),
                                        count: pattern.count)
        var simple = scan(bytes).simple
        guard !simple.isEmpty else { return nil }
        simple.sort { $0.start < $1.start }
        let fsi: [UInt8] = [0xE2, 0x81, 0xA8], pdi: [UInt8] = [0xE2, 0x81, 0xA9]
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + simple.count * 6 + 1)
        var copied = 0
        for span in simple {
            out.append(contentsOf: bytes[copied..<span.start])
            out += fsi
            out.append(contentsOf: bytes[span.start..<span.end])
            out += pdi
            copied = span.end
        }
        out.append(contentsOf: bytes[copied...])
        out.append(0)
        return out
    }

    /// The arguments of a pattern, or a located `.format` error when ICU cannot parse it.
    package static func arguments(_ pattern: String) -> Result<[Argument], ParlanceError> {
        var failure: parlance_shim_message_error = .init(offset: -1, name: nil)
        var copy = pattern
        if let error = copy.withUTF8({ nestingError($0) }) { return .failure(error) }
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
