/* The per-thread error message and the printf conversions Swift cannot call. */
#define _GNU_SOURCE
#include "parlance_shim.h"

#include <errno.h>
#include <locale.h>
#include <pthread.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct error_state {
    int status;
    char *message, *path;
    size_t message_capacity, path_capacity;
    int has_path;
    uint32_t line, column;
};

static _Thread_local struct error_state last_error;

/* The buffers are freed when their thread exits. */
static pthread_key_t error_key;
static pthread_once_t error_key_once = PTHREAD_ONCE_INIT;

static void free_error(void *state) {
    struct error_state *e = state;
    free(e->message);
    free(e->path);
    e->message = e->path = NULL;
    e->message_capacity = e->path_capacity = 0;
}

static void make_error_key(void) {
    pthread_key_create(&error_key, free_error);
}

/* Copies text into a thread-local buffer, growing it; keeps the old on failure. */
static int store(char **buffer, size_t *capacity, const char *text, size_t length) {
    if (length + 1 > *capacity) {
        char *grown = realloc(*buffer, length + 1);
        if (grown == NULL) return 0;
        *buffer = grown;
        *capacity = length + 1;
    }
    memcpy(*buffer, text, length);
    (*buffer)[length] = '\0';
    return 1;
}

void parlance_shim_set_error(int status, const char *message, size_t length,
                             const char *path, size_t path_length, uint32_t line, uint32_t column) {
    if (last_error.message == NULL) {
        pthread_once(&error_key_once, make_error_key);
        pthread_setspecific(error_key, &last_error);
    }
    last_error.status = status;
    if (!store(&last_error.message, &last_error.message_capacity, message, length) && last_error.message)
        last_error.message[0] = '\0';
    last_error.has_path = path != NULL && store(&last_error.path, &last_error.path_capacity, path, path_length);
    last_error.line = line;
    last_error.column = column;
}

const char *parlance_shim_error(void) {
    return last_error.message ? last_error.message : "";
}

int parlance_shim_error_details(const char **path, uint32_t *line, uint32_t *column) {
    if (path) *path = last_error.has_path ? last_error.path : NULL;
    if (line) *line = last_error.line;
    if (column) *column = last_error.column;
    return last_error.status;
}

/* Numbers are formatted in the C locale whatever the host application chose
 * with setlocale(): a translation's "%.1f" must not turn into "1,5" because
 * the process runs under a German LC_NUMERIC. */
static locale_t c_locale;
static pthread_once_t c_locale_once = PTHREAD_ONCE_INIT;

static void make_c_locale(void) {
    c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0);
}

static locale_t enter_c_locale(void) {
    pthread_once(&c_locale_once, make_c_locale);
    return c_locale ? uselocale(c_locale) : (locale_t)0;
}

static void leave_c_locale(locale_t previous) {
    if (previous) uselocale(previous);
}

#ifdef PARLANCE_EMBEDDED
/* Text to Double (the standard library's Double(_: StringProtocol)): the
 * Embedded standard library declares this entry and leaves it to the
 * platform, which the regular runtime is. Its rule: strtod in the C locale,
 * the end of what was read returned (the caller checks that it is the end
 * of the text), "snan" with an optional sign a signalling NaN. */
const char *_swift_stdlib_strtod_clocale(const char *text, double *out) {
    const char *unsigned_text = text + (text[0] == '+' || text[0] == '-');
    if (strcasecmp(unsigned_text, "snan") == 0) {
        *out = __builtin_nans("");
        return text + strlen(text);
    }
    pthread_once(&c_locale_once, make_c_locale);
    char *end;
    errno = 0;
    *out = c_locale ? strtod_l(text, &end, c_locale) : strtod(text, &end);
    return end;
}
#endif

int parlance_shim_format_int(char *out, size_t capacity, const char *spec, long long value) {
    locale_t previous = enter_c_locale();
    int n = snprintf(out, capacity, spec, value);
    leave_c_locale(previous);
    return n;
}

int parlance_shim_format_uint(char *out, size_t capacity, const char *spec, unsigned long long value) {
    locale_t previous = enter_c_locale();
    int n = snprintf(out, capacity, spec, value);
    leave_c_locale(previous);
    return n;
}

int parlance_shim_format_double(char *out, size_t capacity, const char *spec, double value) {
    locale_t previous = enter_c_locale();
    int n = snprintf(out, capacity, spec, value);
    leave_c_locale(previous);
    return n;
}

/* What the ICU functions return is malloc'd, in libparlance-icu.so.0 as in
 * the shim itself: one C library, one allocator. */
void parlance_shim_free(void *memory) { free(memory); }
