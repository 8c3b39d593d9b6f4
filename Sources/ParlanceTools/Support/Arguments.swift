import Parlance

/// A small, table-driven command-line parser: each command lists its options
/// once, and help text is generated from the same table.
public struct OptionSpec: Sendable {
    public enum Kind: Sendable {
        /// A flag without a value.
        case flag
        /// An option with one value.
        case value(placeholder: String)
        /// An option that may repeat, each with a value.
        case repeated(placeholder: String)
        /// An option whose value is optional and attached (`--name[=V]`,
        /// and for a one-letter name `-nV`); alone, its value is empty.
        case optionalValue(placeholder: String)
    }

    public let name: String
    public let kind: Kind
    public let help: String

    public init(_ name: String, _ kind: Kind, _ help: String) {
        self.name = name
        self.kind = kind
        self.help = help
    }
}

/// Parsed arguments: option values by name and the positional arguments.
public struct ParsedArguments: Sendable {
    public var flags: Set<String> = []
    public var values: [String: [String]] = [:]
    public var positionals: [String] = []

    public func value(_ name: String) -> String? { values[name]?.last }
    public func all(_ name: String) -> [String] { values[name] ?? [] }
    public func has(_ name: String) -> Bool { flags.contains(name) }

    /// The development locale `option` names, else the core's default
    /// (`Localizer.defaultDevelopment`).
    package func developmentLocale(_ option: String = "--development-locale") -> String {
        value(option) ?? Localizer.defaultDevelopment
    }
}

public struct UsageError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

public enum ArgumentParser {
    /// Parses `--name value`, `--name=value`, flags, and `--` ending options.
    public static func parse(_ arguments: [String], options: [OptionSpec]) throws -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                result.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inline: String? = nil
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            if inline == nil, !name.hasPrefix("--"), name.count > 2,
               let short = options.first(where: { $0.name.count == 2 && name.hasPrefix($0.name) }),
               case .optionalValue = short.kind {   // `-cTAG`
                inline = String(name.dropFirst(2))
                name = short.name
            }
            guard let spec = options.first(where: { $0.name == name }) else {
                throw UsageError("unknown option '\(name)'")
            }
            switch spec.kind {
            case .optionalValue:
                result.values[name, default: []].append(inline ?? "")
            case .flag:
                guard inline == nil else { throw UsageError("option '\(name)' takes no value") }
                result.flags.insert(name)
            case .value, .repeated:
                let value: String
                if let inline {
                    value = inline
                } else {
                    guard index < arguments.count else { throw UsageError("option '\(name)' needs a value") }
                    value = arguments[index]
                    index += 1
                }
                if case .value = spec.kind, result.values[name] != nil {
                    throw UsageError("option '\(name)' given twice")
                }
                result.values[name, default: []].append(value)
            }
        }
        return result
    }

    /// The options part of a help text.
    public static func help(for options: [OptionSpec]) -> String {
        let rows = options.map { spec -> (String, String) in
            switch spec.kind {
            case .flag: return (spec.name, spec.help)
            case .value(let placeholder): return ("\(spec.name) \(placeholder)", spec.help)
            case .repeated(let placeholder): return ("\(spec.name) \(placeholder)...", spec.help)
            case .optionalValue(let placeholder):
                return (spec.name.hasPrefix("--") ? "\(spec.name)[=\(placeholder)]" : "\(spec.name)[\(placeholder)]", spec.help)
            }
        }
        let width = (rows.map(\.0.count).max() ?? 0) + 2
        return rows.map { left, right in
            "  " + left + String(repeating: " ", count: width - left.count) + right
        }.joined(separator: "\n")
    }
}
