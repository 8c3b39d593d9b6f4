/* The five libm functions the Embedded build of libparlance.so calls
 * (Double's rounding in the standard library, `truncatingRemainder` in the
 * plural operands), defined here, hidden, so that the library does not
 * need libm.so.6: loading and relocating it costs a process about 22,000
 * instructions, a tenth of what showing one string costs. Each gives
 * libm's exact answer: trunc through a 64-bit integer below 2^52 (above,
 * every double is an integer), floor and ceil from it; round rounds half
 * away from zero from trunc, exactly
 * (x - trunc(x) is exact); fmod is the x87 partial remainder, exact, taken
 * until complete, with the same signs, NaNs and infinities as libm's.
 * The regular build (SwiftPM's) links libm and compiles none of this. */
#if defined(PARLANCE_EMBEDDED) && defined(__x86_64__)
#define HIDDEN __attribute__((visibility("hidden")))

HIDDEN double trunc(double x) {
    /* From 2^52 up every double is an integer; NaN and the infinities too. */
    if (!(__builtin_fabs(x) < 4503599627370496.0)) return x;
    return __builtin_copysign((double)(long long)x, x);
}

HIDDEN double floor(double x) {
    double t = trunc(x);
    return t > x ? t - 1.0 : t;
}

HIDDEN double ceil(double x) {
    double t = trunc(x);
    return t < x ? t + 1.0 : t;
}

HIDDEN double round(double x) {
    double t = trunc(x);
    if (__builtin_fabs(x - t) >= 0.5) t += __builtin_copysign(1.0, x);
    return t;
}

HIDDEN double fmod(double x, double y) {
    long double remainder;
    __asm__("1:\n\t"
            "fprem\n\t"
            "fnstsw %%ax\n\t"
            "testb $4, %%ah\n\t"
            "jnz 1b"
            : "=t"(remainder)
            : "0"((long double)x), "u"((long double)y)
            : "ax", "cc");
    return (double)remainder;
}
#else
/* ISO C wants a translation unit to declare something. */
typedef int parlance_embedded_math_unused;
#endif
