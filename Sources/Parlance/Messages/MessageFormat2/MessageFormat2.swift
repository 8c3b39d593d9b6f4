/// A Unicode MessageFormat 2 message (LDML 47, part 9), parsed and validated
/// once, then formatted any number of times from any thread.
///
/// ```swift
/// let message = try MessageFormat2("""
///     .input {$count :integer}
///     .match $count
///     one {{You have {$count} new message}}
///     *   {{You have {$count} new messages}}
///     """)
/// message.format(["count": .int(1)], locale: "en").text  // "You have 1 new message"
/// ```
public struct MessageFormat2: Sendable {
    /// The message's data model.
    public let message: Message
    private let functions: [String: MF2Function]

    /// Parses and validates `source`. A syntax error or a data model error
    /// (Variant Key Mismatch, Missing Fallback Variant, Missing Selector
    /// Annotation, Duplicate Declaration, Duplicate Option Name, Duplicate
    /// Variant) throws a `.syntax` error whose message starts with the spec's
    /// name of the error (`syntax-error: …`, `duplicate-variant: …`) and whose
    /// line and column (1-based, counted in Unicode scalars) locate it.
    public init(_ source: String) throws(ParlanceError) {
        try self.init(source, functions: MF2Functions.defaults)
    }

    /// A message that can call `functions` (the default set plus any others).
    init(_ source: String, functions: [String: MF2Function]) throws(ParlanceError) {
        do {
            message = try MessageFormat2Parser.parse(source)
        } catch {
            let (line, column) = TextLocator(Array(source.unicodeScalars)).location(of: error.offset)
            throw ParlanceError(.syntax, "\(error.kind.rawValue): \(error.message)", line: line, column: column)
        }
        self.functions = functions
    }

    /// Formats the message. Formatting always produces text: an expression
    /// that fails to resolve shows as its fallback (`{$name}`, `{|literal|}`,
    /// `{:function}`) and the errors come back alongside, in the order found.
    ///
    /// - Parameters:
    ///   - arguments: the input variables by name. Numbers (`.int`, `.double`,
    ///     `.decimal`) format as `:number` unless a function says otherwise;
    ///     `.date` is an operand for `:date`, `:time` and `:datetime`; a
    ///     string can be any function's operand (`"1.5"` for `:number`,
    ///     `"2024-05-01"` for `:date`).
    ///   - locale: the locale of the message (`fr`, `pt_BR`, `ar-EG`): plural
    ///     rules, number and date formats, and the message's direction.
    ///   - isolate: whether to wrap placeholders in bidi isolates (FSI, LRI or
    ///     RLI … PDI) by the spec's Default Bidi Strategy.
    public func format(_ arguments: [String: FormatArgument], locale: String,
                       isolate: Bool = false) -> (text: String, errors: [MessageFormat2Error]) {
        format(arguments, locale: locale, isolate: isolate, adding: [:])
    }

    /// `format`, with `extra` functions besides the message's own (a
    /// catalog's, `Catalog.setMessageFunction`), which win by name.
    func format(_ arguments: [String: FormatArgument], locale: String, isolate: Bool,
                adding extra: [String: MF2Function]) -> (text: String, errors: [MessageFormat2Error]) {
        let tag = ((try? LocaleName.canonical(locale)) ?? nil) ?? "und"
        let functions = extra.isEmpty ? functions : functions.overwriting(with: extra)
        var resolver = MessageFormat2Resolver(message: message, arguments: arguments, locale: tag, functions: functions)
        let pattern: Pattern
        switch message.body {
        case .pattern(let body): pattern = body
        case .matcher(let selectors, let variants): pattern = resolver.select(selectors, variants)
        }
        let text = resolver.format(pattern, isolate: isolate)
        return (text, resolver.errors)
    }

    /// What formatting a message that does not parse gives: the fallback
    /// `{\u{FFFD}}` and its syntax or data model error (`error`, as `init`
    /// throws it), located as `line:column: kind: …`.
    static func unparsed(_ error: ParlanceError) -> (text: String, errors: [MessageFormat2Error]) {
        let name = error.message.split(separator: ":").first.map(String.init) ?? ""
        let kind = MessageFormat2Error.Kind(rawValue: name)
        return ("{\u{FFFD}}", [MessageFormat2Error(kind.isLoadError ? kind : .syntax,
                                                    "\(error.line):\(error.column): \(error.message)")])
    }

    /// The names of the arguments the message reads, in order of first use:
    /// the variables of `.input` declarations and every variable used
    /// without a `.local` declaration.
    public var variableNames: [String] { message.externalVariables }
}
