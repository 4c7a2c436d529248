/* The frame evaluator: a PEP 523 function that runs fivefold code on CPython's
 * own _PyInterpreterFrame (docs/engine.md sections 1-2), and the tier-0 loop.
 *
 * Tier 0 runs every operation through the generic C API: the honest baseline
 * later stages are measured against. A stage's loop is the same loop compiled
 * in its own folder with its instructions (tiers.h); which loop a frame runs
 * on was chosen once, at import, from the enabled changes. */
#include "loop_prelude.h"    /* CPython's headers; then fivefold's declarations hidden */
FF_HIDDEN_BEGIN
#include "eval_macros.h"
#include "tiers.h"

#ifdef FIVEFOLD_STATS
unsigned long long ff_opcode_counts[256];
#endif

#define FF_LOOP_STAGE 0
#define FF_RUN_FRAME ff_run_tier0_frame
#include "eval_loop.c.h"
FF_HIDDEN_END

PyObject *
ff_default_entry(PyThreadState *tstate, _PyInterpreterFrame *frame, int throwflag)
{
    /* One C stack check for every frame, CPython's too: deep recursion under a
     * raised recursion limit gives RecursionError instead of a crash. */
    if (ff_c_stack_exhausted(tstate)) {
        return NULL;
    }
    if (frame->f_code->co_flags & CO_FIVEFOLD) {
        return ff_active_loop(tstate, frame, throwflag);
    }
    return _PyEval_EvalFrameDefault(tstate, frame, throwflag);
}

/* The PEP 523 function: every frame CPython evaluates (a call or a generator
 * resumed from C) comes here. Which entry runs it was chosen with the loop
 * (tiers.c): ff_default_entry, or the active stage's own. */
PyObject *
ff_eval_frame(PyThreadState *tstate, _PyInterpreterFrame *frame, int throwflag)
{
    return ff_active_entry(tstate, frame, throwflag);
}
