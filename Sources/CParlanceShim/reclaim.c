/* Epoch-based reclamation: when an object replaced by a writer may be freed.
 *
 * Readers (lookups) mark a read section on their thread: on entry they
 * announce the global epoch in their thread's slot, on exit they clear it.
 * A writer that unpublishes an object retires it: the global epoch advances
 * and the object is tagged with the epoch before. It is freed once no slot
 * announces that epoch or an earlier one -- every reader that could have
 * loaded it has left its section. Readers never wait and never write shared
 * memory other than their own slot; writers never wait either: what cannot
 * be freed yet stays on the retired list until a later retire or collect.
 *
 * Slots are per thread, reused after a thread exits, so their number is the
 * largest number of threads that were alive at once. */
#define _GNU_SOURCE
#include "parlance_shim.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

struct slot {
    _Atomic uint64_t epoch;     /* 0: outside any section */
    atomic_int taken;           /* owned by a live thread */
    struct slot *next;          /* never changes once published */
};

struct retired {
    void *object;
    void (*release)(void *);
    uint64_t epoch;
};

static struct slot *_Atomic slots;
static _Atomic uint64_t global_epoch = 1;

/* initial-exec: a read section costs a TLS access, not a __tls_get_addr call. */
#define THREAD_LOCAL static _Thread_local __attribute__((tls_model("initial-exec")))
THREAD_LOCAL struct slot *own_slot;
THREAD_LOCAL unsigned depth;
/* A retire made inside a section could not free what the section holds: the
 * section's end collects. */
THREAD_LOCAL int retired_inside;

static pthread_mutex_t retired_lock = PTHREAD_MUTEX_INITIALIZER;
static struct retired *retired_list;
static size_t retired_count, retired_capacity;

static pthread_key_t exit_key;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;

/* At thread exit: the slot goes back to the pool (its section, if the
 * thread left one open, ends with it). */
static void release_slot(void *slot) {
    struct slot *s = slot;
    atomic_store_explicit(&s->epoch, 0, memory_order_release);
    atomic_store_explicit(&s->taken, 0, memory_order_release);
}

static void make_exit_key(void) {
    pthread_key_create(&exit_key, release_slot);
}

static struct slot *attach(void) {
    pthread_once(&exit_key_once, make_exit_key);
    struct slot *s;
    for (s = atomic_load(&slots); s; s = s->next) {
        int expected = 0;
        if (atomic_load_explicit(&s->taken, memory_order_relaxed) == 0
            && atomic_compare_exchange_strong(&s->taken, &expected, 1))
            break;
    }
    if (!s) {
        s = calloc(1, sizeof *s);
        if (!s) abort(); /* nothing can be read safely without a slot */
        atomic_store_explicit(&s->taken, 1, memory_order_relaxed);
        struct slot *head = atomic_load(&slots);
        do s->next = head; while (!atomic_compare_exchange_weak(&slots, &head, s));
    }
    pthread_setspecific(exit_key, s);
    own_slot = s;
    return s;
}

void parlance_shim_read_enter(void) {
    if (depth++ != 0) return;
    struct slot *s = own_slot ? own_slot : attach();
    /* seq_cst: the announcement is ordered before every load the section
     * makes, and against the writer's epoch advance and slot scan. */
    atomic_store(&s->epoch, atomic_load(&global_epoch));
}

void parlance_shim_read_exit(void) {
    if (depth == 0) return; /* unbalanced: ignored rather than corrupting the count */
    if (--depth != 0) return;
    atomic_store_explicit(&own_slot->epoch, 0, memory_order_release);
    if (retired_inside) {
        retired_inside = 0;
        parlance_shim_collect();
    }
}

int parlance_shim_read_depth(void) {
    return (int)depth;
}

/* The oldest epoch a reader announces, or UINT64_MAX when none reads. */
static uint64_t oldest_reader(void) {
    uint64_t oldest = UINT64_MAX;
    for (struct slot *s = atomic_load(&slots); s; s = s->next) {
        uint64_t e = atomic_load(&s->epoch);
        if (e != 0 && e < oldest) oldest = e;
    }
    return oldest;
}

/* Moves up to cap objects that no reader can hold into out; called with
 * retired_lock held. They are released after the lock is dropped, since a
 * release may retire more (an object's deinit). No allocation: a retire
 * costs the same whether or not anything is freed. */
static size_t take_freeable(struct retired *out, size_t cap) {
    uint64_t oldest = oldest_reader();
    size_t kept = 0, taken = 0;
    for (size_t i = 0; i < retired_count; i++) {
        if (retired_list[i].epoch < oldest && taken < cap) out[taken++] = retired_list[i];
        else retired_list[kept++] = retired_list[i];
    }
    retired_count = kept;
    return taken;
}

/* Releases everything freeable, in batches; returns how many stay retired. */
static size_t collect(void) {
    struct retired batch[32];
    size_t taken, left;
    do {
        pthread_mutex_lock(&retired_lock);
        taken = take_freeable(batch, sizeof batch / sizeof batch[0]);
        left = retired_count;
        pthread_mutex_unlock(&retired_lock);
        for (size_t i = 0; i < taken; i++) batch[i].release(batch[i].object);
    } while (taken == sizeof batch / sizeof batch[0]);
    return left;
}

void parlance_shim_retire(void *object, void (*release)(void *)) {
    /* Readers that announce an epoch after this advance load the new object. */
    uint64_t epoch = atomic_fetch_add(&global_epoch, 1);
    pthread_mutex_lock(&retired_lock);
    if (retired_count == retired_capacity) {
        size_t capacity = retired_capacity ? retired_capacity * 2 : 16;
        struct retired *grown = realloc(retired_list, capacity * sizeof *grown);
        if (!grown) {
            /* Keep the object alive rather than free it early. */
            pthread_mutex_unlock(&retired_lock);
            return;
        }
        retired_list = grown;
        retired_capacity = capacity;
    }
    retired_list[retired_count++] = (struct retired){object, release, epoch};
    pthread_mutex_unlock(&retired_lock);
    if (depth) retired_inside = 1;
    collect();
}

size_t parlance_shim_collect(void) {
    return collect();
}
