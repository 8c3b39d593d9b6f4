/// MessageFormat 2 text formatted for callers outside Swift.
extension Catalog {
    /// `formatMessage` with its values checked first, as the localizer's
    /// named calls check them: `.invalidArgument` for a decimal that is no
    /// number or a date that is not finite. The C API formats through it.
    package func checkedFormatMessage(_ source: String, locale: String, arguments: [String: FormatArgument],
                                      isolate: Bool = false) throws(ParlanceError) -> (text: String, errors: [MessageFormat2Error]) {
        try FormatArgument.check(named: arguments)
        return formatMessage(source, locale: locale, arguments: arguments, isolate: isolate)
    }
}
