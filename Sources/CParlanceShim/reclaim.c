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
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

struct slot {
    uint64_t epoch;             /* 0: outside any section; __atomic builtins only */
    atomic_int taken;           /* owned by a live thread */
    struct slot *next;          /* never changes once published */
};

struct retired {
    void *object;
    void (*release)(void *);
    uint64_t epoch;
};

static struct slot *_Atomic slots;
uint64_t parlance_shim_global_epoch = 1;   /* __atomic builtins only */

/* The thread's reader state, read by the inline sections of parlance_shim.h;
 * initial-exec: a section costs a TLS access, not a __tls_get_addr call. */
__thread struct parlance_shim_reader parlance_shim_reader __attribute__((tls_model("initial-exec")));

static pthread_mutex_t retired_lock = PTHREAD_MUTEX_INITIALIZER;
static struct retired *retired_list;
static size_t retired_count, retired_capacity;

static pthread_key_t exit_key;
/* 0: no key yet, 1: being made, 2: made. Not pthread_once, whose every
 * first call also wakes waiters through the kernel (futex): a system call
 * in every program's first lookup. */
static atomic_int exit_key_state;

/* At thread exit: the slot goes back to the pool (its section, if the
 * thread left one open, ends with it). A section opened by a later
 * destructor attaches again. */
static void release_slot(void *slot) {
    struct slot *s = slot;
    parlance_shim_reader.epoch = NULL;
    __atomic_store_n(&s->epoch, 0, __ATOMIC_RELEASE);
    atomic_store_explicit(&s->taken, 0, memory_order_release);
}

/* The first thread makes the key; one that comes meanwhile waits for it. */
static void make_exit_key(void) {
    int none = 0;
    if (atomic_compare_exchange_strong(&exit_key_state, &none, 1)) {
        pthread_key_create(&exit_key, release_slot);
        atomic_store_explicit(&exit_key_state, 2, memory_order_release);
        return;
    }
    while (atomic_load_explicit(&exit_key_state, memory_order_acquire) != 2) sched_yield();
}

void parlance_shim_read_attach(void) {
    if (atomic_load_explicit(&exit_key_state, memory_order_acquire) != 2) make_exit_key();
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
    parlance_shim_reader.epoch = &s->epoch;
}

void parlance_shim_read_collect(void) {
    parlance_shim_reader.retired_inside = 0;
    parlance_shim_collect();
}

int parlance_shim_read_depth(void) {
    return (int)parlance_shim_reader.depth;
}

/* The oldest epoch a reader announces, or UINT64_MAX when none reads. */
static uint64_t oldest_reader(void) {
    uint64_t oldest = UINT64_MAX;
    for (struct slot *s = atomic_load(&slots); s; s = s->next) {
        uint64_t e = __atomic_load_n(&s->epoch, __ATOMIC_SEQ_CST);
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
    uint64_t epoch = __atomic_fetch_add(&parlance_shim_global_epoch, 1, __ATOMIC_SEQ_CST);
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
    if (parlance_shim_reader.depth) parlance_shim_reader.retired_inside = 1;
    collect();
}

size_t parlance_shim_collect(void) {
    return collect();
}
