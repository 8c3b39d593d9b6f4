internal import CParlanceShim

/// The charset a gettext header declares, and conversion from it to UTF-8
/// through ICU.
enum GettextCharset {
    /// The charset named in a header text: what follows the first `charset=`
    /// up to a space, tab or newline (as `po_lex_charset_set` and libintl
    /// read it); nil when there is none.
    static func declared(in header: some Sequence<UInt8>) -> String? {
        let text = Array(header)
        guard let found = text.firstOccurrence(of: "charset=") else { return nil }
        var end = found.upperBound
        while end < text.count, text[end] != 0x20, text[end] != 0x09, text[end] != 0x0A, text[end] != 0 { end += 1 }
        return String(decoding: text[found.upperBound..<end], as: UTF8.self)
    }

    /// Whether text in `charset` needs no conversion: UTF-8 under any of its
    /// spellings, or the `CHARSET` placeholder of `.pot` templates (which
    /// `msgfmt` also leaves alone).
    static func isUTF8(_ charset: String) -> Bool {
        if charset == "CHARSET" || charset.isEmpty { return true }
        let folded = charset.lowercased().filter { $0 != "-" && $0 != "_" }
        return folded == "utf8"
    }

    /// Whether ICU knows `charset`.
    static func isKnown(_ charset: String) -> Bool {
        if isUTF8(charset) { return true }
        let empty: [CChar] = [0]  // ICU refuses a NULL source even when it is empty
        return parlance_icu_convert_to_utf8(charset, empty, 0, nil, 0) >= 0
    }

    /// `bytes` in `charset`, converted to UTF-8. Throws `.encoding` for an
    /// unknown charset or bytes invalid in it.
    static func convert(_ bytes: ArraySlice<UInt8>, from charset: String, path: String?,
                        line: Int = 0, column: Int = 0) throws(ParlanceError) -> [UInt8] {
        if isUTF8(charset) || bytes.isEmpty { return Array(bytes) }
        let measured = bytes.withUnsafeBufferPointer { input in
            input.withMemoryRebound(to: CChar.self) {
                parlance_icu_convert_to_utf8(charset, $0.baseAddress, Int64($0.count), nil, 0)
            }
        }
        guard measured >= 0 else { throw failure(measured, charset, path, line, column) }
        var output = [UInt8](repeating: 0, count: Int(measured))
        let written = bytes.withUnsafeBufferPointer { input in
            input.withMemoryRebound(to: CChar.self) { inChars in
                output.withUnsafeMutableBufferPointer { out in
                    out.withMemoryRebound(to: CChar.self) {
                        parlance_icu_convert_to_utf8(charset, inChars.baseAddress, Int64(inChars.count),
                                                     $0.baseAddress, Int64($0.count))
                    }
                }
            }
        }
        guard written >= 0 else { throw failure(written, charset, path, line, column) }
        if Int(written) < output.count { output.removeSubrange(Int(written)...) }
        return output
    }

    private static func failure(_ status: Int64, _ charset: String, _ path: String?, _ line: Int, _ column: Int) -> ParlanceError {
        let message = status == -1 ? "unknown charset \"\(charset)\" in the header's Content-Type"
                                   : "text that is not valid \(charset)"
        return ParlanceError(.encoding, message, path: path, line: line, column: column)
    }

    /// UTF-8 bytes as a String; `.encoding` error when they are malformed.
    static func string(_ bytes: ArraySlice<UInt8>, path: String?, line: Int = 0, column: Int = 0,
                       what: @autoclosure () -> String) throws(ParlanceError) -> String {
        let text = bytes.withUnsafeBufferPointer { buffer -> String? in
            TextDecoding.firstInvalidUTF8(buffer) == nil ? String(decoding: buffer, as: UTF8.self) : nil
        }
        guard let text else {
            throw ParlanceError(.encoding, "\(what()) is not valid UTF-8", path: path, line: line, column: column)
        }
        return text
    }
}
