// The C ABI: @_cdecl functions declared in include/parlance.h. Nothing but the boundary.
import Parlance

@_cdecl("parlance_version_number")
public func parlance_version_number() -> UInt32 {
    UInt32(ParlanceVersion.number)
}

nonisolated(unsafe) private let versionString: UnsafeMutablePointer<CChar> = ownedCopy(ParlanceVersion.string)!

@_cdecl("parlance_version")
public func parlance_version() -> UnsafePointer<CChar> {
    UnsafePointer(versionString)
}

nonisolated(unsafe) private let icuVersionString: UnsafeMutablePointer<CChar> = ownedCopy(ParlanceVersion.icu)!

@_cdecl("parlance_icu_version")
public func parlance_icu_version() -> UnsafePointer<CChar> {
    UnsafePointer(icuVersionString)
}

@_cdecl("parlance_icu_error")
public func parlance_icu_error() -> UnsafePointer<CChar>? {
    ParlanceVersion.icuErrorText
}
