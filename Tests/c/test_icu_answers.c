/*
 * test_icu_answers.c -- the answers the shim gives without ICU
 * (Sources/CParlanceShim/icu_answers.h) are ICU's own: every "ll" and
 * "ll_RR" name (two ASCII letters each) against uloc_canonicalize +
 * uloc_toLanguageTag, the calls parlance_icu_to_bcp47 makes otherwise.
 */
#include <stdio.h>
#include <string.h>
#include <unicode/uloc.h>

#include "icu_answers.h"

static int32_t icu_to_bcp47(const char *name, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    char canonical[ULOC_FULLNAME_CAPACITY];
    int32_t n = uloc_canonicalize(name, canonical, (int32_t)sizeof canonical, &status);
    if (U_FAILURE(status) || n <= 0) return -1;
    n = uloc_toLanguageTag(canonical, out, capacity, 1, &status);
    return U_FAILURE(status) ? -1 : n;
}

int main(void) {
    char name[8], answer[32], icu[32];
    long answered = 0, asked = 0, failures = 0;
    for (int a = 'a'; a <= 'z'; a++)
        for (int b = 'a'; b <= 'z'; b++)
            for (int r = -1; r < 26 * 26; r++) {
                if (r < 0) snprintf(name, sizeof name, "%c%c", a, b);
                else snprintf(name, sizeof name, "%c%c_%c%c", a, b, 'A' + r / 26, 'A' + r % 26);
                int32_t n = parlance_icu_answer_to_bcp47(name, answer, sizeof answer);
                if (n == PARLANCE_ICU_ASK) { asked++; continue; }
                answered++;
                int32_t m = icu_to_bcp47(name, icu, sizeof icu);
                if (n != m || strcmp(answer, icu) != 0) {
                    if (failures++ < 20) fprintf(stderr, "FAILED: %s: Parlance %s (%d), ICU %s (%d)\n", name, answer, n, icu, m);
                }
            }
    /* Too small a buffer: ICU decides. */
    if (parlance_icu_answer_to_bcp47("de_DE", answer, 5) != PARLANCE_ICU_ASK) failures++;
    if (parlance_icu_answer_to_bcp47("de_DE.UTF-8", answer, 32) != PARLANCE_ICU_ASK) failures++;
    if (parlance_icu_answer_is_script_code("") != 0 || parlance_icu_answer_is_script_code("latin") != 0 ||
        parlance_icu_answer_is_script_code("latn") != PARLANCE_ICU_ASK) failures++;
    if (failures) return 1;
    printf("test_icu_answers: %ld names answered as ICU answers them, %ld left to ICU\n", answered, asked);
    return 0;
}
