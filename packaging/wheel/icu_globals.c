/* Part of the wheel's libparlance-icu.so.0, which links ICU in statically
 * (Makefile, `wheel-icu`; docs/packaging.md). Debian's ICU archives are
 * built position-independent for programs, not for shared libraries, and
 * reach two other libraries' data as a program does; in this library they
 * reach hidden copies instead, defined here:
 *
 * - putil.o reads glibc's `__timezone` and `tzname` at PC-relative
 *   addresses, which a shared library cannot use for another library's
 *   data. The copies are filled from glibc's, after `tzset`, when the
 *   library is loaded (at the first call that needs ICU). ICU reads them
 *   only to name the host's time zone when neither TZ nor /etc/localtime
 *   names one.
 * - umutex.o's `std::call_once` reaches libstdc++'s thread-local
 *   `std::__once_callable` and `std::__once_call` in the initial-exec
 *   model, which glibc cannot give when libstdc++ was loaded before this
 *   library by `dlopen` ("cannot allocate memory in static TLS block": a
 *   Python process that imported PyICU first). Copies of the two, and of
 *   the `__once_proxy` that `pthread_once` runs to read them (libstdc++'s
 *   own, in mutex.cc: it calls `__once_call`), keep ICU's `call_once` in
 *   this library. */
#define _DEFAULT_SOURCE
#include <time.h>

__attribute__((visibility("hidden"))) long parlance_icu_timezone __asm__("__timezone");
__attribute__((visibility("hidden"))) char *parlance_icu_tzname[2] __asm__("tzname");

__attribute__((constructor)) static void parlance_icu_copy_time_zone(void) {
    tzset();
    parlance_icu_timezone = timezone;
    parlance_icu_tzname[0] = __tzname[0];
    parlance_icu_tzname[1] = __tzname[1];
}

__attribute__((visibility("hidden"))) __thread void *parlance_icu_once_callable __asm__("_ZSt15__once_callable");
__attribute__((visibility("hidden"))) __thread void (*parlance_icu_once_call)(void) __asm__("_ZSt11__once_call");

__attribute__((visibility("hidden"))) void parlance_icu_once_proxy(void) __asm__("__once_proxy");
void parlance_icu_once_proxy(void) { parlance_icu_once_call(); }
