/// How much one `format(_:named:)` of an i18next message may ask for:
/// i18next's `$t()` nesting is bounded in depth (`I18nextMessage.maxDepth`),
/// in width by `limit` nested messages, so that a message nesting 32
/// others 9 deep (32⁹ lookups) is refused instead of running for hours,
/// and in size by `outputLimit`: each piece of text (a run of the message,
/// a value, a nested message of another syntax) is counted before it is
/// written, so that eight `$t()` eight deep over a 1 MB text (terabytes)
/// is refused after 16 MiB of work, not after building them.
final class NestingBudget {
    static let limit = 10_000
    /// The longest text one call builds, in UTF-8 bytes (`PARLANCE_ERESOURCE` past it).
    static let outputLimit = 16 << 20
    private var spent = 0
    private var written = 0
    private(set) var exceeded = false
    private(set) var overflowed = false

    /// Takes one nested lookup; false once the budget is spent.
    func spend() -> Bool {
        spent += 1
        if spent > Self.limit { exceeded = true }
        return !exceeded
    }

    /// Takes `count` bytes about to be written; false (and the call
    /// overflowed) when they would take the text past `outputLimit`.
    func write(_ count: Int) -> Bool {
        guard !overflowed else { return false }
        guard count <= Self.outputLimit - written else {
            overflowed = true
            return false
        }
        written += count
        return true
    }
}
