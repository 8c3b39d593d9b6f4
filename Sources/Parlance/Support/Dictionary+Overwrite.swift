extension Dictionary {
    /// Adds `other`'s entries, replacing those with the same key:
    /// `merge(other) { $1 }`, whose untyped `rethrows` closure Embedded Swift
    /// cannot compile.
    mutating func overwrite(with other: [Key: Value]) {
        for (key, value) in other { self[key] = value }
    }

    /// This dictionary with `other`'s entries added, replacing those with the same key.
    func overwriting(with other: [Key: Value]) -> [Key: Value] {
        var merged = self
        merged.overwrite(with: other)
        return merged
    }
}
