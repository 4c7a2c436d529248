/* s2.cheap_c_calls (cheap_c_calls.def): stage 2's loop turns on the cheap
 * C-call seam (shared/vm/eval_macros.h, stage1/vm/call.h) at run time. Included
 * by stage 2's loop before eval_macros.h, which defaults the seam to 0 (the
 * other loops). */
#ifndef FIVEFOLD_S2_CHEAP_C_CALLS_H
#define FIVEFOLD_S2_CHEAP_C_CALLS_H

extern int ff_cheap_c_calls;   /* stage.c: on while the change is */
#define FF_CHEAP_C_CALLS ff_cheap_c_calls

#endif
