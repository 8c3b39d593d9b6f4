// The C boundary's error mapping: every failure becomes a status and the
// per-thread message, in one place.
import Parlance
import Glibc

/// Records `error` as this thread's last error and returns its status.
func fail(_ error: ParlanceError) -> Int32 {
    ThreadError.record(error)
    return error.code.rawValue
}

/// Runs a throwing body and maps its error to a status.
func status(_ body: () throws(ParlanceError) -> Void) -> Int32 {
    do {
        try body()
        return 0
    } catch {
        return fail(error)
    }
}

func invalid(_ message: String) -> ParlanceError { ParlanceError(.invalidArgument, message) }

/// A required C string argument.
func string(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(ParlanceError) -> String {
    guard let pointer else { throw invalid("\(name) is NULL") }
    return String(cString: pointer)
}

/// The bytes of a C string, without its NUL.
@inline(__always)
func bytes(_ pointer: UnsafePointer<CChar>) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
}

/// An optional C string argument.
func optionalString(_ pointer: UnsafePointer<CChar>?) -> String? {
    pointer.map { String(cString: $0) }
}

/// Text the caller owns, released with parlance_free().
func ownedCopy(_ text: String) -> UnsafeMutablePointer<CChar>? {
    var text = text
    return text.withUTF8(ownedCopy)
}

/// Bytes the caller owns, NUL-terminated, released with parlance_free().
func ownedCopy(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeMutablePointer<CChar>? {
    guard let copy = malloc(bytes.count + 1)?.assumingMemoryBound(to: CChar.self) else { return nil }
    if let base = bytes.baseAddress { memcpy(copy, base, bytes.count) }
    copy[bytes.count] = 0
    return copy
}

@_cdecl("parlance_last_error")
public func parlance_last_error() -> UnsafePointer<CChar> {
    ThreadError.message
}

@_cdecl("parlance_last_error_details")
public func parlance_last_error_details(_ path: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
                                        _ line: UnsafeMutablePointer<UInt32>?,
                                        _ column: UnsafeMutablePointer<UInt32>?) -> Int32 {
    ThreadError.details(path: path, line: line, column: column)
}

@_cdecl("parlance_free")
public func parlance_free(_ text: UnsafeMutableRawPointer?) {
    free(text)
}
