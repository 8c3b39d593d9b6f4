import Parlance

/// `parlance get`: looks a string up the way an application would.
public enum GetCommand: ToolCommand {
    public static let name = "get"
    public static let summary = "Look up a string along a locale fallback chain"
    public static let usage = """
        parlance get --catalog PATH [--locale L[,L...]] [--table T] [--context C] [--count N [--plural TEXT]] [--arg V]... KEY
          Example: parlance get --catalog Examples/catalog --locale fr-CA,en --count 3 files.count
          With --count, N selects the plural variant and is the first format argument;
          with --count or --arg the result is formatted. Each --arg is an integer,
          a decimal (a double) or text; prefix with s: to force text (--arg s:42).
          --plural gives the source text's plural form (gettext's msgid_plural): when
          no locale has KEY, KEY or TEXT is used as the development language's rule
          chooses for N, as ngettext(KEY, TEXT, N) does.
        """
    public static let options: [OptionSpec] = [
        OptionSpec("--catalog", .repeated(placeholder: "PATH"), "a catalog directory or table file (repeatable)"),
        OptionSpec("--locale", .value(placeholder: "LIST"), "preferred locales, comma-separated (default: environment)"),
        OptionSpec("--development", .value(placeholder: "L"), "the last-resort locale (default: en)"),
        OptionSpec("--table", .value(placeholder: "NAME"), "the table (default: Localizable)"),
        OptionSpec("--context", .value(placeholder: "TEXT"), "the context of the key"),
        OptionSpec("--count", .value(placeholder: "N"), "a number selecting the plural variant"),
        OptionSpec("--plural", .value(placeholder: "TEXT"), "the source text's plural form, used when no locale has KEY"),
        OptionSpec("--arg", .repeated(placeholder: "V"), "a format argument"),
        OptionSpec("--raw", .flag, "print the plural variant unformatted"),
        OptionSpec("--explain", .flag, "also print where the string came from"),
        OptionSpec("--strict", .flag, "exit with status 1 when the string is missing"),
    ]

    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard arguments.positionals.count == 1, let key = arguments.positionals.first else {
            throw UsageError("give exactly one KEY")
        }
        let catalogs = arguments.all("--catalog")
        guard !catalogs.isEmpty else { throw UsageError("--catalog is required") }
        let catalog = Catalog()
        for path in catalogs { try catalog.load(path: path) }
        let locales = arguments.value("--locale").map { $0.split(separator: ",").map(String.init) }
        let localizer = try Localizer(catalog: catalog, locales: locales,
                                      development: arguments.developmentLocale("--development"))
        let table = arguments.value("--table")
        let context = arguments.value("--context")
        let count = try arguments.value("--count").map(countOperand)
        let plural = arguments.value("--plural")
        if plural != nil, count == nil { throw UsageError("--plural needs --count") }
        var formatArguments = arguments.all("--arg").map(formatArgument)
        if let count { formatArguments.insert(count.argument, at: 0) }

        let explanation = localizer.explain(key, count: count?.operand, context: context, table: table)
        let text: String
        if arguments.has("--raw") || formatArguments.isEmpty {
            text = explanation.found ? explanation.text : localizer.sourceText(key, plural: plural, count: count?.operand)
        } else {
            text = try localizer.format(key, formatArguments, plural: plural, context: context, table: table)
        }
        console.out(text + "\n")
        if arguments.has("--explain") {
            console.out(describe(explanation, chain: localizer.locales))
        }
        return arguments.has("--strict") && !explanation.found ? ExitStatus.failure : ExitStatus.success
    }

    static func describe(_ e: Explanation, chain: [String]) -> String {
        var lines = ["found: \(e.found ? "yes" : "no")", "chain: \(chain.joined(separator: " → "))", "table: \(e.table)"]
        if let locale = e.locale { lines.append("locale: \(locale)\(e.fallback ? " (fallback)" : "")") }
        if let key = e.storedKey { lines.append("stored key: \(key)") }
        if let category = e.category { lines.append("plural category: \(category)") }
        return lines.map { "  " + $0 + "\n" }.joined()
    }

    static func countOperand(_ text: String) throws -> (operand: PluralOperand, argument: FormatArgument) {
        if let n = Int64(text) { return (.int(n), .int(n)) }
        if let d = Double(text), text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" }) {
            return (.decimal(text), .double(d))
        }
        throw UsageError("--count needs a number, not '\(text)'")
    }

    static func formatArgument(_ text: String) -> FormatArgument {
        if text.hasPrefix("s:") { return .string(String(text.dropFirst(2))) }
        if let n = Int64(text) { return .int(n) }
        if text.contains("."), let d = Double(text), d.isFinite { return .double(d) }
        return .string(text)
    }
}
