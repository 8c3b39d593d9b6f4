/// Where a looked-up string came from: what `explain` reports and what every
/// lookup computes on its way.
public struct Resolution: Sendable {
    /// The text found, or nil when no locale of the chain has the key.
    package let found: CText?
    /// The supplying table, when found.
    let table: Table?
    /// The table name asked for.
    public let tableName: String
    /// The key as stored, e.g. `(Login)Name` or `(Followers##one)%d followers`.
    package let storedKey: CText?
    /// The plural category used, when the entry is a plural.
    public let category: PluralCategory?
    /// True when a locale after the chain's first supplied the string.
    public let fallback: Bool
    /// The entry itself (for formatting).
    let entry: StoredEntry?

    /// The supplying locale (canonical BCP 47), when found.
    public var locale: String? { table?.locale }
    /// The stored key as a Swift string.
    public var storedKeyString: String? { storedKey?.string }
}

/// What a lookup tells `explain` callers: the text and its origin.
public struct Explanation: Sendable, Equatable {
    public var text: String
    public var found: Bool
    public var locale: String?
    public var table: String
    public var storedKey: String?
    public var category: PluralCategory?
    public var fallback: Bool
}

/// A reported miss: the key, context and table looked up, and the locales of
/// the chain that lacked it (all of them on a full miss; on a fallback hit,
/// the loaded locales tried before the supplier). `suppliedBy` names the
/// locale that had it, or nil.
public struct Miss: Sendable, Equatable {
    public var key: String
    public var context: String?
    public var table: String
    public var locales: [String]
    public var suppliedBy: String?
}
