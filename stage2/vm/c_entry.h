/* s2.c_entry (c_entry.def): the C stack guard of stage 2's PEP 523 entry, and
 * the Code of a frame the entry has checked. */
#ifndef FIVEFOLD_C_ENTRY_H
#define FIVEFOLD_C_ENTRY_H

#include "vm_internal.h"

extern int ff_c_entry;   /* s2.c_entry */

/* The usable C stack of the thread that last entered: [low, low + span). Kept
 * with the thread state (pointer and id: a thread state freed and another made
 * at its address has a new id) it was found for; written only with the GIL held. */
typedef struct {
    PyThreadState *tstate;
    uint64_t id;
    uintptr_t low;
    uintptr_t span;
} ff_entry_stack;
extern ff_entry_stack ff_c_entry_stack;

/* The guard's way (the thread-local limit; RecursionError set if exhausted),
 * and the range kept for tstate when it passes. */
int ff_c_entry_stack_check(PyThreadState *tstate);

/* Whether the C stack has room, as ff_c_stack_exhausted would find, known with
 * no thread-local look-up: the same thread state entered before and the
 * address lies in the range kept for it. 0 says only "ask
 * ff_c_entry_stack_check": below the range is the guard's to refuse, and
 * elsewhere (a thread state run by another thread) the range is not this
 * stack's. */
static inline int
ff_c_entry_stack_known_ok(PyThreadState *tstate)
{
    char here;
    return tstate == ff_c_entry_stack.tstate && tstate->id == ff_c_entry_stack.id
           && (uintptr_t)&here - ff_c_entry_stack.low < ff_c_entry_stack.span;
}

/* ff_code_of_flagged_shadow (shared/vm/code.h) is the lookup for an entry that
 * has tested CO_FIVEFOLD. */

#endif
