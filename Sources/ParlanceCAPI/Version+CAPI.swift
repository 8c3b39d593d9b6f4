// The C ABI: @_cdecl functions declared in include/parlance.h. Nothing but the boundary.
import Parlance
// The loaded ICU's version, through the shim like every ICU call.
internal import CParlanceShim

@_cdecl("parlance_version_number")
public func parlance_version_number() -> UInt32 {
    UInt32(ParlanceVersion.number)
}

nonisolated(unsafe) private let versionString: UnsafeMutablePointer<CChar> = ownedCopy(ParlanceVersion.string)!

@_cdecl("parlance_version")
public func parlance_version() -> UnsafePointer<CChar> {
    UnsafePointer(versionString)
}

/// The loaded ICU's version, read once: ICU cannot change under a running process.
nonisolated(unsafe) private let icuVersionString: UnsafeMutablePointer<CChar> = ownedCopy(loadedICUVersion())!

private func loadedICUVersion() -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { buffer in
        guard let base = buffer.baseAddress, parlance_icu_runtime_version(base, 32) >= 0 else { return "" }
        return String(cString: base)
    }
}

@_cdecl("parlance_icu_version")
public func parlance_icu_version() -> UnsafePointer<CChar> {
    UnsafePointer(icuVersionString)
}
