internal import CParlanceShim

extension ParlanceVersion {
    /// The version of the ICU library loaded at run time, as it reports
    /// itself (`u_getVersion`): "72.1". The system's ICU for a library built
    /// from source, the package's renamed copy in the Python wheel; "" if ICU
    /// gave none. Read once: ICU cannot change under a running process.
    public static let icu: String = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { buffer in
        guard let base = buffer.baseAddress, parlance_icu_runtime_version(base, 32) >= 0 else { return "" }
        return String(cString: base)
    }

    /// Why ICU could not be loaded: nil while it is loaded or has not been
    /// needed yet. ICU is opened at the first call that needs it
    /// (docs/architecture.md lists them); when it cannot be, those calls
    /// answer without it and the reason is written once to standard error.
    /// Reading `icu` loads it: read that first to know at start.
    public static var icuError: String? {
        icuErrorText.map { String(cString: $0) }
    }

    /// `icuError` as the loader keeps it: static text, for the C API.
    package static var icuErrorText: UnsafePointer<CChar>? { parlance_icu_load_error() }
}
