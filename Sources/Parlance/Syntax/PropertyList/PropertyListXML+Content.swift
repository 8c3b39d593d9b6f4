/// Character content of XML plist elements: text with entities and CDATA,
/// numbers, base64 data, and the declared encoding.
extension PropertyListXML {
    /// The text content of `tag` through its end tag; "" for `<tag/>`.
    /// Comments inside the content are skipped; other elements are errors.
    /// Line ends are kept as written, as CoreFoundation does.
    mutating func parseText(_ tag: Tag) throws(ParlanceError) -> String {
        var result = String.UnicodeScalarView()
        guard !tag.selfClosing else { return String(result) }
        while position < text.count {
            let scalar = text[position]
            if scalar == "&" {
                result.append(try parseReference())
            } else if scalar != "<" {
                result.append(scalar)
                position += 1
            } else if looksAt("<![CDATA[") {
                let start = position
                position += 9
                while position < text.count, !looksAt("]]>") {
                    result.append(text[position])
                    position += 1
                }
                guard position < text.count else { throw error("unterminated CDATA section", at: start) }
                position += 3
            } else if looksAt("<!--") {
                try skipComment()
            } else if looksAt("</") {
                try parseEndTag(tag.name)
                return String(result)
            } else {
                throw error("unexpected element inside <\(tag.name)>", at: position)
            }
        }
        throw error("missing </\(tag.name)>", at: tag.start)
    }

    /// `&lt; &gt; &amp; &quot; &apos; &#NN; &#xHH;` at `position`.
    mutating func parseReference() throws(ParlanceError) -> Unicode.Scalar {
        let start = position
        position += 1
        var name = ""
        while position < text.count, text[position] != ";", name.unicodeScalars.count < 12 {
            name.unicodeScalars.append(text[position])
            position += 1
        }
        guard position < text.count, text[position] == ";" else {
            throw error("malformed entity reference", at: start)
        }
        position += 1
        if let scalar = XMLReference.scalar(named: Substring(name)) { return scalar }
        guard name.first == "#" else { throw error("unknown entity &\(name);", at: start) }
        throw error("invalid character reference &\(name);", at: start)
    }

    /// Decimal (optionally signed) or `0x` hexadecimal, within Int64.
    func parseInteger(_ content: String, at start: Int) throws(ParlanceError) -> Int64 {
        var digits = Substring(Self.trimmed(content))
        var negative = false
        if digits.first == "-" || digits.first == "+" {
            negative = digits.first == "-"
            digits = digits.dropFirst()
        }
        var radix = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") { radix = 16; digits = digits.dropFirst(2) }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isHexDigit }),
              let magnitude = UInt64(digits, radix: radix) else {
            throw error("malformed <integer> \"\(content)\"", at: start)
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { throw error("<integer> out of range", at: start) }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { throw error("<integer> out of range", at: start) }
        return Int64(magnitude)
    }

    func parseReal(_ content: String, at start: Int) throws(ParlanceError) -> Double {
        let trimmed = Self.trimmed(content)
        switch trimmed.lowercased() {
        case "nan": return .nan
        case "inf", "infinity", "+inf", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: break
        }
        guard let value = Double(trimmed), trimmed.allSatisfy({ $0.isASCII }) else {
            throw error("malformed <real> \"\(content)\"", at: start)
        }
        return value
    }

    /// Base64 with white space anywhere and `=` padding at the end.
    func decodeBase64(_ content: String, at start: Int) throws(ParlanceError) -> [UInt8] {
        var bytes: [UInt8] = []
        var accumulator: UInt32 = 0
        var bits = 0
        var padded = false
        for scalar in content.unicodeScalars {
            let value: UInt32
            switch scalar {
            case "A"..."Z": value = scalar.value - 65
            case "a"..."z": value = scalar.value - 97 + 26
            case "0"..."9": value = scalar.value - 48 + 52
            case "+": value = 62
            case "/": value = 63
            case "=": padded = true; continue
            case " ", "\t", "\n", "\r": continue
            default: throw error("invalid base64 character in <data>", at: start)
            }
            guard !padded else { throw error("base64 data continues after '=' padding", at: start) }
            accumulator = accumulator << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        return bytes
    }

    /// Only Unicode encodings are read; the bytes were decoded by BOM sniffing.
    func checkDeclaredEncoding(_ declaration: String, at start: Int) throws(ParlanceError) {
        guard let range = declaration.firstOccurrence(of: "encoding") else { return }
        var rest = declaration[range.upperBound...].drop(while: { $0 == " " || $0 == "=" || $0 == "\t" })
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return }
        rest = rest.dropFirst()
        let name = rest.prefix(while: { $0 != quote }).uppercased()
        let supported = ["UTF-8", "UTF8", "UTF-16", "UTF-16LE", "UTF-16BE", "UTF-32", "UTF-32LE", "UTF-32BE", "US-ASCII", "ASCII"]
        guard supported.contains(name) else {
            let (line, column) = locator.location(of: start)
            throw ParlanceError(.encoding, "unsupported encoding \"\(name)\" (only UTF-8, UTF-16 and UTF-32 are read)",
                                path: path, line: line, column: column)
        }
    }

    static func trimmed(_ s: String) -> String {
        let scalars = s.unicodeScalars
        guard let first = scalars.firstIndex(where: { !PropertyListSniffing.isXMLSpace($0) }),
              let last = scalars.lastIndex(where: { !PropertyListSniffing.isXMLSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
