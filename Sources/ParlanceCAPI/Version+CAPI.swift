// The C ABI: @_cdecl functions declared in include/parlance.h. Nothing but the boundary.
internal import CParlanceShim
import Parlance

@_cdecl("parlance_version_number")
public func parlance_version_number() -> UInt32 {
    UInt32(ParlanceVersion.number)
}
