import Parlance

/// The languages `parlance extract` reads, chosen by file extension: source
/// code, and the UI documents whose texts `InterfaceDocument` finds.
public enum SourceLanguage: String, Sendable, CaseIterable {
    case c, cpp, objc, swift, python
    /// GtkBuilder `.ui` and `.glade` documents.
    case gtkBuilder
    /// Interface Builder `.xib` and `.storyboard` documents.
    case interfaceBuilder

    private static let byExtension: [String: SourceLanguage] = [
        "c": .c, "h": .cpp, "cc": .cpp, "cpp": .cpp, "cxx": .cpp, "hpp": .cpp, "hh": .cpp, "hxx": .cpp,
        "m": .objc, "mm": .objc, "swift": .swift, "py": .python,
        "ui": .gtkBuilder, "glade": .gtkBuilder, "xib": .interfaceBuilder, "storyboard": .interfaceBuilder,
    ]

    /// The kind of document a UI document language reads; nil for code.
    var documentKind: InterfaceDocument.Kind? {
        switch self {
        case .gtkBuilder: .gtkBuilder
        case .interfaceBuilder: .interfaceBuilder
        case .c, .cpp, .objc, .swift, .python: nil
        }
    }

    /// The language of a file name, nil for files that are not read.
    public static func of(path: String) -> SourceLanguage? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        return byExtension[String(name[name.index(after: dot)...])]
    }

    func lex(_ bytes: [UInt8]) -> LexedSource {
        switch self {
        case .c, .objc: return CLexer(rawStrings: false).lex(bytes)
        case .cpp: return CLexer(rawStrings: true).lex(bytes)
        case .swift: return SwiftLexer().lex(bytes)
        case .python: return PythonLexer().lex(bytes)
        case .gtkBuilder, .interfaceBuilder: preconditionFailure("documents are read by InterfaceDocument")
        }
    }

    var builtinKeywords: [KeywordSpec] {
        switch self {
        case .c, .cpp, .objc: return BuiltinKeywords.c
        case .swift: return BuiltinKeywords.swift
        case .python: return BuiltinKeywords.python
        case .gtkBuilder, .interfaceBuilder: return []
        }
    }

    /// The functions whose argument N is a format string whatever it holds,
    /// by name: xgettext's default `--flag NAME:N:c-format` table for C.
    var formatFunctions: [String: Int] {
        switch self {
        case .c, .cpp, .objc: return BuiltinKeywords.cFormatFunctions
        case .swift, .python, .gtkBuilder, .interfaceBuilder: return [:]
        }
    }

    /// Rows a bare `--keyword NAME` stands for in this language: its
    /// built-in rows, and in Python the binding's methods, which are not
    /// looked for by default.
    var keywordsByName: [KeywordSpec] {
        self == .python ? builtinKeywords + BuiltinKeywords.pythonMethods : builtinKeywords
    }

    /// How a named argument is written: Swift `label:`, Python `name=`.
    var labelSeparator: String? {
        switch self {
        case .swift: return ":"
        case .python: return "="
        case .c, .cpp, .objc, .gtkBuilder, .interfaceBuilder: return nil
        }
    }

    /// Whether `"a" + "b"` of literals is still a literal (Swift has no
    /// adjacent-literal concatenation; Python has both).
    var concatenatesWithPlus: Bool { self == .swift || self == .python }

    /// Words meaning "no value" where an optional argument is expected.
    static let nullWords: Set<String> = ["NULL", "nil", "Nil", "nullptr", "None"]

    /// Words that may come right before a call in an expression; any other
    /// identifier there makes `name(` a declaration (`char *gettext(...)`,
    /// `func text(...)`, `def text(...)`), not a call.
    static let expressionKeywords: Set<String> = [
        "return", "case", "else", "do", "throw", "co_return", "co_yield", "sizeof", "typeof",
        "try", "await", "in", "yield", "not", "and", "or", "if", "elif", "while", "assert", "lambda",
        "print", "is", "where", "guard", "repeat", "defer", "let", "var", "some", "any", "as",
    ]
}
