// parlance_catalog_* : the catalog handle is a retained Swift Catalog.
import CParlanceAPI
import Parlance

func catalog(_ handle: OpaquePointer?) throws(ParlanceError) -> Catalog {
    guard let handle else { throw invalid("catalog is NULL") }
    return Unmanaged<Catalog>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
}

func tableFormat(_ value: Int32) throws(ParlanceError) -> TableFormat? {
    if value == 0 { return nil }
    guard let format = TableFormat(rawValue: value) else { throw invalid("unknown format \(value)") }
    return format
}

@_cdecl("parlance_catalog_create")
public func parlance_catalog_create(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    status { () throws(ParlanceError) in
        guard let out else { throw invalid("out is NULL") }
        out.pointee = OpaquePointer(Unmanaged.passRetained(Catalog()).toOpaque())
    }
}

@_cdecl("parlance_catalog_free")
public func parlance_catalog_free(_ handle: OpaquePointer?) {
    guard let handle else { return }
    Catalog.releaseHandle(UnsafeRawPointer(handle))
}

@_cdecl("parlance_catalog_load")
public func parlance_catalog_load(_ handle: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ locale: UnsafePointer<CChar>?,
                                  _ table: UnsafePointer<CChar>?, _ format: Int32) -> Int32 {
    status { () throws(ParlanceError) in
        try catalog(handle).load(path: try string(path, "path"), locale: optionalString(locale),
                                 table: optionalString(table), format: try tableFormat(format))
    }
}

@_cdecl("parlance_catalog_load_bytes")
public func parlance_catalog_load_bytes(_ handle: OpaquePointer?, _ data: UnsafeRawPointer?, _ size: Int,
                                        _ locale: UnsafePointer<CChar>?, _ table: UnsafePointer<CChar>?,
                                        _ format: Int32) -> Int32 {
    status { () throws(ParlanceError) in
        guard data != nil || size == 0 else { throw invalid("data is NULL") }
        try catalog(handle).load(buffer: UnsafeRawBufferPointer(start: data, count: size), locale: optionalString(locale), table: optionalString(table),
                                 format: try tableFormat(format))
    }
}

@_cdecl("parlance_catalog_set_xcstrings_states")
public func parlance_catalog_set_xcstrings_states(_ handle: OpaquePointer?, _ states: UInt32) -> Int32 {
    status { () throws(ParlanceError) in
        guard states & ~XCStringsStates.all.rawValue == 0 else { throw invalid("unknown String Catalog state flags \(states)") }
        try catalog(handle).xcstringsStates = XCStringsStates(rawValue: states)
    }
}

@_cdecl("parlance_catalog_set_message_syntax")
public func parlance_catalog_set_message_syntax(_ handle: OpaquePointer?, _ table: UnsafePointer<CChar>?,
                                                _ syntax: Int32) -> Int32 {
    status { () throws(ParlanceError) in
        let target = try catalog(handle)
        let name = optionalString(table) ?? Catalog.defaultTable
        guard syntax == 0 || MessageSyntax(rawValue: Int(syntax)) != nil else { throw invalid("unknown message syntax \(syntax)") }
        target.setMessageSyntax(MessageSyntax(rawValue: Int(syntax)), table: name)
    }
}

@_cdecl("parlance_catalog_message_syntax")
public func parlance_catalog_message_syntax(_ handle: OpaquePointer?, _ table: UnsafePointer<CChar>?) -> Int32 {
    guard let target = try? catalog(handle) else { return 0 }
    return Int32(target.messageSyntax(table: optionalString(table) ?? Catalog.defaultTable).rawValue)
}

@_cdecl("parlance_catalog_locale_count")
public func parlance_catalog_locale_count(_ handle: OpaquePointer?) -> Int {
    (try? catalog(handle).locales.count) ?? 0
}

@_cdecl("parlance_catalog_locale")
public func parlance_catalog_locale(_ handle: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    guard let catalog = try? catalog(handle) else { return nil }
    let locales = catalog.locales
    return locales.indices.contains(index) ? catalog.names.intern(locales[index]).pointer : nil
}

@_cdecl("parlance_catalog_table_count")
public func parlance_catalog_table_count(_ handle: OpaquePointer?) -> Int {
    (try? catalog(handle).tables.count) ?? 0
}

@_cdecl("parlance_catalog_header")
public func parlance_catalog_header(_ handle: OpaquePointer?, _ locale: UnsafePointer<CChar>?,
                                    _ table: UnsafePointer<CChar>?) -> UnsafePointer<CChar>? {
    var result: UnsafePointer<CChar>? = nil
    _ = status { () throws(ParlanceError) in
        let catalog = try catalog(handle)
        let header = try catalog.header(locale: try string(locale, "locale"), table: optionalString(table) ?? Catalog.defaultTable)
        result = header.map { catalog.names.intern($0).pointer }
    }
    return result
}

@_cdecl("parlance_catalog_table")
public func parlance_catalog_table(_ handle: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    guard let catalog = try? catalog(handle) else { return nil }
    let tables = catalog.tables
    return tables.indices.contains(index) ? catalog.names.intern(tables[index]).pointer : nil
}
