/* Every .mo file under the given locale directories (LOCALEDIR/LANG/
 * LC_MESSAGES/DOMAIN.mo), every message in it -- the static ones and the
 * system-dependent ones (revision 0.1, "%<PRIu64>"), expanded with this
 * platform's <inttypes.h> -- looked up through glibc's libintl and through
 * Parlance's libintl functions, in the file's own language: every answer
 * must be the same. Plural messages are asked with several counts.
 *
 * Usage: test_system_mo MIN_SYSTEM_STRINGS LOCALEDIR...
 * Fails when fewer than MIN_SYSTEM_STRINGS system-dependent messages were
 * compared (so that the fixture's are known to have been read). */
#define _GNU_SOURCE
#include <parlance_libintl.h>

#include <dirent.h>
#include <inttypes.h>
#include <libintl.h>
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern int _nl_msg_cat_cntr;   /* glibc reads LANGUAGE again when it changes */

static size_t files, messages, system_messages, lookups, disagreements, related_passes;
static int pass;   /* messages are counted on the first of the two passes */

/* ---- A .mo reader of the test's own --------------------------------------- */

typedef struct {
    const unsigned char *data;
    size_t size;
    int swapped;
} mo;

static int word(const mo *m, size_t offset, uint32_t *out) {
    if (offset > m->size || m->size - offset < 4) return 0;
    uint32_t w;
    memcpy(&w, m->data + offset, 4);
    *out = m->swapped ? __builtin_bswap32(w) : w;
    return 1;
}

/* The platform's expansion of a segment name, the way a C program spells it. */
static const char *expansion(const char *name) {
    static const char *const sizes[] = {"8", "16", "32", "64", "LEAST8", "LEAST16", "LEAST32", "LEAST64",
                                        "FAST8", "FAST16", "FAST32", "FAST64", "MAX", "PTR"};
#define ROW(c) {PRI##c##8, PRI##c##16, PRI##c##32, PRI##c##64, PRI##c##LEAST8, PRI##c##LEAST16, PRI##c##LEAST32, \
                PRI##c##LEAST64, PRI##c##FAST8, PRI##c##FAST16, PRI##c##FAST32, PRI##c##FAST64, PRI##c##MAX, PRI##c##PTR}
    static const char *const values[6][14] = {ROW(d), ROW(i), ROW(o), ROW(u), ROW(x), ROW(X)};
#undef ROW
    static const char conversions[] = "diouxX";
    if (strcmp(name, "I") == 0) return "I";
    if (strncmp(name, "PRI", 3) != 0 || !name[3] || !strchr(conversions, name[3])) return NULL;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        if (strcmp(name + 4, sizes[s]) == 0) return values[strchr(conversions, name[3]) - conversions][s];
    return NULL;
}

/* System-dependent string `index` of the table at `table`, expanded into a
 * malloc'd buffer (with its NULs; *length without the last); NULL when it
 * names an unknown segment or is damaged. */
static char *expand(const mo *m, uint32_t segments, uint32_t table, uint32_t index, size_t *length) {
    uint32_t record, at, piece, ref, seg_len, seg_off;
    if (!word(m, table + 4 * (size_t)index, &record) || !word(m, record, &at)) return NULL;
    size_t cap = 64, n = 0;
    char *out = malloc(cap);
    for (size_t pair = (size_t)record + 4;; pair += 8) {
        if (!word(m, pair, &piece) || !word(m, pair + 4, &ref) || at > m->size || piece > m->size - at) break;
        const char *value = "";
        if (ref != 0xFFFFFFFFu) {
            if (!word(m, segments + 8 * (size_t)ref, &seg_len) || !word(m, segments + 8 * (size_t)ref + 4, &seg_off) ||
                seg_off >= m->size || seg_len == 0 || seg_len > m->size - seg_off || m->data[seg_off + seg_len - 1])
                break;
            if (!(value = expansion((const char *)m->data + seg_off))) break;
        }
        while (n + piece + strlen(value) + 1 > cap) out = realloc(out, cap *= 2);
        memcpy(out + n, m->data + at, piece);
        n += piece;
        at += piece;
        if (ref == 0xFFFFFFFFu) {
            if (n == 0 || out[n - 1] != '\0') break;
            *length = n - 1;
            return out;
        }
        memcpy(out + n, value, strlen(value));
        n += strlen(value);
    }
    free(out);
    return NULL;
}

