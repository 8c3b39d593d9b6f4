/* ICU on first need. Built with PARLANCE_ICU_DLOPEN (the Makefile's build
 * of libparlance.so), the shim's ICU functions live in a library of their
 * own, libparlance-icu.so.0, which links ICU; libparlance.so does not. The
 * first call of any of them opens that library, once for the process
 * (pthread_once), and every call goes through its table. A process whose
 * lookups need nothing from ICU never maps it (docs/architecture.md names
 * the calls that do).
 *
 * Where the library is looked for, first found wins:
 *   1. PARLANCE_ICU_LIBRARY, a path, when set (nothing else is tried);
 *   2. beside the object this code is linked into (libparlance.so, or the
 *      parlance executable), then in ../lib from there (bin/parlance);
 *   3. the dynamic linker's own search (its soname, libparlance-icu.so.0).
 * When it cannot be loaded, each function answers as ICU answers for an
 * input it rejects (the list's last column), MessageFormat calls report
 * why, parlance_icu_load_error() holds the reason (parlance_icu_error() in
 * the C API), and the reason is written once to standard error: the
 * answers without ICU are not ICU's, and an installation that lost its ICU
 * library says so instead of answering differently in silence.
 *
 * Without PARLANCE_ICU_DLOPEN (SwiftPM's build) the ICU files are linked
 * into the shim itself and this file is empty. */
#define _GNU_SOURCE
#include "icu_answers.h"
#include "icu_functions.h"

#ifdef PARLANCE_ICU_DLOPEN

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PARLANCE_ICU_SONAME "libparlance-icu.so.0"

static const struct parlance_icu_table *loaded;
static char load_error[512];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void *open_at(const char *directory, const char *relative) {
    char path[4096];
    int n = snprintf(path, sizeof path, "%s%s%s", directory, relative, PARLANCE_ICU_SONAME);
    if (n <= 0 || (size_t)n >= sizeof path) return NULL;
    return dlopen(path, RTLD_NOW | RTLD_LOCAL);
}

static void *open_library(void) {
    const char *chosen = getenv("PARLANCE_ICU_LIBRARY");
    if (chosen && *chosen) return dlopen(chosen, RTLD_NOW | RTLD_LOCAL);
    Dl_info self;
    if (dladdr(load_error, &self) && self.dli_fname) {
        char directory[4096];
        const char *slash = strrchr(self.dli_fname, '/');
        size_t length = slash ? (size_t)(slash - self.dli_fname) + 1 : 0;
        if (length > 0 && length < sizeof directory) {
            memcpy(directory, self.dli_fname, length);
            directory[length] = 0;
            void *handle = open_at(directory, "");
            if (!handle) handle = open_at(directory, "../lib/");
            if (handle) return handle;
        }
    }
    return dlopen(PARLANCE_ICU_SONAME, RTLD_NOW | RTLD_LOCAL);
}

/* The reason, once, on standard error (load runs once for the process). */
static void report(void) {
    fprintf(stderr, "%s; locale names, plural rules, normalization and formatting that need ICU answer "
                    "without it (PARLANCE_ICU_LIBRARY names the library's path)\n", load_error);
}
static void load(void) {
    void *handle = open_library();
    if (!handle) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error, "Parlance cannot load ICU (%s): %s", PARLANCE_ICU_SONAME,
                 why ? why : "not found");
        report();
        return;
    }
    const struct parlance_icu_table *(*table)(void);
    *(void **)&table = dlsym(handle, PARLANCE_ICU_TABLE_SYMBOL);
    const struct parlance_icu_table *found = table ? table() : NULL;
    if (!found || found->version != PARLANCE_ICU_TABLE_VERSION) {
        snprintf(load_error, sizeof load_error, "Parlance cannot load ICU: %s has no %s of version %d",
                 PARLANCE_ICU_SONAME, PARLANCE_ICU_TABLE_SYMBOL, PARLANCE_ICU_TABLE_VERSION);
        dlclose(handle);
        report();
        return;
    }
    /* Kept open for the life of the process: ICU's objects live in it. */
    __atomic_store_n(&loaded, found, __ATOMIC_RELEASE);
}

static inline const struct parlance_icu_table *icu(void) {
    const struct parlance_icu_table *table = __atomic_load_n(&loaded, __ATOMIC_ACQUIRE);
    if (__builtin_expect(table != NULL, 1)) return table;
    pthread_once(&load_once, load);
    return __atomic_load_n(&loaded, __ATOMIC_ACQUIRE);
}

const char *parlance_icu_load_error(void) {
    return __atomic_load_n(&loaded, __ATOMIC_ACQUIRE) || !load_error[0] ? NULL : load_error;
}

char *parlance_icu_unavailable_message(parlance_shim_message_error *error) {
    if (error) {
        error->offset = -1;
        error->name = load_error;
    }
    return NULL;
}

#define PARLANCE_ICU_FORWARD(type, name, params, args, unavailable) \
    type parlance_icu_##name params { \
        const struct parlance_icu_table *table = icu(); \
        if (!table) return unavailable; \
        return table->name args; \
    }
PARLANCE_ICU_ASKED(PARLANCE_ICU_FORWARD)
#undef PARLANCE_ICU_FORWARD

/* These answer the commonest inputs themselves (icu_answers.h), before
 * loading ICU. */
#define PARLANCE_ICU_FORWARD_ANSWERED(type, name, params, args, unavailable) \
    type parlance_icu_##name params { \
        type answer = parlance_icu_answer_##name args; \
        if (answer != PARLANCE_ICU_ASK) return answer; \
        const struct parlance_icu_table *table = icu(); \
        if (!table) return unavailable; \
        return table->name args; \
    }
PARLANCE_ICU_ANSWERED(PARLANCE_ICU_FORWARD_ANSWERED)
#undef PARLANCE_ICU_FORWARD_ANSWERED

void parlance_icu_plural_close(parlance_shim_plural *rules) {
    /* A handle exists only once ICU was loaded. */
    if (rules) icu()->plural_close(rules);
}

#else

const char *parlance_icu_load_error(void) { return NULL; }

#endif
