/* The Swift runtime's two CommandLine entry points, for glibc.
 *
 * The standard library's CommandLine asks the runtime for argv through
 * _swift_stdlib_getUnsafeArgvArgc. The runtime's own definition (its
 * CommandLine.cpp, a member of libswiftCore.a) finds argv at load time by
 * reading /proc/self/maps line by line with sscanf: about 130,000
 * instructions in every process that loads libparlance.so, a tenth of what
 * showing one string costs (docs/decisions.md, "Size and start, round 2").
 * glibc passes argc, argv and envp to every ELF initializer, of a program and
 * of a library it loads (dlopen included): argv is recorded there. Since
 * both entry points are defined here, the static link never takes the
 * runtime's member; with a shared Swift runtime these definitions answer
 * the same. Other C libraries keep the runtime's. */
#include <stddef.h>
#include <stdlib.h> /* __GLIBC__ */

#if defined(__linux__) && defined(__GLIBC__)

static char **recorded_argv;
static int recorded_argc;
static char **override_argv;
static int override_argc;

__attribute__((constructor))
static void record_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    recorded_argc = argc;
    recorded_argv = argv;
}

char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen);
void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc);

char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    static char *emptyArgv[] = {NULL};
    if (override_argv) {
        *outArgLen = override_argc;
        return override_argv;
    }
    if (recorded_argv) {
        *outArgLen = recorded_argc;
        return recorded_argv;
    }
    *outArgLen = 0;
    return emptyArgv;
}

void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
    override_argv = argv;
    override_argc = argc;
}

#endif
