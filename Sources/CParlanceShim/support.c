/* The per-thread error message and the printf conversions Swift cannot call. */
#include "parlance_shim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Thread_local char *error_message;
static _Thread_local size_t error_capacity;

void parlance_shim_set_error(const char *message, size_t length) {
    if (length + 1 > error_capacity) {
        char *grown = realloc(error_message, length + 1);
        if (grown == NULL) return; /* keep the previous message */
        error_message = grown;
        error_capacity = length + 1;
    }
    memcpy(error_message, message, length);
    error_message[length] = '\0';
}

const char *parlance_shim_error(void) {
    return error_message ? error_message : "";
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
