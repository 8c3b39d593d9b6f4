/* Which locale the libintl functions answer a thread in, as glibc's
 * dcigettext finds it: the LC_MESSAGES name of the thread's own locale
 * (uselocale), else of the global one (setlocale); or the languages the
 * thread chose with parlance_set_thread_languages(), which come first.
 *
 * A lookup asks on every call, so the answer is cached per thread: the
 * name's pointer and a copy of its text (a locale freed and another made
 * at the same address cannot pass for it), with the runtime's epoch and
 * the slot of its language list. Asking costs uselocale(), the name (a
 * field of the thread's locale_t, or nl_langinfo() for the global one) and
 * a short strcmp(); for the global locale on glibc, only a counter: glibc
 * counts every change of the global locale in _nl_msg_cat_cntr (exported,
 * and read by GNU gettext for the same purpose), and while it stands still
 * the cached name is the global one. */
#define _GNU_SOURCE
#include "parlance_shim.h"

#include <langinfo.h>
#include <locale.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct thread_state {
    struct parlance_shim_messages_locale current;
    char copy[PARLANCE_SHIM_LOCALE_NAME_CAPACITY]; /* the cached name's text */
    const char *seen;                              /* the cached name's pointer */
    int seen_kind;
    int seen_changes;    /* _nl_msg_cat_cntr when the cached global name was read */
    int asked_changes;   /* _nl_msg_cat_cntr before the name current() gave was read */
};

#ifdef __GLIBC__
extern int _nl_msg_cat_cntr;
#define GLOBAL_CHANGES() __atomic_load_n(&_nl_msg_cat_cntr, __ATOMIC_RELAXED)
#else
#define GLOBAL_CHANGES() 0
#endif

static __thread struct thread_state thread_state __attribute__((tls_model("initial-exec")));

/* The LC_MESSAGES name of a locale_t (not LC_GLOBAL_LOCALE). glibc's
 * locale_t is a public struct whose __names nl_langinfo_l() reads; reading
 * it here saves a call on every lookup. */
static inline const char *messages_name(locale_t locale) {
#ifdef __GLIBC__
    return locale->__names[LC_MESSAGES];
#else
    return nl_langinfo_l(_NL_LOCALE_NAME(LC_MESSAGES), locale);
#endif
}

/* The chosen languages are freed when their thread exits. */
static pthread_key_t chosen_key;
static pthread_once_t chosen_key_once = PTHREAD_ONCE_INIT;

static void free_chosen(void *chosen) {
    free(chosen);
    thread_state.current.name = NULL;
    thread_state.current.kind = PARLANCE_SHIM_LOCALE_GLOBAL;
}

static void make_chosen_key(void) {
    pthread_key_create(&chosen_key, free_chosen);
}

static void forget(struct thread_state *state) {
    state->current.epoch = 0;
    state->current.slot = 0;
    state->seen = NULL;
}

const struct parlance_shim_messages_locale *parlance_shim_messages_locale_current(void) {
    struct thread_state *state = &thread_state;
    if (state->current.kind == PARLANCE_SHIM_LOCALE_CHOSEN) return &state->current;
    locale_t locale = uselocale((locale_t)0);
    int kind;
    const char *name;
    if (locale == LC_GLOBAL_LOCALE) {
        int changes = GLOBAL_CHANGES();
#ifdef __GLIBC__
        if (state->seen != NULL && state->seen_kind == PARLANCE_SHIM_LOCALE_GLOBAL && state->seen_changes == changes
            && state->current.kind == PARLANCE_SHIM_LOCALE_GLOBAL) {
            state->current.name = state->seen;
            return &state->current;
        }
#endif
        state->asked_changes = changes;
        kind = PARLANCE_SHIM_LOCALE_GLOBAL;
        name = nl_langinfo(_NL_LOCALE_NAME(LC_MESSAGES));
    } else {
        kind = PARLANCE_SHIM_LOCALE_THREAD;
        name = messages_name(locale);
    }
    if (name == NULL) name = "C";
    if (name != state->seen || kind != state->seen_kind || strcmp(name, state->copy) != 0) {
        forget(state);
        state->current.kind = kind;
    }
    state->current.name = name;
    return &state->current;
}

void parlance_shim_messages_locale_remember(uint64_t epoch, intptr_t slot) {
    struct thread_state *state = &thread_state;
    state->current.epoch = epoch;
    state->current.slot = slot;
    if (state->current.kind == PARLANCE_SHIM_LOCALE_CHOSEN) return;
    const char *name = state->current.name;
    size_t length = name ? strlen(name) : 0;
    if (name == NULL || length >= sizeof state->copy) {   /* too long to keep: asked again next time */
        forget(state);
        return;
    }
    memcpy(state->copy, name, length + 1);
    state->seen = name;
    state->seen_kind = state->current.kind;
    state->seen_changes = state->asked_changes;
}

int parlance_shim_messages_locale_choose(const char *languages) {
    struct thread_state *state = &thread_state;
    pthread_once(&chosen_key_once, make_chosen_key);
    char *old = pthread_getspecific(chosen_key);
    char *copy = NULL;
    if (languages != NULL) {
        copy = strdup(languages);
        if (copy == NULL) return -1;
        if (pthread_setspecific(chosen_key, copy) != 0) {
            free(copy);
            return -1;
        }
    } else {
        pthread_setspecific(chosen_key, NULL);
    }
    free(old);
    forget(state);
    state->current.name = copy;
    state->current.kind = copy ? PARLANCE_SHIM_LOCALE_CHOSEN : PARLANCE_SHIM_LOCALE_GLOBAL;
    return 0;
}
