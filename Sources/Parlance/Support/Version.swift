internal import CParlanceAPI

/// The library version, read from `PARLANCE_VERSION_*` in `include/parlance.h`,
/// the one place it is written: the library, the CLI, the Python package
/// (which reads the header when it is built) and pkg-config all take it from
/// there.
public enum ParlanceVersion {
    public static let major = Int(PARLANCE_VERSION_MAJOR)
    public static let minor = Int(PARLANCE_VERSION_MINOR)
    public static let patch = Int(PARLANCE_VERSION_PATCH)
    /// major * 10000 + minor * 100 + patch, as `PARLANCE_VERSION_NUMBER`.
    public static let number = major * 10000 + minor * 100 + patch
    public static let string = "\(major).\(minor).\(patch)"
}
