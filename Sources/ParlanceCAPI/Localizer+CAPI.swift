// parlance_localizer_* : the localizer handle is a retained Swift Localizer,
// which keeps its catalog alive.
import CParlanceAPI
import Parlance
import Glibc

func localizer(_ handle: OpaquePointer?) throws(ParlanceError) -> Localizer {
    guard let handle else { throw invalid("localizer is NULL") }
    return Unmanaged<Localizer>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
}

@_cdecl("parlance_localizer_create")
public func parlance_localizer_create(_ out: UnsafeMutablePointer<OpaquePointer?>?, _ catalogHandle: OpaquePointer?,
                                      _ locales: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int,
                                      _ development: UnsafePointer<CChar>?) -> Int32 {
    parlance_localizer_create_for_table(out, catalogHandle, locales, count, development, nil)
}

@_cdecl("parlance_localizer_create_for_table")
public func parlance_localizer_create_for_table(_ out: UnsafeMutablePointer<OpaquePointer?>?, _ catalogHandle: OpaquePointer?,
                                                _ locales: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int,
                                                _ development: UnsafePointer<CChar>?,
                                                _ table: UnsafePointer<CChar>?) -> Int32 {
    status { () throws(ParlanceError) in
        guard let out else { throw invalid("out is NULL") }
        try checkLocaleList(locales, count)
        let catalog = try catalog(catalogHandle)
        let tableName = optionalString(table)
        let made = try Localizer.withDevelopment(development) { bytes in
            Result { () throws(ParlanceError) in
                try Localizer(catalog: catalog, probe: ChainProbe(locales, count: count, development: bytes), table: tableName)
            }
        }.get()
        out.pointee = OpaquePointer(Unmanaged.passRetained(made).toOpaque())
    }
}

@_cdecl("parlance_localizer_free")
public func parlance_localizer_free(_ handle: OpaquePointer?) {
    guard let handle else { return }
    let localizer = Unmanaged<Localizer>.fromOpaque(UnsafeRawPointer(handle))
    localizer.takeUnretainedValue().detach()
    localizer.release()
}

@_cdecl("parlance_localizer_set_locales")
public func parlance_localizer_set_locales(_ handle: OpaquePointer?, _ locales: UnsafePointer<UnsafePointer<CChar>?>?,
                                           _ count: Int) -> Int32 {
    status { () throws(ParlanceError) in
        let localizer = try localizer(handle)
        try checkLocaleList(locales, count)
        try localizer.request.withDevelopmentBytes { bytes in
            Result { () throws(ParlanceError) in
                try localizer.setLocales(ChainProbe(locales, count: count, development: bytes))
            }
        }.get()
    }
}

@_cdecl("parlance_localizer_locales")
public func parlance_localizer_locales(_ handle: OpaquePointer?, _ count: UnsafeMutablePointer<Int>?)
    -> UnsafePointer<UnsafePointer<CChar>?>? {
    guard let localizer = try? localizer(handle) else {
        count?.pointee = 0
        return nil
    }
    let (list, length) = localizer.chainList
    count?.pointee = length
    return list
}

@_cdecl("parlance_localizer_text")
public func parlance_localizer_text(_ handle: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                    _ context: UnsafePointer<CChar>?, _ table: UnsafePointer<CChar>?) -> UnsafePointer<CChar>? {
    guard let key, handle != nil else { return nil }
    return Localizer.answer(parlance_localizer_lookup(handle, key, context, table), key: key)
}

