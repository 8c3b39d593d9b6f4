// parlance_libintl.h: libintl's interface over GettextRuntime.
import CParlanceAPI
import Glibc
import Parlance

private let runtime = GettextRuntime.shared

private func mutable(_ pointer: UnsafePointer<CChar>) -> UnsafeMutablePointer<CChar> {
    UnsafeMutablePointer(mutating: pointer)
}

private func interned(_ text: String) -> UnsafeMutablePointer<CChar> {
    mutable(runtime.names.intern(text).pointer)
}

/// `GettextRuntime.translate` for the C signatures.
private func translate(_ domain: UnsafePointer<CChar>?, _ context: UnsafePointer<CChar>?, _ msgid: UnsafePointer<CChar>?,
                       _ plural: UnsafePointer<CChar>?, _ n: UInt?, category: Int32 = LC_MESSAGES) -> UnsafePointer<CChar>? {
    runtime.translate(domain: domain, context: context, msgid: msgid, plural: plural, count: n.map { UInt64($0) },
                      category: category)
}

@_cdecl("parlance_bindtextdomain")
public func parlance_bindtextdomain(_ domain: UnsafePointer<CChar>?, _ dirname: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
    guard let domain, domain.pointee != 0 else {
        errno = EINVAL
        return nil
    }
    return interned(runtime.bind(domain: String(cString: domain), directory: dirname.map { String(cString: $0) }))
}

@_cdecl("parlance_bind_textdomain_codeset")
public func parlance_bind_textdomain_codeset(_ domain: UnsafePointer<CChar>?, _ codeset: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
    guard let domain, domain.pointee != 0 else {
        errno = EINVAL
        return nil
    }
    guard let chosen = GettextRuntime.codeset(asked: codeset.map { String(cString: $0) }) else {
        errno = EINVAL
        return nil
    }
    return interned(chosen)
}

@_cdecl("parlance_textdomain")
public func parlance_textdomain(_ domain: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
    interned(runtime.textDomain(domain.map { String(cString: $0) }))
}

@_cdecl("parlance_gettext")
public func parlance_gettext(_ msgid: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
    translate(nil, nil, msgid, nil, nil).map(mutable)
}

@_cdecl("parlance_dgettext")
public func parlance_dgettext(_ domain: UnsafePointer<CChar>?, _ msgid: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
    translate(domain, nil, msgid, nil, nil).map(mutable)
}

@_cdecl("parlance_dcgettext")
public func parlance_dcgettext(_ domain: UnsafePointer<CChar>?, _ msgid: UnsafePointer<CChar>?, _ category: Int32) -> UnsafeMutablePointer<CChar>? {
    translate(domain, nil, msgid, nil, nil, category: category).map(mutable)
}

@_cdecl("parlance_ngettext")
public func parlance_ngettext(_ msgid: UnsafePointer<CChar>?, _ plural: UnsafePointer<CChar>?, _ n: UInt) -> UnsafeMutablePointer<CChar>? {
    translate(nil, nil, msgid, plural, n).map(mutable)
}

@_cdecl("parlance_dngettext")
public func parlance_dngettext(_ domain: UnsafePointer<CChar>?, _ msgid: UnsafePointer<CChar>?, _ plural: UnsafePointer<CChar>?,
                               _ n: UInt) -> UnsafeMutablePointer<CChar>? {
    translate(domain, nil, msgid, plural, n).map(mutable)
}

@_cdecl("parlance_dcngettext")
public func parlance_dcngettext(_ domain: UnsafePointer<CChar>?, _ msgid: UnsafePointer<CChar>?, _ plural: UnsafePointer<CChar>?,
                                _ n: UInt, _ category: Int32) -> UnsafeMutablePointer<CChar>? {
    translate(domain, nil, msgid, plural, n, category: category).map(mutable)
}

@_cdecl("parlance_pgettext")
public func parlance_pgettext(_ context: UnsafePointer<CChar>?, _ msgid: UnsafePointer<CChar>?) -> UnsafePointer<CChar>? {
    translate(nil, context, msgid, nil, nil)
}

@_cdecl("parlance_dpgettext")
public func parlance_dpgettext(_ domain: UnsafePointer<CChar>?, _ context: UnsafePointer<CChar>?,
                               _ msgid: UnsafePointer<CChar>?) -> UnsafePointer<CChar>? {
    translate(domain, context, msgid, nil, nil)
}

@_cdecl("parlance_npgettext")
public func parlance_npgettext(_ context: UnsafePointer<CChar>?, _ msgid: UnsafePointer<CChar>?,
                               _ plural: UnsafePointer<CChar>?, _ n: UInt) -> UnsafePointer<CChar>? {
    translate(nil, context, msgid, plural, n)
}

@_cdecl("parlance_dnpgettext")
public func parlance_dnpgettext(_ domain: UnsafePointer<CChar>?, _ context: UnsafePointer<CChar>?, _ msgid: UnsafePointer<CChar>?,
                                _ plural: UnsafePointer<CChar>?, _ n: UInt) -> UnsafePointer<CChar>? {
    translate(domain, context, msgid, plural, n)
}

@_cdecl("parlance_libintl_on_miss")
public func parlance_libintl_on_miss(_ callback: parlance_miss_callback?, _ userData: UnsafeMutableRawPointer?) -> Int32 {
    status { () throws(ParlanceError) in runtime.onMiss(callback.map { missHandler($0, userData) }) }
}

@_cdecl("parlance_set_languages")
public func parlance_set_languages(_ languages: UnsafePointer<CChar>?) -> Int32 {
    status { () throws(ParlanceError) in try runtime.setLanguages(languages.map { String(cString: $0) }) }
}

@_cdecl("parlance_set_thread_languages")
public func parlance_set_thread_languages(_ languages: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int) -> Int32 {
    status { () throws(ParlanceError) in
        try checkLocaleList(languages, count)
        let list = count > 0 ? (0..<count).map { String(cString: languages![$0]!) } : nil
        try GettextRuntime.setThreadLanguages(list)
    }
}
