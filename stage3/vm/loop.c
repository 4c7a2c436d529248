/* Stage 3's loop: stage 2's loop (its instructions, frames pushed in the loop,
 * its cost seams) with stage 3's hooks (stage3.h): back edges counted, hot
 * loops recorded through the dispatch's tracing test. The seam (stage.c's
 * ff_stage3) makes it the loop frames run on while any stage-3 change is on. */
/* Before any include: the hot helpers always inline in this loop (vm_internal.h). */
#define FF_HOT_INLINE Py_ALWAYS_INLINE
#include "loop_prelude.h"    /* CPython's headers; then fivefold's declarations hidden */
FF_HIDDEN_BEGIN
#include "cheap_c_calls.h"   /* first: it widens the C-call seam (eval_macros.h) */
#include "int_freelist.h"    /* first too: a dropped local's dealloc (eval_macros.h) */
#include "stage3.h"          /* before eval_macros.h: its hooks replace the defaults */
#include "eval_macros.h"
#include "stage1.h"
#include "stage2.h"

#define FF_LOOP_STAGE 3
#define FF_RUN_FRAME ff_run_stage3_frame
PyObject *FF_RUN_FRAME(PyThreadState *tstate, _PyInterpreterFrame *frame, int throwflag);
#include "eval_loop.c.h"
FF_HIDDEN_END