@_cdecl("parlance_localizer_text_served")
public func parlance_localizer_text_served(_ handle: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                           _ context: UnsafePointer<CChar>?, _ table: UnsafePointer<CChar>?,
                                           _ locale: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> UnsafePointer<CChar>? {
    locale?.pointee = nil
    guard let key, let handle else { return nil }
    return Unmanaged<Localizer>.fromOpaque(UnsafeRawPointer(handle))._withUnsafeGuaranteedRef { localizer in
        let served = localizer.servedText(key: bytes(key), context: context.map(bytes), table: table.map(bytes))
        if let name = served.locale { locale?.pointee = localizer.catalog.names.intern(name).pointer }
        return Localizer.answer(served.text, key: key)
    }
}

@_cdecl("parlance_localizer_lookup")
public func parlance_localizer_lookup(_ handle: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                      _ context: UnsafePointer<CChar>?, _ table: UnsafePointer<CChar>?) -> UnsafePointer<CChar>? {
    guard let key, let handle else { return nil }
    return Unmanaged<Localizer>.fromOpaque(UnsafeRawPointer(handle))._withUnsafeGuaranteedRef {
        $0.lookupText(key: bytes(key), context: context.map(bytes), table: table.map(bytes))
    }
}

@_cdecl("parlance_localizer_plural")
public func parlance_localizer_plural(_ handle: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                      _ count: UnsafePointer<parlance_arg>?, _ context: UnsafePointer<CChar>?,
                                      _ table: UnsafePointer<CChar>?) -> UnsafePointer<CChar>? {
    guard let handle, let key, let count, count.pointee.type == PARLANCE_ARG_INT.rawValue else {
        // NULLs, doubles and decimal strings: checked and converted on the general path.
        return parlance_localizer_plural_source(handle, key, nil, count, context, table)
    }
    return Localizer.answer(Unmanaged<Localizer>.fromOpaque(UnsafeRawPointer(handle))._withUnsafeGuaranteedRef {
        $0.lookupPlural(key: bytes(key), context: context.map(bytes), table: table.map(bytes),
                        count: .int(count.pointee.value.i))
    }, key: key)
}

@_cdecl("parlance_localizer_plural_source")
public func parlance_localizer_plural_source(_ handle: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                             _ plural: UnsafePointer<CChar>?, _ count: UnsafePointer<parlance_arg>?,
                                             _ context: UnsafePointer<CChar>?,
                                             _ table: UnsafePointer<CChar>?) -> UnsafePointer<CChar>? {
    var result: UnsafePointer<CChar>? = nil
    _ = status { () throws(ParlanceError) in
        result = try checkedPlural(handle, key, plural, count, context, table).answer
    }
    return result
}

/// The plural lookup of the functions that take any count: the localizer,
/// key and count checked, then the variant `found`, and the `answer` served
/// for it — on a miss the key, or with `plural` the source text
/// (`Localizer.usesSourcePlural`).
private func checkedPlural(_ handle: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ plural: UnsafePointer<CChar>?,
                           _ count: UnsafePointer<parlance_arg>?, _ context: UnsafePointer<CChar>?,
                           _ table: UnsafePointer<CChar>?) throws(ParlanceError)
    -> (found: UnsafePointer<CChar>?, answer: UnsafePointer<CChar>) {
    let localizer = try localizer(handle)
    guard let key else { throw invalid("key is NULL") }
    let operand = try pluralOperand(count)
    let found = localizer.lookupPlural(key: bytes(key), context: context.map(bytes), table: table.map(bytes), count: operand)
    guard found == nil, let plural, localizer.usesSourcePlural(true, count: operand) else {
        return (found, Localizer.answer(found, key: key))
    }
    return (nil, plural)
}

/// The plural copy functions: the lookup and the copy in one read section;
/// a miss is -1 and an empty buffer, or with `source` its answer copied.
private func copyPlural(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int,
                        _ key: UnsafePointer<CChar>?, _ plural: UnsafePointer<CChar>?, _ count: UnsafePointer<parlance_arg>?,
                        _ context: UnsafePointer<CChar>?, _ table: UnsafePointer<CChar>?, source: Bool) -> Int {
    var result = -2
    ReadSection.enter()   // the section spans the lookup and the copy
    defer { ReadSection.exit() }
    let code = status { () throws(ParlanceError) in
        let looked = try checkedPlural(handle, key, plural, count, context, table)
        let text: UnsafePointer<CChar>? = source ? looked.answer : looked.found
        guard let text else {
            result = -1
            return
        }
        result = copyOut(text, buffer, size)
    }
    if code != 0 || result == -1, let buffer, size > 0 { buffer[0] = 0 }
    return result
}

/// Copies text into a caller's buffer as snprintf does, cut at a character
/// boundary so that the copy is valid UTF-8; returns the full length.
private func copyOut(_ text: UnsafePointer<CChar>, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
    let length = strlen(text)
    guard let buffer, size > 0 else { return length }
    var count = min(length, size - 1)
    if count < length {
        // Back off continuation bytes (10xxxxxx) of a cut character.
        while count > 0, UInt8(bitPattern: text[count]) & 0xC0 == 0x80 { count -= 1 }
    }
    memcpy(buffer, text, count)
    buffer[count] = 0
    return length
}

@_cdecl("parlance_localizer_copy")
public func parlance_localizer_copy(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int,
                                    _ key: UnsafePointer<CChar>?, _ context: UnsafePointer<CChar>?,
                                    _ table: UnsafePointer<CChar>?) -> Int {
    guard let key, let handle else {
        _ = fail(invalid(key == nil ? "key is NULL" : "localizer is NULL"))
        if let buffer, size > 0 { buffer[0] = 0 }
        return -2
    }
    // The section spans the lookup and the copy.
    ReadSection.enter()
    defer { ReadSection.exit() }
    let found = Unmanaged<Localizer>.fromOpaque(UnsafeRawPointer(handle))._withUnsafeGuaranteedRef {
        $0.lookupText(key: bytes(key), context: context.map(bytes), table: table.map(bytes))
    }
    guard let found else {
        if let buffer, size > 0 { buffer[0] = 0 }
        return -1
    }
    return copyOut(found, buffer, size)
}

@_cdecl("parlance_localizer_plural_copy")
public func parlance_localizer_plural_copy(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int,
                                           _ key: UnsafePointer<CChar>?, _ count: UnsafePointer<parlance_arg>?,
                                           _ context: UnsafePointer<CChar>?, _ table: UnsafePointer<CChar>?) -> Int {
    copyPlural(handle, buffer, size, key, nil, count, context, table, source: false)
}

@_cdecl("parlance_localizer_plural_source_copy")
public func parlance_localizer_plural_source_copy(_ handle: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int,
                                                  _ key: UnsafePointer<CChar>?, _ plural: UnsafePointer<CChar>?,
                                                  _ count: UnsafePointer<parlance_arg>?, _ context: UnsafePointer<CChar>?,
                                                  _ table: UnsafePointer<CChar>?) -> Int {
    copyPlural(handle, buffer, size, key, plural, count, context, table, source: true)
}

@_cdecl("parlance_read_begin")
public func parlance_read_begin() {
    ReadSection.enter()
}

@_cdecl("parlance_read_end")
public func parlance_read_end() {
    ReadSection.exit()
}

@_cdecl("parlance_localizer_format")
public func parlance_localizer_format(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                      _ key: UnsafePointer<CChar>?, _ context: UnsafePointer<CChar>?,
                                      _ table: UnsafePointer<CChar>?, _ args: UnsafePointer<parlance_arg>?,
                                      _ count: Int) -> Int32 {
    parlance_localizer_format_with(handle, out, key, context, table, args, count, nil)
}

@_cdecl("parlance_localizer_format_named")
public func parlance_localizer_format_named(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                            _ key: UnsafePointer<CChar>?, _ context: UnsafePointer<CChar>?,
                                            _ table: UnsafePointer<CChar>?, _ args: UnsafePointer<parlance_named_arg>?,
                                            _ count: Int) -> Int32 {
    parlance_localizer_format_named_with(handle, out, key, context, table, args, count, nil)
}

@_cdecl("parlance_localizer_format_with")
public func parlance_localizer_format_with(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                           _ key: UnsafePointer<CChar>?, _ context: UnsafePointer<CChar>?,
                                           _ table: UnsafePointer<CChar>?, _ args: UnsafePointer<parlance_arg>?,
                                           _ count: Int, _ options: UnsafePointer<parlance_format_options>?) -> Int32 {
    parlance_localizer_format_plural(handle, out, key, nil, context, table, args, count, options)
}

@_cdecl("parlance_localizer_format_plural")
public func parlance_localizer_format_plural(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                             _ key: UnsafePointer<CChar>?, _ plural: UnsafePointer<CChar>?,
                                             _ context: UnsafePointer<CChar>?, _ table: UnsafePointer<CChar>?,
                                             _ args: UnsafePointer<parlance_arg>?, _ count: Int,
                                             _ options: UnsafePointer<parlance_format_options>?) -> Int32 {
    formatted(out) { () throws(ParlanceError) in
        try localizer(handle).format(try string(key, "key"), try formatArguments(args, count), plural: optionalString(plural),
                                     context: optionalString(context), table: optionalString(table),
                                     options: try formatOptions(options))
    }
}

@_cdecl("parlance_localizer_format_named_with")
public func parlance_localizer_format_named_with(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                                 _ key: UnsafePointer<CChar>?, _ context: UnsafePointer<CChar>?,
                                                 _ table: UnsafePointer<CChar>?, _ args: UnsafePointer<parlance_named_arg>?,
                                                 _ count: Int, _ options: UnsafePointer<parlance_format_options>?) -> Int32 {
    formatted(out) { () throws(ParlanceError) in
        try localizer(handle).format(try string(key, "key"), named: try namedArguments(args, count),
                                     context: optionalString(context), table: optionalString(table),
                                     options: try formatOptions(options))
    }
}

@_cdecl("parlance_localizer_set_device")
public func parlance_localizer_set_device(_ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?) -> Int32 {
    status { () throws(ParlanceError) in
        let target = try localizer(handle)
        guard let name else {
            target.device = nil
            return
        }
        target.device = try Device.named(try string(name, "device"))
    }
}

@_cdecl("parlance_localizer_device")
public func parlance_localizer_device(_ handle: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let target = try? localizer(handle), let device = target.device else { return nil }
    return UnsafeRawPointer(device.spelling.utf8Start).assumingMemoryBound(to: CChar.self)
}

@_cdecl("parlance_localizer_set_format_options")
public func parlance_localizer_set_format_options(_ handle: OpaquePointer?,
                                                  _ options: UnsafePointer<parlance_format_options>?) -> Int32 {
    status { () throws(ParlanceError) in
        let target = try localizer(handle)
        guard let options else { throw invalid("options is NULL") }
        target.formatOptions = try formatOptions(options) ?? FormatOptions()
    }
}

@_cdecl("parlance_localizer_format_options")
public func parlance_localizer_format_options(_ handle: OpaquePointer?,
                                              _ options: UnsafeMutablePointer<parlance_format_options>?) -> Int32 {
    status { () throws(ParlanceError) in
        let current = try localizer(handle).formatOptions
        guard let options else { throw invalid("options is NULL") }
        guard options.pointee.version >= 1 else { throw invalid("options version \(options.pointee.version) is unknown") }
        options.pointee.numbers = Int32(current.numbers?.rawValue ?? 0)
        options.pointee.isolation = Int32(current.isolation?.rawValue ?? 0)
    }
}

/// The options of a C call (NULL: none, every setting the localizer's).
func formatOptions(_ options: UnsafePointer<parlance_format_options>?) throws(ParlanceError) -> FormatOptions? {
    guard let options = options?.pointee else { return nil }
    guard options.version >= 1 else { throw invalid("options version \(options.version) is unknown") }
    var result = FormatOptions()
    if options.numbers != 0 {
        guard let numbers = FormatOptions.Numbers(rawValue: Int(options.numbers)) else {
            throw invalid("unknown numbers setting \(options.numbers)")
        }
        result.numbers = numbers
    }
    if options.isolation != 0 {
        guard let isolation = FormatOptions.Isolation(rawValue: Int(options.isolation)) else {
            throw invalid("unknown isolation setting \(options.isolation)")
        }
        result.isolation = isolation
    }
    return result
}

/// A formatting call's status, its text copied to `*out` for `parlance_free`.
private func formatted(_ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                       _ body: () throws(ParlanceError) -> String) -> Int32 {
    status { () throws(ParlanceError) in
        guard let out else { throw invalid("out is NULL") }
        guard let copy = ownedCopy(try body()) else { throw ParlanceError(.resource, "out of memory") }
        out.pointee = copy
    }
}

@_cdecl("parlance_localizer_localize_marked")
public func parlance_localizer_localize_marked(_ handle: OpaquePointer?, _ text: UnsafePointer<CChar>?) -> UnsafePointer<CChar>? {
    guard let text, let handle else { return nil }
    return Unmanaged<Localizer>.fromOpaque(UnsafeRawPointer(handle))._withUnsafeGuaranteedRef { $0.localizeMarked(text) }
}

@_cdecl("parlance_localizer_resource_path")
public func parlance_localizer_resource_path(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                             _ name: UnsafePointer<CChar>?, _ ext: UnsafePointer<CChar>?) -> Int32 {
    status { () throws(ParlanceError) in
        guard let out else { throw invalid("out is NULL") }
        let nameText = try string(name, "name")
        guard let path = try localizer(handle).resourcePath(nameText, ext: optionalString(ext)) else {
            throw ParlanceError(.notFound, "no locale of the chain has resource '\(nameText)'")
        }
        guard let copy = ownedCopy(path) else { throw ParlanceError(.resource, "out of memory") }
        out.pointee = copy
    }
}

@_cdecl("parlance_localizer_localize_document")
public func parlance_localizer_localize_document(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                                 _ outSize: UnsafeMutablePointer<Int>?, _ data: UnsafeRawPointer?, _ size: Int,
                                                 _ name: UnsafePointer<CChar>?, _ table: UnsafePointer<CChar>?,
                                                 _ kind: Int32) -> Int32 {
    status { () throws(ParlanceError) in
        guard let out else { throw invalid("out is NULL") }
        guard data != nil || size == 0 else { throw invalid("data is NULL") }
        let kinds: [Int32: InterfaceDocument.Kind] = [1: .gtkBuilder, 2: .interfaceBuilder, 3: .json]
        guard kind == 0 || kinds[kind] != nil else { throw invalid("unknown document kind \(kind)") }
        let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
        let localized = try localizer(handle).localizeDocument(bytes, name: optionalString(name), kind: kinds[kind],
                                                              table: optionalString(table))
        guard let copy = localized.withUnsafeBufferPointer(ownedCopy) else { throw ParlanceError(.resource, "out of memory") }
        out.pointee = copy
        outSize?.pointee = localized.count
    }
}

@_cdecl("parlance_accept_language")
public func parlance_accept_language(_ header: UnsafePointer<CChar>?, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int,
                                     _ tags: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ capacity: Int,
                                     _ count: UnsafeMutablePointer<Int>?, _ rejected: UnsafeMutablePointer<Int>?) -> Int32 {
    status { () throws(ParlanceError) in
        let text = try string(header, "header")
        guard let count else { throw invalid("count is NULL") }
        guard let buffer, size > strlen(header!) else { throw invalid("buffer must hold the header and its NUL") }
        guard tags != nil || capacity == 0 else { throw invalid("tags is NULL with a capacity of \(capacity)") }
        let parsed = AcceptLanguage(text)
        count.pointee = parsed.languages.count
        rejected?.pointee = parsed.rejected.count
        // Each language is a piece of the header, so they all fit; a rejected
        // range whose invalid UTF-8 was repaired may not, and is then NULL.
        var at = 0, slot = 0
        for tag in parsed.languages + parsed.rejected where slot < capacity {
            let length = tag.utf8.count
            guard at + length < size else {
                tags![slot] = nil
                slot += 1
                continue
            }
            var tag = tag
            tag.withUTF8 { bytes in
                if let base = bytes.baseAddress { UnsafeMutableRawPointer(buffer + at).copyMemory(from: base, byteCount: length) }
            }
            buffer[at + length] = 0
            tags![slot] = UnsafePointer(buffer + at)
            at += length + 1
            slot += 1
        }
    }
}
