/* The version of the ICU library loaded at run time. */
#include "parlance_shim.h"

#include <string.h>
#include <unicode/uversion.h>

int32_t parlance_icu_runtime_version(char *out, int32_t capacity) {
    UVersionInfo version;
    char text[U_MAX_VERSION_STRING_LENGTH];
    size_t length;
    u_getVersion(version);
    u_versionToString(version, text);
    length = strlen(text);
    if (out == NULL || capacity < 0 || length >= (size_t)capacity) return -1;
    memcpy(out, text, length + 1);
    return (int32_t)length;
}
