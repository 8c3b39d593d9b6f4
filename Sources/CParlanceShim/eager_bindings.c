/* The libc functions every first lookup calls, bound when the Embedded
 * build of libparlance.so is loaded instead of at their first call.
 *
 * Why: the dynamic loader binds a library's libc functions lazily, each at
 * its first call, through a trampoline that saves and restores the vector
 * registers around a symbol lookup. A program's first catalog load and
 * lookup called 19 libc functions for the first time: some 18,000
 * instructions of binding inside it (two more, close and mprotect, for a
 * file small enough to be read whole). Every process that looks anything up
 * calls all of these, so binding them at load does the same lookups
 * without the trampolines, before the first lookup instead of inside it.
 * The library's other libc functions (directory listing, dlopen, number
 * parsing, the C locale...) stay lazy: binding all of them at load
 * (-z now) would make a process that never calls them pay for them.
 *
 * How: the link wraps each function listed here (the Makefile reads the
 * names from this file: --wrap=NAME), so that the library's calls reach
 * __wrap_NAME, which jumps to libc's NAME through the global offset table
 * (this file is compiled -fno-plt): a GLOB_DAT relocation, resolved at
 * load, where a call through the PLT is a JUMP_SLOT, resolved at first
 * call. A wrapper is one indirect jump, as a PLT entry is. Hidden: not
 * exported. The regular build (SwiftPM's) compiles none of this.
 *
 * The list is what the first load and lookup of a .mo call, on the native
 * API and on the libintl functions alike, whatever the file's size
 * (LD_DEBUG=bindings);
 * Tests/python/test_library.py checks that such a first lookup binds no
 * libc function lazily. */
#if defined(PARLANCE_EMBEDDED) && defined(__linux__)
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <sys/types.h>

struct stat;

#define WRAPPER __attribute__((visibility("hidden")))

extern void *__real_malloc(size_t);
extern void __real_free(void *);
extern void *__real_realloc(void *, size_t);
extern size_t __real_strlen(const char *);
extern int __real_memcmp(const void *, const void *, size_t);
extern void *__real_memmove(void *, const void *, size_t);
extern void *__real_memset(void *, int, size_t);
extern void *__real_memchr(const void *, int, size_t);
extern int __real_stat(const char *, struct stat *);
extern int __real_fstat(int, struct stat *);
extern int __real_open(const char *, int, ...);
extern int __real_close(int);
extern ssize_t __real_pread(int, void *, size_t, off_t);
extern void *__real_mmap(void *, size_t, int, int, int, off_t);
extern int __real_madvise(void *, size_t, int);
extern int __real_mprotect(void *, size_t, int);
extern int __real_pthread_mutex_lock(pthread_mutex_t *);
extern int __real_pthread_mutex_unlock(pthread_mutex_t *);
extern int __real_pthread_key_create(pthread_key_t *, void (*)(void *));
extern int __real_pthread_setspecific(pthread_key_t, const void *);
extern ssize_t __real_getrandom(void *, size_t, unsigned);

WRAPPER void *__wrap_malloc(size_t size) { return __real_malloc(size); }
WRAPPER void __wrap_free(void *block) { __real_free(block); }
WRAPPER void *__wrap_realloc(void *block, size_t size) { return __real_realloc(block, size); }
WRAPPER size_t __wrap_strlen(const char *s) { return __real_strlen(s); }
WRAPPER int __wrap_memcmp(const void *a, const void *b, size_t n) { return __real_memcmp(a, b, n); }
WRAPPER void *__wrap_memmove(void *to, const void *from, size_t n) { return __real_memmove(to, from, n); }
WRAPPER void *__wrap_memset(void *to, int byte, size_t n) { return __real_memset(to, byte, n); }
WRAPPER void *__wrap_memchr(const void *s, int byte, size_t n) { return __real_memchr(s, byte, n); }
WRAPPER int __wrap_stat(const char *path, struct stat *info) { return __real_stat(path, info); }
WRAPPER int __wrap_fstat(int fd, struct stat *info) { return __real_fstat(fd, info); }
WRAPPER int __wrap_open(const char *path, int flags, ...) {
    /* The mode is there only when the flags create a file. */
    int mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) {
        va_list args;
        va_start(args, flags);
        mode = va_arg(args, int);
        va_end(args);
    }
    return __real_open(path, flags, mode);
}
WRAPPER int __wrap_close(int fd) { return __real_close(fd); }
WRAPPER ssize_t __wrap_pread(int fd, void *to, size_t n, off_t at) { return __real_pread(fd, to, n, at); }
WRAPPER void *__wrap_mmap(void *at, size_t n, int prot, int flags, int fd, off_t offset) {
    return __real_mmap(at, n, prot, flags, fd, offset);
}
WRAPPER int __wrap_madvise(void *at, size_t n, int advice) { return __real_madvise(at, n, advice); }
WRAPPER int __wrap_mprotect(void *at, size_t n, int prot) { return __real_mprotect(at, n, prot); }
WRAPPER int __wrap_pthread_mutex_lock(pthread_mutex_t *m) { return __real_pthread_mutex_lock(m); }
WRAPPER int __wrap_pthread_mutex_unlock(pthread_mutex_t *m) { return __real_pthread_mutex_unlock(m); }
WRAPPER int __wrap_pthread_key_create(pthread_key_t *key, void (*done)(void *)) { return __real_pthread_key_create(key, done); }
WRAPPER int __wrap_pthread_setspecific(pthread_key_t key, const void *value) { return __real_pthread_setspecific(key, value); }
WRAPPER ssize_t __wrap_getrandom(void *to, size_t n, unsigned flags) { return __real_getrandom(to, n, flags); }
#endif
