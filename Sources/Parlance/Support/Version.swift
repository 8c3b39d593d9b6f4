/// The library version; `PARLANCE_VERSION_*` in `include/parlance.h` must match.
public enum ParlanceVersion {
    public static let major = 0
    public static let minor = 1
    public static let patch = 0
    /// major * 10000 + minor * 100 + patch, as `PARLANCE_VERSION_NUMBER`.
    public static let number = major * 10000 + minor * 100 + patch
    public static let string = "\(major).\(minor).\(patch)"
}
