/// An error found in a MessageFormat 2 message (`spec/errors.md`).
///
/// Loading reports syntax and data model errors (as a `ParlanceError` with
/// the line and column); formatting reports the others alongside its text.
public struct MessageFormat2Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// An error type: the specification's (`spec/errors.md`, spelled as in
    /// its test suite's schema), or one an application's function reports
    /// under its own name (the specification lets implementations and their
    /// functions define more), kept as given.
    public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let syntax = Kind(rawValue: "syntax-error")
        // Data model errors
        public static let variantKeyMismatch = Kind(rawValue: "variant-key-mismatch")
        public static let missingFallbackVariant = Kind(rawValue: "missing-fallback-variant")
        public static let missingSelectorAnnotation = Kind(rawValue: "missing-selector-annotation")
        public static let duplicateDeclaration = Kind(rawValue: "duplicate-declaration")
        public static let duplicateOptionName = Kind(rawValue: "duplicate-option-name")
        public static let duplicateVariant = Kind(rawValue: "duplicate-variant")
        // Resolution errors
        public static let unresolvedVariable = Kind(rawValue: "unresolved-variable")
        public static let unknownFunction = Kind(rawValue: "unknown-function")
        public static let badSelector = Kind(rawValue: "bad-selector")
        // Message function errors
        public static let badOperand = Kind(rawValue: "bad-operand")
        public static let badOption = Kind(rawValue: "bad-option")
        public static let badVariantKey = Kind(rawValue: "bad-variant-key")
        public static let unsupportedOperation = Kind(rawValue: "unsupported-operation")

        /// The specification's error types.
        public static let allCases: [Kind] = [
            .syntax, .variantKeyMismatch, .missingFallbackVariant, .missingSelectorAnnotation, .duplicateDeclaration,
            .duplicateOptionName, .duplicateVariant, .unresolvedVariable, .unknownFunction, .badSelector,
            .badOperand, .badOption, .badVariantKey, .unsupportedOperation,
        ]

        /// The kind a function reports by name: the name as given when it
        /// is one (letters, digits, `-`, `_`, `:`, `.`, at most 64 bytes),
        /// else `bad-operand`, the error of a function given what it cannot use.
        public init(reported name: String) {
            let bytes = name.utf8
            let valid = (1...64).contains(bytes.count) && bytes.allSatisfy { byte in
                (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || (byte >= 0x30 && byte <= 0x39)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
                    || byte == UInt8(ascii: ".")
            }
            self = valid ? Kind(rawValue: name) : .badOperand
        }

        /// Whether the specification names this kind.
        public var isSpecified: Bool { Self.allCases.contains(self) }

        /// Whether loading reports this kind (the message is not valid).
        public var isLoadError: Bool {
            [.syntax, .variantKeyMismatch, .missingFallbackVariant, .missingSelectorAnnotation,
             .duplicateDeclaration, .duplicateOptionName, .duplicateVariant].contains(self)
        }

        public var description: String { rawValue }
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// `bad-operand: …`
    public var description: String { "\(kind.rawValue): \(message)" }
}
