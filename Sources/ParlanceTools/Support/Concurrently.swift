#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the same job on a few threads at once and waits for all of them:
/// the tools' one way of spreading work over processors (POSIX threads, no
/// other dependency).
///
/// Each job gets its worker number, 0 ..< workers; worker 0 runs on the
/// calling thread. Jobs share only what they read; each writes its own part
/// of the result. A thread that cannot be started has its job run on the
/// calling thread instead, so the work is always done.
enum Concurrently {
    /// Processors online (at least 1).
    static var processors: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    private final class Job {
        let body: (Int) -> Void
        let worker: Int
        init(_ body: @escaping (Int) -> Void, worker: Int) {
            self.body = body
            self.worker = worker
        }
    }

    static func run(_ workers: Int, _ body: (Int) -> Void) {
        guard workers > 1 else {
            body(0)
            return
        }
        withoutActuallyEscaping(body) { body in
            var threads: [pthread_t] = []
            var inline: [Int] = []
            for worker in 1..<workers {
                let job = Unmanaged.passRetained(Job(body, worker: worker)).toOpaque()
                var thread = pthread_t()
                let started = pthread_create(&thread, nil, { raw in
                    guard let raw else { return nil }
                    let job = Unmanaged<Job>.fromOpaque(raw).takeRetainedValue()
                    job.body(job.worker)
                    return nil
                }, job)
                if started == 0 {
                    threads.append(thread)
                } else {
                    Unmanaged<Job>.fromOpaque(job).release()
                    inline.append(worker)
                }
            }
            body(0)
            for worker in inline { body(worker) }
            for thread in threads { pthread_join(thread, nil) }
        }
    }
}
