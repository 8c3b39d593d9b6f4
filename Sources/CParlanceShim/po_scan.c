/* The inner loop of Parlance's quick .po reader: the length of the run of
 * bytes inside a quoted string that need no attention — everything but the
 * closing quote, a backslash, a line end (\n or \r), NUL and U+0004 (the bytes the
 * reader stops at). A table lookup per byte, eight bytes a step. */
#include "parlance_shim.h"

static const unsigned char stops[256] = {
    [0] = 1, [4] = 1, ['\n'] = 1, ['\r'] = 1, ['"'] = 1, ['\\'] = 1,
};

size_t parlance_shim_po_plain_run(const unsigned char *text, size_t length) {
    size_t at = 0;
    while (length - at >= 8) {
        if (stops[text[at]] | stops[text[at + 1]] | stops[text[at + 2]] | stops[text[at + 3]] |
            stops[text[at + 4]] | stops[text[at + 5]] | stops[text[at + 6]] | stops[text[at + 7]])
            break;
        at += 8;
    }
    while (at < length && !stops[text[at]]) at++;
    return at;
}
