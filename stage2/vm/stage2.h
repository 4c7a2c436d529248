/* Helpers the bodies of stage 2's instructions use (included by stage 2's loop
 * after stage 1's, whose instructions that loop runs too). */
#ifndef FIVEFOLD_STAGE2_H
#define FIVEFOLD_STAGE2_H

#include "vm_internal.h"

/* Stage 2's instructions push frames and leave for them (FF_ENTER_FRAME): every
 * loop that runs them (stage 2's and later ones, which include this header)
 * has the base loop's frame-pushing paths (shared/vm/eval_loop.c.h). */
#define FF_LOOP_INLINE_FRAMES 1

/* Switches, set by stage.c's configure from the change registry. */
extern int ff_inline_calls;        /* s2.inline_calls */
extern int ff_inline_generators;   /* s2.inline_generators */
extern int ff_float_reuse;         /* s2.float_reuse */

/* s2.inline_calls (inline_calls.c): a frame for a call of `func` with argv[0..nargs)
 * (the last len(kwnames) of them by keyword) pushed on the thread's data stack,
 * taking over the function's and the arguments' references, or NULL (nothing
 * taken, no exception) when the call must go the generic way: not fivefold code,
 * a generator or coroutine, *args or **kwargs, an argument shape that needs
 * CPython's binding or its error message, or no room in the stack chunk. */
_PyInterpreterFrame *ff_push_py_frame(PyThreadState *tstate, PyFunctionObject *func,
                                      PyObject **argv, int nargs, PyObject *kwnames);

/* FF_ENTER_FRAME(popped): leave the instruction for new_frame, which owns what
 * the top `popped` stack entries held; the caller resumes after the
 * instruction's caches (shared/vm/eval_loop.c.h, enter_frame). */
#define FF_ENTER_FRAME(popped) \
    do { STACK_SHRINK(popped); JUMPBY(ff_cache_size[opcode]); goto enter_frame; } while (0)

/* FF_FLOAT_RESULT_IN_PLACE(value): s2.float_reuse's body, for an op whose inputs
 * are the exact floats `left` and `right`: when one of them is referred to by the
 * value stack alone, it becomes the result (the other is released) and the
 * instruction ends here; otherwise nothing happens and the generic member runs. */
#define FF_FLOAT_RESULT_IN_PLACE(value) \
    do { \
        PyObject *reused_ = Py_REFCNT(left) == 1 ? left : Py_REFCNT(right) == 1 ? right : NULL; \
        if (reused_ != NULL) { \
            ((PyFloatObject *)reused_)->ob_fval = (value); \
            Py_DECREF(reused_ == left ? right : left); \
            STACK_SHRINK(1); \
            stack_pointer[-1] = reused_; \
            JUMPBY(ff_cache_size[opcode]); \
            DISPATCH(); \
        } \
    } while (0)

#endif
