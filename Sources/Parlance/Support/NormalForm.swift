internal import CParlanceShim

/// Keys are compared in Unicode Normalization Form C: a table's keys are put
/// in NFC when it is read (`TableSource`, the quick gettext readers), and a
/// lookup that misses with a key (or context) not in NFC is tried once more
/// with its NFC, so a decomposed "é" finds a composed one either way. ASCII,
/// and text in NFC already, cost a scan and nothing else; hits never pay.
/// A `.mo` served in place keeps its file's keys as they are.
enum NormalForm {
    /// Whether `bytes` are not in NFC (ASCII is checked eight bytes a step).
    @inline(__always)
    static func needsNFC(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress, bytes.count > 0, !isASCII(bytes) else { return false }
        // Text below U+0300 (lead bytes up to 0xCB: Latin-1 and the Latin
        // Extended blocks) is always in NFC: its characters neither decompose
        // nor compose with each other. Only the rest asks ICU.
        if !bytes.contains(where: { $0 >= 0xCC }) { return false }
        return parlance_icu_is_nfc(base.assumingMemoryBound(to: CChar.self), Int32(clamping: bytes.count)) == 0
    }

    @inline(__always)
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.isEmpty || parlance_shim_is_ascii(bytes.baseAddress, bytes.count) != 0
    }

    /// The NFC of `bytes`; nil when they are in NFC already (or cannot be normalized).
    static func normalized(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard needsNFC(bytes), let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) else { return nil }
        let count = Int32(clamping: bytes.count)
        let length = parlance_icu_nfc(base, count, nil, 0)
        guard length >= 0 else { return nil }
        var out = [UInt8](repeating: 0, count: Int(length))
        let written = out.withUnsafeMutableBufferPointer { buffer in
            parlance_icu_nfc(base, count, UnsafeMutableRawPointer(buffer.baseAddress)?.assumingMemoryBound(to: CChar.self),
                             length)
        }
        return written == length ? out : nil
    }

    /// `text` in NFC.
    static func nfc(_ text: String) -> String {
        var text = text
        let normal = text.withUTF8 { normalized(UnsafeRawBufferPointer($0)) }
        return normal.map { String(decoding: $0, as: UTF8.self) } ?? text
    }

    /// Runs `body` with the key and context in NFC, when either is not; nil
    /// (without running it) when both are in NFC already: the retry of a miss.
    @inline(__always)
    static func retry<R>(_ key: UnsafeRawBufferPointer, _ context: UnsafeRawBufferPointer?,
                         _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer?) -> R) -> R? {
        if isASCII(key) && (context.map(isASCII) ?? true) { return nil }   // the usual miss: nothing to normalize
        return retryNormalized(key, context, body)
    }

    @inline(never)
    private static func retryNormalized<R>(_ key: UnsafeRawBufferPointer, _ context: UnsafeRawBufferPointer?,
                                           _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer?) -> R) -> R? {
        let normalKey = normalized(key)
        let normalContext = context.flatMap(normalized)
        guard normalKey != nil || normalContext != nil else { return nil }
        return withBytes(normalKey, or: key) { key in
            guard let context else { return body(key, nil) }
            return withBytes(normalContext, or: context) { body(key, $0) }
        }
    }

    private static func withBytes<R>(_ normal: [UInt8]?, or original: UnsafeRawBufferPointer,
                                     _ body: (UnsafeRawBufferPointer) -> R) -> R {
        guard let normal else { return body(original) }
        return normal.withUnsafeBytes(body)
    }
}
