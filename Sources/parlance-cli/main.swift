#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ParlanceTools

/// Writes all of `text` to a file descriptor (retrying short writes and EINTR).
func writeAll(_ fd: Int32, _ text: String) {
    var text = text
    text.withUTF8 { bytes in
        guard var next = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let written = write(fd, next, left)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            next += written
            left -= written
        }
    }
}

let console = Console(out: { writeAll(1, $0) }, err: { writeAll(2, $0) })
exit(ParlanceTool.main(Array(CommandLine.arguments.dropFirst()), console: console))
