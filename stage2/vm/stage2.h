/* Helpers the bodies of stage 2's instructions use (included by stage 2's loop
 * after stage 1's, whose instructions that loop runs too). */
#ifndef FIVEFOLD_STAGE2_H
#define FIVEFOLD_STAGE2_H

#include "vm_internal.h"

/* Switches, set by stage.c's configure from the change registry. */
extern int ff_inline_calls;        /* s2.inline_calls */
extern int ff_inline_generators;   /* s2.inline_generators */

/* s2.inline_calls (inline_calls.c): a frame for a call of `func` with argv[0..nargs)
 * (no keywords) pushed on the thread's data stack, taking over the function's
 * and the arguments' references, or NULL (nothing taken, no exception) when the
 * call must go the generic way: not fivefold code, a generator or coroutine, an
 * argument shape that needs CPython's binding, or no room in the stack chunk. */
_PyInterpreterFrame *ff_push_py_frame(PyThreadState *tstate, PyFunctionObject *func,
                                      PyObject **argv, int nargs);

/* FF_ENTER_FRAME(popped): leave the instruction for new_frame, which owns what
 * the top `popped` stack entries held; the caller resumes after the
 * instruction's caches (shared/vm/eval_loop.c.h, enter_frame). */
#define FF_ENTER_FRAME(popped) \
    do { STACK_SHRINK(popped); JUMPBY(ff_cache_size[opcode]); goto enter_frame; } while (0)

#endif
