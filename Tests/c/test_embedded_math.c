/*
 * test_embedded_math.c -- the rounding and remainder functions the Embedded
 * build of libparlance.so defines instead of linking libm
 * (Sources/CParlanceShim/embedded_math.c) give libm's answers, bit for bit:
 * signed zeros, halves, the edge of 2^52, subnormals, infinities and NaNs,
 * then two million random bit patterns and two million multiples of 1/64.
 */
#define PARLANCE_EMBEDDED 1
#define floor shim_floor
#define ceil shim_ceil
#define trunc shim_trunc
#define round shim_round
#define fmod shim_fmod
#include "embedded_math.c"
#undef floor
#undef ceil
#undef trunc
#undef round
#undef fmod

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int failures;

static int same(double a, double b) {
    return memcmp(&a, &b, sizeof a) == 0 || (isnan(a) && isnan(b));
}

static void check1(const char *name, double (*shim)(double), double (*libm)(double), double x) {
    if (same(shim(x), libm(x))) return;
    if (failures++ < 20) printf("%s(%a): %a, libm %a\n", name, x, shim(x), libm(x));
}

static void check(double x) {
    check1("floor", shim_floor, floor, x);
    check1("ceil", shim_ceil, ceil, x);
    check1("trunc", shim_trunc, trunc, x);
    check1("round", shim_round, round, x);
}

static void check_fmod(double x, double y) {
    if (same(shim_fmod(x, y), fmod(x, y))) return;
    if (failures++ < 20) printf("fmod(%a, %a): %a, libm %a\n", x, y, shim_fmod(x, y), fmod(x, y));
}

/* xorshift64*: the same sequence on every run. */
static uint64_t state = 0x9E3779B97F4A7C15u;
static uint64_t next(void) {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 0x2545F4914F6CDD1Du;
}

static double bits(uint64_t u) {
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

int main(void) {
    const double edges[] = {
        0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
        4503599627370495.5, -4503599627370495.5, 4503599627370496.0, 4503599627370497.0,
        9007199254740993.0, 1e300, -1e300, INFINITY, -INFINITY, NAN, -NAN, 1e-310, -1e-310,
        5e-324, 3.0, 7.25, -7.25, 10.0, 100.5, 123456.789, 0.1, 1.0, -1.0, 1e19, -1e19,
    };
    size_t count = sizeof edges / sizeof edges[0];
    for (size_t i = 0; i < count; i++) {
        check(edges[i]);
        for (size_t j = 0; j < count; j++) check_fmod(edges[i], edges[j]);
    }
    for (int i = 0; i < 2000000; i++) {
        double x = bits(next()), y = bits(next());
        check(x);
        check_fmod(x, y);
        double n = (double)((int64_t)(next() % 20000001) - 10000000) / 64.0;
        check(n);
        check_fmod(n, 10.0);
        check_fmod(n, 100.0);
        check_fmod(n, 1000000.0);
    }
    if (failures) {
        printf("test_embedded_math: %d answers differ from libm's\n", failures);
        return 1;
    }
    printf("test_embedded_math: floor, ceil, trunc, round and fmod equal libm's\n");
    return 0;
}
