/* Stage 1's loop: the base VM's dispatch loop (shared/vm/eval_loop.c.h)
 * compiled with the instructions of stage 1 (FF_LOOP_STAGE 1): each generic
 * specializable instruction runs its specializing micro-op first (counting
 * down, then specializing), and the families' specialized members run. The
 * seam (adaptive.c's ff_stage1) makes it the loop frames run on while any
 * stage-1 change is on. */
#include "loop_prelude.h"    /* CPython's headers; then fivefold's declarations hidden */
FF_HIDDEN_BEGIN
#include "eval_macros.h"
#include "stage1.h"

#define FF_LOOP_STAGE 1
#define FF_RUN_FRAME ff_run_stage1_frame
PyObject *FF_RUN_FRAME(PyThreadState *tstate, _PyInterpreterFrame *frame, int throwflag);
#include "eval_loop.c.h"
FF_HIDDEN_END
