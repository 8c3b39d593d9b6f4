/// An error found in a MessageFormat 2 message (`spec/errors.md`).
///
/// Loading reports syntax and data model errors (as a `ParlanceError` with
/// the line and column); formatting reports the others alongside its text.
public struct MessageFormat2Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// The spec's error types, spelled as in its test suite's schema.
    public enum Kind: String, Sendable, CaseIterable {
        case syntax = "syntax-error"
        // Data model errors
        case variantKeyMismatch = "variant-key-mismatch"
        case missingFallbackVariant = "missing-fallback-variant"
        case missingSelectorAnnotation = "missing-selector-annotation"
        case duplicateDeclaration = "duplicate-declaration"
        case duplicateOptionName = "duplicate-option-name"
        case duplicateVariant = "duplicate-variant"
        // Resolution errors
        case unresolvedVariable = "unresolved-variable"
        case unknownFunction = "unknown-function"
        case badSelector = "bad-selector"
        // Message function errors
        case badOperand = "bad-operand"
        case badOption = "bad-option"
        case badVariantKey = "bad-variant-key"
        case unsupportedOperation = "unsupported-operation"

        /// Whether loading reports this kind (the message is not valid).
        public var isLoadError: Bool {
            switch self {
            case .syntax, .variantKeyMismatch, .missingFallbackVariant, .missingSelectorAnnotation,
                 .duplicateDeclaration, .duplicateOptionName, .duplicateVariant: true
            default: false
            }
        }
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
