/* The per-thread error message and the printf conversions Swift cannot call. */
#include "parlance_shim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct error_state {
    int status;
    char *message, *path;
    size_t message_capacity, path_capacity;
    int has_path;
    uint32_t line, column;
};

static _Thread_local struct error_state last_error;

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

int parlance_shim_format_int(char *out, size_t capacity, const char *spec, long long value) {
    return snprintf(out, capacity, spec, value);
}

int parlance_shim_format_uint(char *out, size_t capacity, const char *spec, unsigned long long value) {
    return snprintf(out, capacity, spec, value);
}

int parlance_shim_format_double(char *out, size_t capacity, const char *spec, double value) {
    return snprintf(out, capacity, spec, value);
}
