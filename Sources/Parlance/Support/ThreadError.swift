internal import CParlanceShim

/// The calling thread's last error, as the C API reports it
/// (`parlance_last_error`, `parlance_last_error_details`): kept per thread
/// by the shim, so a message stays valid until the thread's next failure.
package enum ThreadError {
    /// Records `error` as this thread's last error.
    package static func record(_ error: ParlanceError) {
        var message = error.description
        message.withUTF8 { text in
            text.withMemoryRebound(to: CChar.self) { text in
                guard var path = error.path else {
                    parlance_shim_set_error(error.code.rawValue, text.baseAddress, text.count, nil, 0,
                                            UInt32(clamping: error.line), UInt32(clamping: error.column))
                    return
                }
                path.withUTF8 { p in
                    p.withMemoryRebound(to: CChar.self) { p in
                        parlance_shim_set_error(error.code.rawValue, text.baseAddress, text.count, p.baseAddress, p.count,
                                                UInt32(clamping: error.line), UInt32(clamping: error.column))
                    }
                }
            }
        }
    }

    /// The last error's message ("" when there was none).
    package static var message: UnsafePointer<CChar> { parlance_shim_error() }

    /// The last error's file and place; returns its status (0: none).
    package static func details(path: UnsafeMutablePointer<UnsafePointer<CChar>?>?, line: UnsafeMutablePointer<UInt32>?,
                                column: UnsafeMutablePointer<UInt32>?) -> Int32 {
        parlance_shim_error_details(path, line, column)
    }
}
