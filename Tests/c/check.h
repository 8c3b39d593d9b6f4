/* CHECK(cond): a failed condition is printed with its place and counted in
 * `failures`; the test goes on and exits 1 at the end when any failed. */
#ifndef PARLANCE_TEST_CHECK_H
#define PARLANCE_TEST_CHECK_H

#include <stdio.h>
#include <string.h>

static int failures;
#define CHECK(cond)                                                                  \
    do {                                                                             \
        if (!(cond)) {                                                               \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                              \
        }                                                                            \
    } while (0)

/* CHECK_TEXT(got, want): texts equal (NULL equal only to NULL); a failure
 * prints both beside its place. */
#define CHECK_TEXT(got, want)                                                              \
    do {                                                                                   \
        const char *check_got_ = (got), *check_want_ = (want);                             \
        if ((check_got_ == NULL) != (check_want_ == NULL)                                  \
            || (check_got_ != NULL && strcmp(check_got_, check_want_) != 0)) {             \
            fprintf(stderr, "%s:%d: check failed: %s is \"%s\", want \"%s\"\n", __FILE__, \
                    __LINE__, #got, check_got_ ? check_got_ : "(null)",                   \
                    check_want_ ? check_want_ : "(null)");                                 \
            failures++;                                                                    \
        }                                                                                  \
    } while (0)

#endif
