#if canImport(Glibc)
import Glibc
#endif

/// State guarded by a pthread mutex.
///
/// Writers (loads, locale switches, caches) serialize on it; readers on the
/// lookup paths never take it. A pthread mutex rather than the standard
/// library's `Mutex`: ThreadSanitizer understands pthread's, so `make
/// sanitize` checks every guarded access.
///
/// A struct over one non-generic class (`LockedStorage`), which holds the
/// mutex and the state in one allocation: a generic class would have the
/// runtime build its metadata for each state type at first use (about
/// 7,000 instructions each, several of them before a process's first
/// lookup). Copies share the state, as references to a class would.
///
/// `@unchecked Sendable`: the state is only reached under the mutex.
package struct Locked<State>: @unchecked Sendable {
    private let storage: LockedStorage

    package init(_ initial: State) {
        storage = LockedStorage(stateSize: MemoryLayout<State>.size, alignment: MemoryLayout<State>.alignment,
                                destroy: { $0.assumingMemoryBound(to: State.self).deinitialize(count: 1) })
        storage.state.initializeMemory(as: State.self, to: initial)
    }

    static func make(_ initial: State) -> Locked<State> { Locked(initial) }

    /// Runs `body` with the state, the mutex held.
    @inline(__always)
    package func withLock<R, E: Error>(_ body: (inout State) throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(storage.mutex)
        defer { pthread_mutex_unlock(storage.mutex) }
        return try body(&storage.state.assumingMemoryBound(to: State.self).pointee)
    }
}

/// A `Locked`'s mutex and state: one allocation, the mutex first, the
/// state after it; `destroy` deinitializes the state (it knows its type).
final class LockedStorage: @unchecked Sendable {
    let mutex: UnsafeMutablePointer<pthread_mutex_t>
    let state: UnsafeMutableRawPointer
    private let destroy: (UnsafeMutableRawPointer) -> Void

    init(stateSize: Int, alignment: Int, destroy: @escaping (UnsafeMutableRawPointer) -> Void) {
        let align = max(alignment, MemoryLayout<pthread_mutex_t>.alignment)
        let offset = (MemoryLayout<pthread_mutex_t>.size + align - 1) / align * align
        let raw = UnsafeMutableRawPointer.allocate(byteCount: offset + max(stateSize, 1), alignment: align)
        mutex = raw.bindMemory(to: pthread_mutex_t.self, capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        // glibc's PTHREAD_MUTEX_INITIALIZER is all zero bytes: a zeroed
        // mutex is a default one, and a first use binds no pthread_mutex_init.
        #if !os(Linux)
        pthread_mutex_init(mutex, nil)
        #endif
        state = raw + offset
        self.destroy = destroy
    }

    deinit {
        destroy(state)
        pthread_mutex_destroy(mutex)
        UnsafeMutableRawPointer(mutex).deallocate()
    }
}
