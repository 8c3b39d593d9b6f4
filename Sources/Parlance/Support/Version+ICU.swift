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
}
