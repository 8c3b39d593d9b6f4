/// The spec's Default Bidi Strategy (`spec/formatting.md`, "Handling
/// Bidirectional Text") and the direction of a message from its locale.
enum MF2Bidi {
    /// The direction of text in `locale` (by its script); `unknown` for `und`.
    static func direction(ofLocale locale: String) -> TextDirection {
        locale == "und" || locale.isEmpty ? .unknown : TextDirection.of(locale: locale)
    }

    /// Appends a formatted placeholder to `out`, isolated as the Default Bidi
    /// Strategy says: LTR values in an LTR message stay as they are unless
    /// `u:dir` asked for isolation; RTL values get RLI…PDI, others FSI…PDI.
    static func append(_ text: String, direction: TextDirection, isolate: Bool,
                       messageDirection: TextDirection, to out: inout String) {
        if direction == .leftToRight && messageDirection == .leftToRight && !isolate {
            out += text
        } else {
            out += direction.isolating(text)
        }
    }
}
