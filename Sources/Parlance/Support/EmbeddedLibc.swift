#if hasFeature(Embedded)
// The C library's few names that the toolchain's Glibc overlay gives and its
// headers alone do not: the Embedded build imports the headers under the
// module name Glibc (Sources/EmbeddedGlibc), since the overlay is not built
// for Embedded Swift. docs/architecture.md, "The C library in Embedded Swift".
import Glibc

package var errno: Int32 {
    get { parlance_errno_location().pointee }
    set { parlance_errno_location().pointee = newValue }
}

package func open(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 { parlance_open2(path, flags) }
package func open(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 { parlance_open3(path, flags, mode) }
package func fcntl(_ fd: Int32, _ command: Int32, _ argument: Int32) -> Int32 { parlance_fcntl3(fd, command, argument) }

package let MAP_FAILED = UnsafeMutableRawPointer(bitPattern: -1)
package let S_IFMT = mode_t(0o170000)
package let S_IFREG = mode_t(0o100000)
package let S_IFDIR = mode_t(0o040000)
#endif
