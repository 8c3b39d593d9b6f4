import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the same job on a few threads at once and waits for all of them:
/// the tools' one way of spreading work over processors.
///
/// Each job gets its worker number, 0 ..< workers. Jobs share only what they
/// read; each writes its own part of the result (the caller's promise, which
/// the compiler cannot check here).
enum Concurrently {
    /// Processors online (at least 1).
    static var processors: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    static func run(_ workers: Int, _ body: (Int) -> Void) {
        guard workers > 1 else {
            body(0)
            return
        }
        withoutActuallyEscaping(body) { body in
            nonisolated(unsafe) let job = body
            DispatchQueue.concurrentPerform(iterations: workers) { worker in job(worker) }
        }
    }
}
