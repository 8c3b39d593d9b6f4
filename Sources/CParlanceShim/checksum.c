/* The checksum of compiled catalogs: CRC-32C (Castagnoli), bytewise. */
#include "parlance_shim.h"

#include <pthread.h>

static uint32_t crc32c_table[256];
static pthread_once_t crc32c_once = PTHREAD_ONCE_INIT;

static void crc32c_init(void) {
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++) c = (c & 1) ? (c >> 1) ^ 0x82F63B78u : c >> 1;
        crc32c_table[n] = c;
    }
}

uint32_t parlance_shim_crc32c(uint32_t crc, const void *bytes, size_t length) {
    const unsigned char *p = bytes;
    pthread_once(&crc32c_once, crc32c_init);
    crc = ~crc;
    while (length--) crc = crc32c_table[(crc ^ *p++) & 0xFF] ^ (crc >> 8);
    return ~crc;
}
