/// Which `stringUnit` states a catalog serves (`parlance_xcstrings_state`).
public struct XCStringsStates: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `translated`, and any state Parlance does not know.
    public static let translated = XCStringsStates(rawValue: 1)
    /// `needs_review`: translated, to be checked.
    public static let needsReview = XCStringsStates(rawValue: 2)
    /// `new`: not translated yet (a value, when present, is a placeholder).
    public static let new = XCStringsStates(rawValue: 4)
    /// `stale`: translated for a source text that has since changed.
    public static let stale = XCStringsStates(rawValue: 8)
    /// Every state.
    public static let all: XCStringsStates = [.translated, .needsReview, .new, .stale]
    /// The default: what a built app shows, `new` aside.
    public static let served: XCStringsStates = [.translated, .needsReview, .stale]

    /// Whether a string unit in the state `name` is served; a unit with no
    /// state (nil) always is.
    func serves(state name: String?) -> Bool {
        guard let name else { return true }
        return contains(.named(name))
    }

    /// The flag for a state's name.
    static func named(_ name: String) -> XCStringsStates {
        switch name {
        case "needs_review": .needsReview
        case "new": .new
        case "stale": .stale
        default: .translated
        }
    }
}
