internal import CParlanceShim

/// The order Xcode gives the members of a String Catalog's objects.
///
/// Xcode writes catalogs through Foundation's JSON writer with sorted keys,
/// which on Apple platforms compares keys as `NSString.compare(_:options:
/// range:locale:)` with `[.numeric, .caseInsensitive, .forcedOrdering]` and
/// the system locale: ICU's root collation (punctuation, then symbols and
/// emoji, then digits, then letters), digit runs by value, case ignored.
/// Keys equal that way are ordered with case (lowercase first: "unread"
/// before "Unread", as real catalogs show), then by UTF-16 code units, so
/// the order is total. Without ICU's collation data, by code units alone.
package enum KeyCollation {
    /// Whether `a` sorts before `b`.
    package static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        for cases: Int32 in [0, 1] {
            let order = a.withUTF8 { x in
                b.withUTF8 { y in
                    x.withMemoryRebound(to: CChar.self) { x in
                        y.withMemoryRebound(to: CChar.self) { y in
                            parlance_icu_collate(x.baseAddress, Int32(clamping: x.count), y.baseAddress, Int32(clamping: y.count), cases)
                        }
                    }
                }
            }
            if order == -1 || order == 1 { return order == -1 }
            if order == 2 { break }
        }
        return a.utf16.lexicographicallyPrecedes(b.utf16)
    }
}
