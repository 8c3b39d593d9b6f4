// The positional arguments of a call of an application's function (a
// Fluent call's, `FOO($x, 2)`) at the C boundary. Conversions only.
import CParlanceAPI
import Parlance

@_cdecl("parlance_function_argument_count")
public func parlance_function_argument_count(_ call: OpaquePointer?) -> Int {
    callState(call)?.call.arguments.count ?? 0
}

@_cdecl("parlance_function_argument")
public func parlance_function_argument(_ call: OpaquePointer?, _ index: Int,
                                       _ text: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
                                       _ date: UnsafeMutablePointer<Double>?) -> Int32 {
    guard let state = callState(call), state.call.arguments.indices.contains(index) else {
        text?.pointee = nil
        return Int32(PARLANCE_VALUE_NONE.rawValue)
    }
    return state.describe(state.call.arguments[index], text, date)
}
