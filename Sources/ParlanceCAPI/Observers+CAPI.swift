// parlance_localizer_on_change, parlance_localizer_remove_on_change.
import CParlanceAPI
import Parlance

/// The (callback, user data) pair that names a C change callback.
private func tag(_ callback: parlance_change_callback, _ userData: UnsafeMutableRawPointer?) -> [UInt] {
    [UInt(bitPattern: unsafeBitCast(callback, to: UnsafeRawPointer.self)), UInt(bitPattern: userData)]
}

@_cdecl("parlance_localizer_on_change")
public func parlance_localizer_on_change(_ handle: OpaquePointer?, _ callback: parlance_change_callback?,
                                         _ userData: UnsafeMutableRawPointer?) -> Int32 {
    status { () throws(ParlanceError) in
        let localizer = try localizer(handle)
        guard let callback else { throw invalid("callback is NULL") }
        let user = UInt(bitPattern: userData)
        _ = localizer.addChangeHandler(tag: tag(callback, userData)) { changed, change in
            // The handle the caller holds: the same retained object.
            callback(UnsafeMutableRawPointer(bitPattern: user), OpaquePointer(Unmanaged.passUnretained(changed).toOpaque()),
                     parlance_change(rawValue: UInt32(change.rawValue)))
        }
    }
}

@_cdecl("parlance_localizer_remove_on_change")
public func parlance_localizer_remove_on_change(_ handle: OpaquePointer?, _ callback: parlance_change_callback?,
                                                _ userData: UnsafeMutableRawPointer?) -> Int32 {
    status { () throws(ParlanceError) in
        let localizer = try localizer(handle)
        guard let callback else { throw invalid("callback is NULL") }
        guard localizer.removeChangeHandler(id: nil, tag: tag(callback, userData)) else {
            throw invalid("this callback and user_data were not added")
        }
    }
}