/* ---- Comparing ------------------------------------------------------------ */

static void same(const char *glibc, const char *parlance, const char *path, const char *msgid, unsigned long n) {
    lookups++;
    if (glibc && parlance && strcmp(glibc, parlance) == 0) return;
    if (disagreements++ < 20)
        fprintf(stderr, "test_system_mo: %s: \"%s\" (n=%lu): glibc \"%s\", Parlance \"%s\"\n", path, msgid, n,
                glibc ? glibc : "(null)", parlance ? parlance : "(null)");
}

/* glibc's answer to a context call made through the glued key: the key
 * itself (or the plural, for n != 1) when the lookup missed. */
static const char *unglued(const char *g, const char *original, const char *key, const char *plural) {
    if (g == original) return key;
    if (plural && g == plural) return plural;
    return g;
}

static const char *const other_plural = "test_system_mo: a plural no catalog has";

/* One message: original = [msgctxt \4] msgid [\0 msgid_plural], original_length bytes.
 * Asked as it is stored and across forms: a singular message through
 * ngettext (every count gives its translation), a plural one through
 * gettext (msgstr[0]). */
static void compare(const char *path, const char *domain, const char *original, size_t original_length) {
    static const unsigned long counts[] = {0, 1, 2, 5, 3, 11, 21, 101, 1000001};
    const char *key = original, *context = NULL;
    char *copy = NULL;
    const char *separator = memchr(original, 4, strlen(original));
    if (separator) {
        copy = strndup(original, (size_t)(separator - original));
        context = copy;
        key = separator + 1;
    }
    size_t id_length = strlen(original);
    const char *plural = id_length == original_length ? other_plural : original + id_length + 1;
    if (pass == 0) messages++;
    if (context) {
        const char *g = dgettext(domain, original);
        same(unglued(g, original, key, NULL), parlance_dpgettext(domain, context, key), path, key, 0);
    } else {
        same(dgettext(domain, key), parlance_dgettext(domain, key), path, key, 0);
    }
    /* A singular message across forms: a few counts (every one gives its translation). */
    size_t asked = id_length == original_length ? 4 : sizeof counts / sizeof counts[0];
    for (size_t i = 0; i < asked; i++) {
        if (context) {
            const char *g = dngettext(domain, original, plural, counts[i]);
            same(unglued(g, original, key, plural),
                 parlance_dnpgettext(domain, context, key, plural, counts[i]), path, key, counts[i]);
        } else {
            same(dngettext(domain, key, plural, counts[i]), parlance_dngettext(domain, key, plural, counts[i]), path,
                 key, counts[i]);
        }
    }
    free(copy);
}

/* Every message of the .mo at path, asked under LANGUAGE=language (its own
 * folder's name, or a related one: see walk()). */
