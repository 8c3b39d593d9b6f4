// parlance_localizer_explain, parlance_localizer_on_miss (and the miss callback of
// parlance_libintl_on_miss), parlance_plural_category.
import CParlanceAPI
import Parlance
import Glibc

@_cdecl("parlance_localizer_explain")
public func parlance_localizer_explain(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<parlance_explanation>?,
                                       _ key: UnsafePointer<CChar>?, _ count: UnsafePointer<parlance_arg>?,
                                       _ context: UnsafePointer<CChar>?, _ table: UnsafePointer<CChar>?) -> Int32 {
    ReadSection.enter()
    defer { ReadSection.exit() }
    return status { () throws(ParlanceError) in
        guard let out else { throw invalid("out is NULL") }
        guard out.pointee.version == UInt32(PARLANCE_EXPLANATION_VERSION) else {
            throw invalid("unsupported parlance_explanation version \(out.pointee.version)")
        }
        let localizer = try localizer(handle)
        let keyText = try string(key, "key")
        let operand = try count.map { _ throws(ParlanceError) in try pluralOperand(count) }
        let r = localizer.resolve(keyText, context: optionalString(context), table: optionalString(table), count: operand)
        let names = localizer.catalog.names
        out.pointee.text = Localizer.answer(r.found?.pointer, key: key)
        out.pointee.found = r.found != nil
        out.pointee.locale = r.locale.map { names.intern($0).pointer }
        out.pointee.table = names.intern(r.tableName).pointer
        out.pointee.stored_key = r.storedKey?.pointer
        out.pointee.category = r.category.map { UnsafeRawPointer($0.spelling.utf8Start).assumingMemoryBound(to: CChar.self) }
        out.pointee.fallback = r.fallback
    }
}

@_cdecl("parlance_localizer_on_miss")
public func parlance_localizer_on_miss(_ handle: OpaquePointer?, _ callback: parlance_miss_callback?,
                                       _ userData: UnsafeMutableRawPointer?) -> Int32 {
    status { () throws(ParlanceError) in
        let localizer = try localizer(handle)
        guard let callback else {
            localizer.onMiss(nil)
            return
        }
        localizer.onMiss(missHandler(callback, userData))
    }
}

/// A C miss callback as a Swift miss handler (a localizer's or libintl's).
func missHandler(_ callback: @escaping parlance_miss_callback, _ userData: UnsafeMutableRawPointer?)
    -> @Sendable (Miss) -> Void {
    let user = UInt(bitPattern: userData)
    return { miss in
        // Copies for the call only: the chain may name any locale.
        let copies = miss.locales.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        let locales: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) }
        locales.withUnsafeBufferPointer { list in
            miss.key.withCString { key in
                miss.table.withCString { table in
                    if let context = miss.context {
                        context.withCString {
                            callback(UnsafeMutableRawPointer(bitPattern: user), key, $0, table, list.baseAddress, list.count)
                        }
                    } else {
                        callback(UnsafeMutableRawPointer(bitPattern: user), key, nil, table, list.baseAddress, list.count)
                    }
                }
            }
        }
    }
}

@_cdecl("parlance_plural_category")
public func parlance_plural_category(_ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ locale: UnsafePointer<CChar>?,
                                     _ number: UnsafePointer<parlance_arg>?, _ ordinal: Bool) -> Int32 {
    status { () throws(ParlanceError) in
        guard let out else { throw invalid("out is NULL") }
        let rules = try PluralRules.forName(try string(locale, "locale"), ordinal: ordinal)
        let category = rules.category(try pluralOperand(number))
        out.pointee = UnsafeRawPointer(category.spelling.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
