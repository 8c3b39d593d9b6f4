extension String {
    /// `parts` joined, in one allocation and one copy of their bytes. `+`
    /// after `+` allocates and grows the string at each step; libintl's
    /// search pays that for every name it tries at a process's first lookup
    /// (each locale name of its chain, with `/LC_MESSAGES/`, the domain and
    /// an extension).
    package init(concatenating parts: String...) {
        var count = 0
        for part in parts { count += part.utf8.count }
        self.init(unsafeUninitializedCapacity: count) { buffer in
            var at = 0
            for var part in parts {
                part.withUTF8 { bytes in
                    guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
                    (target + at).initialize(from: source, count: bytes.count)
                    at += bytes.count
                }
            }
            return at
        }
    }
}