static void compare_file(const char *root, const char *language, const char *domain, const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    rewind(f);
    unsigned char *data = malloc(size > 0 ? (size_t)size : 1);
    size_t got = fread(data, 1, (size_t)size, f);
    fclose(f);
    mo m = {data, got, 0};
    uint32_t magic = 0, revision, count, originals, segments = 0, system = 0, system_originals = 0;
    memcpy(&magic, data, got >= 4 ? 4 : 0);
    m.swapped = magic == 0xde120495u;
    if ((magic != 0x950412deu && !m.swapped) || !word(&m, 4, &revision) || !word(&m, 8, &count) ||
        !word(&m, 12, &originals)) {
        free(data);
        return;
    }
    files++;
    setenv("LANGUAGE", language, 1);
    ++_nl_msg_cat_cntr;
    parlance_set_languages(NULL);
    bindtextdomain(domain, root);
    bind_textdomain_codeset(domain, "UTF-8");
    parlance_bindtextdomain(domain, root);
    parlance_bind_textdomain_codeset(domain, "UTF-8");
    /* Twice: first as keys are found one by one, then after a miss, which
     * makes Parlance index a small file whole (MappedMOFile's found-key record). */
    for (pass = 0; pass < 2; pass++) {
        if (pass == 1) {
            static const char miss[] = "test_system_mo: a key no catalog has";
            same(dgettext(domain, miss), parlance_dgettext(domain, miss), path, miss, 0);
        }
        /* The header: the translation of "" (programs read Plural-Forms so). */
        same(dgettext(domain, ""), parlance_dgettext(domain, ""), path, "", 0);
        same(dngettext(domain, "", "plural", 5), parlance_dngettext(domain, "", "plural", 5), path, "", 5);
        for (uint32_t i = 0; i < count; i++) {
            uint32_t length, offset;
            if (!word(&m, originals + 8 * (size_t)i, &length) || !word(&m, originals + 8 * (size_t)i + 4, &offset) ||
                offset >= got || length >= got - offset || length == 0)
                continue;   /* damaged, or the header */
            compare(path, domain, (const char *)data + offset, length);
        }
        if ((revision & 0xFFFF) >= 1 && word(&m, 32, &segments) && word(&m, 36, &system) && word(&m, 40, &system_originals)) {
            for (uint32_t i = 0; i < system; i++) {
                size_t length;
                char *original = expand(&m, segments, system_originals, i, &length);
                if (!original) continue;
                compare(path, domain, original, length);
                if (pass == 0) system_messages++;
                free(original);
            }
        }
    }
    free(data);
}

/* Whether a and b are one language with and without a modifier
 * ("ca" and "ca@valencia", "sr@latin" and "sr"), or share the language
 * with different modifiers ("sr@latin" and "sr@ije"). */
static int related(const char *a, const char *b) {
    size_t la = strcspn(a, "@"), lb = strcspn(b, "@");
    return strcmp(a, b) != 0 && la == lb && strncmp(a, b, la) == 0 && (a[la] == '@' || b[lb] == '@');
}

/* Every .mo of root, asked under its own folder's language and under each
 * related one's: a ca@valencia file's messages under ca (a Catalan user
 * gets ca's text, never Valencian), a be file's under be@latin (what the
 * be@latin catalog lacks comes from be), sr@latin's under sr@ije. */
static void walk(const char *root) {
    DIR *languages = opendir(root);
    struct dirent *language;
    if (!languages) return;
    char (*names)[256] = NULL;
    size_t count = 0;
    while ((language = readdir(languages))) {
        if (language->d_name[0] == '.' || strlen(language->d_name) >= 256) continue;
        names = realloc(names, (count + 1) * sizeof *names);
        strcpy(names[count++], language->d_name);
    }
    closedir(languages);
    for (size_t l = 0; l < count; l++) {
        char dir[4096];
        snprintf(dir, sizeof dir, "%s/%s/LC_MESSAGES", root, names[l]);
        DIR *domains = opendir(dir);
        struct dirent *file;
        if (!domains) continue;
        while ((file = readdir(domains))) {
            size_t n = strlen(file->d_name);
            if (n < 4 || strcmp(file->d_name + n - 3, ".mo") != 0) continue;
            char path[4096 + 256], domain[256];
            snprintf(path, sizeof path, "%s/%s", dir, file->d_name);
            snprintf(domain, sizeof domain, "%.*s", (int)(n - 3), file->d_name);
            compare_file(root, names[l], domain, path);
            for (size_t r = 0; r < count; r++)
                if (related(names[l], names[r])) {
                    compare_file(root, names[r], domain, path);
                    related_passes++;
                }
        }
        closedir(domains);
    }
    free(names);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: test_system_mo MIN_SYSTEM_STRINGS LOCALEDIR...\n");
        return 2;
    }
    setenv("LC_ALL", "C.UTF-8", 1);
    if (!setlocale(LC_ALL, "")) {
        fprintf(stderr, "test_system_mo: the C.UTF-8 locale is missing\n");
        return 1;
    }
    for (int i = 2; i < argc; i++) walk(argv[i]);
    printf("test_system_mo: %zu files (%zu asked under a related @modifier language), %zu messages "
           "(%zu system-dependent), %zu lookups: %zu disagree\n", files, related_passes, messages, system_messages,
           lookups, disagreements);
    return disagreements == 0 && system_messages >= (size_t)atoll(argv[1]) ? 0 : 1;
}
