/* CHECK(cond): a failed condition is printed with its place and counted in
 * `failures`; the test goes on and exits 1 at the end when any failed. */
#ifndef PARLANCE_TEST_CHECK_H
#define PARLANCE_TEST_CHECK_H

#include <stdio.h>

static int failures;
#define CHECK(cond)                                                                  \
    do {                                                                             \
        if (!(cond)) {                                                               \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                              \
        }                                                                            \
    } while (0)

#endif
