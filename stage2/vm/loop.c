/* Stage 2's loop: the base VM's dispatch loop (shared/vm/eval_loop.c.h) with
 * the instructions of stages 1 and 2 (FF_LOOP_STAGE 2), on which instructions
 * may push frames and run them here (FF_LOOP_INLINE_FRAMES, from stage2.h). The seam
 * (stage.c's ff_stage2) makes it the loop frames run on while any stage-2
 * change is on. */
#include "eval_macros.h"
#include "stage1.h"
#include "stage2.h"

#define FF_LOOP_STAGE 2
#define FF_RUN_FRAME ff_run_stage2_frame
PyObject *FF_RUN_FRAME(PyThreadState *tstate, _PyInterpreterFrame *frame, int throwflag);
#include "eval_loop.c.h"
