/// Strings in the order they were first added, each once. While there are
/// few (`linearUpTo`: a locale chain, a catalog's table names) it searches
/// its list and hashes nothing, so that a program's first lookup draws no
/// hash seed and runs no SipHash; past that it keeps a `Set` of them as
/// well, so that a long list is still built in linear time.
struct UniqueStrings {
    static let linearUpTo = 16
    private(set) var list: [String] = []
    private var index: Set<String>? = nil

    init() {}

    init<S: Sequence>(_ strings: S) where S.Element == String {
        list.reserveCapacity(min(strings.underestimatedCount, Self.linearUpTo + 1))
        for string in strings { insert(string) }
    }

    func contains(_ string: String) -> Bool {
        if let index { return index.contains(string) }
        return list.contains(string)
    }

    /// Adds `string` unless it is there; true when it was added.
    @discardableResult
    mutating func insert(_ string: String) -> Bool {
        guard !contains(string) else { return false }
        list.append(string)
        if index != nil {
            index!.insert(string)
        } else if list.count > Self.linearUpTo {
            index = Set(list)
        }
        return true
    }
}
