/* s2.c_entry (c_entry.def): the C stack range kept for the thread state that
 * last entered stage 2's loop from C. */
#include "c_entry.h"

ff_entry_stack ff_c_entry_stack;

int
ff_c_entry_stack_check(PyThreadState *tstate)
{
    if (ff_c_stack_exhausted(tstate)) {
        return 1;
    }
    uintptr_t low, high;
    if (ff_c_stack_range(&low, &high)) {
        ff_c_entry_stack.tstate = tstate;
        ff_c_entry_stack.id = tstate->id;
        ff_c_entry_stack.low = low;
        ff_c_entry_stack.span = high - low;
    }
    return 0;
}
