/* Stage 2's loop: the base VM's dispatch loop (shared/vm/eval_loop.c.h) with
 * the instructions of stages 1 and 2 (FF_LOOP_STAGE 2), on which instructions
 * may push frames and run them here (FF_LOOP_INLINE_FRAMES, from stage2.h). The seam
 * (stage.c's ff_stage2) makes it the loop frames run on while any stage-2
 * change is on. */
/* Before any include: the hot helpers always inline in this loop (vm_internal.h). */
#define FF_HOT_INLINE Py_ALWAYS_INLINE
#include "loop_prelude.h"    /* CPython's headers; then fivefold's declarations hidden */
FF_HIDDEN_BEGIN
#include "cheap_c_calls.h"   /* first: it widens the C-call seam (eval_macros.h) */
#include "int_freelist.h"    /* first too: a dropped local's dealloc (eval_macros.h) */
#include "eval_macros.h"
#include "stage1.h"
#include "stage2.h"

#define FF_LOOP_STAGE 2
#define FF_RUN_FRAME ff_run_stage2_frame
PyObject *FF_RUN_FRAME(PyThreadState *tstate, _PyInterpreterFrame *frame, int throwflag);
#include "eval_loop.c.h"
FF_HIDDEN_END

/* s2.c_entry: the PEP 523 entry while stage 2's loop runs and the change is on
 * (stage.c): what ff_default_entry does, with the C stack guard's range kept
 * (c_entry.h) and this loop called directly. The usual case makes no call of
 * its own (no registers to save: both ways out are tail calls); the guard's
 * thread-local way is out of line. */
static inline Py_ALWAYS_INLINE PyObject *
run_entered_frame(PyThreadState *tstate, _PyInterpreterFrame *frame, int throwflag)
{
    if (frame->f_code->co_flags & CO_FIVEFOLD) {
        return FF_RUN_FRAME(tstate, frame, throwflag);
    }
    return _PyEval_EvalFrameDefault(tstate, frame, throwflag);
}

static Py_NO_INLINE PyObject *
entry_checking_stack(PyThreadState *tstate, _PyInterpreterFrame *frame, int throwflag)
{
    if (ff_c_entry_stack_check(tstate)) {
        return NULL;
    }
    return run_entered_frame(tstate, frame, throwflag);
}

PyObject *
ff_stage2_entry(PyThreadState *tstate, _PyInterpreterFrame *frame, int throwflag)
{
    if (!ff_c_entry_stack_known_ok(tstate)) {
        return entry_checking_stack(tstate, frame, throwflag);
    }
    return run_entered_frame(tstate, frame, throwflag);
}
