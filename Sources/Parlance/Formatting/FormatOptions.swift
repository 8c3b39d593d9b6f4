import Synchronization

/// How a formatted message presents its arguments: a localizer's default
/// (`Localizer.formatOptions`), overridable per call.
public struct FormatOptions: Sendable, Equatable {
    /// How printf numbers (`%d`, `%f`…) are written. ICU MessageFormat and
    /// MessageFormat 2 messages always write numbers the locale's way.
    public enum Numbers: Int, Sendable, CaseIterable {
        /// As C writes them (`1234.5`): the default.
        case c = 1
        /// As the locale writes them, through ICU's number formatter: its
        /// digits, grouping and decimal separator (`١٬٢٣٤٫٥` in Arabic).
        case locale = 2
    }

    /// Whether each placeholder's formatted text is wrapped in bidi
    /// isolates, so that an argument in one direction cannot reorder the
    /// text around it. Isolation never changes a value that a selector, a
    /// plural or a nested lookup reads: only the text a placeholder puts in.
    /// Whether a MessageFormat 2 message formatted with these options
    /// isolates its placeholders (by the specification's Default Bidi
    /// Strategy): any isolation asked for but `.off`.
    package var isolatesMessageFormat2: Bool { isolation != nil && isolation != .off }

    public enum Isolation: Int, Sendable, CaseIterable {
        /// `.firstStrong` for messages of a right-to-left locale, `.off` otherwise.
        case automatic = 1
        /// No isolates, the default: what each format's own runtime gives
        /// (`off` rather than `none`, which Swift reads as a nil optional).
        case off = 2
        /// FSI … PDI: each argument takes the direction of its first strong character.
        case firstStrong = 3
        /// LRI … PDI or RLI … PDI by the argument's first strong character
        /// (FSI … PDI when it has none), as MessageFormat 2's default strategy does.
        case directional = 4
    }

    /// nil: the localizer's setting.
    public var numbers: Numbers?
    /// nil: the localizer's setting.
    public var isolation: Isolation?

    public init(numbers: Numbers? = nil, isolation: Isolation? = nil) {
        self.numbers = numbers
        self.isolation = isolation
    }

    /// These options where set, `defaults` elsewhere.
    func over(_ defaults: FormatOptions) -> FormatOptions {
        FormatOptions(numbers: numbers ?? defaults.numbers, isolation: isolation ?? defaults.isolation)
    }

    /// Packed for an atomic: numbers in bits 0–7, isolation in bits 8–15 (0: unset).
    var packed: UInt32 { UInt32(numbers?.rawValue ?? 0) | UInt32(isolation?.rawValue ?? 0) << 8 }

    init(packed: UInt32) {
        numbers = Numbers(rawValue: Int(packed & 0xFF))
        isolation = Isolation(rawValue: Int(packed >> 8 & 0xFF))
    }
}

/// What one formatting call does with its arguments, decided from the
/// options and the locale of the message.
struct ArgumentStyle: Sendable {
    enum Isolate: Sendable { case none, firstStrong, directional }

    /// The locale the message came from (or the chain's first for a missing one).
    var locale: String
    /// Numbers the locale's way (printf).
    var localeNumbers: Bool
    var isolate: Isolate
    /// Whether the call or the localizer set an isolation: when neither
    /// did, a syntax whose own runtime isolates by default (Fluent's
    /// `FluentBundle`) isolates.
    var isolationGiven = false

    /// C numbers, no isolates: formatting as it was before options existed.
    static let plain = ArgumentStyle(locale: "en", localeNumbers: false, isolate: .none)

    init(locale: String, localeNumbers: Bool, isolate: Isolate) {
        self.locale = locale
        self.localeNumbers = localeNumbers
        self.isolate = isolate
    }

    /// `direction`: the locale's, asked only for automatic isolation.
    init(_ options: FormatOptions, locale: String, direction: () -> TextDirection) {
        self.locale = locale
        localeNumbers = options.numbers == .locale
        switch options.isolation ?? .automatic {
        case .automatic: isolate = direction() == .rightToLeft ? .firstStrong : .none
        case .off: isolate = .none
        case .firstStrong: isolate = .firstStrong
        case .directional: isolate = .directional
        }
    }

    /// An argument's text, isolated as chosen.
    func isolated(_ text: String) -> String {
        switch isolate {
        case .none: return text
        case .firstStrong: return TextDirection.unknown.isolating(text)
        case .directional: return TextDirection.firstStrong(text).isolating(text)
        }
    }
}
