/* s2.cheap_c_calls (cheap_c_calls.def): stage 2's loop turns on stage 1's
 * cheap C-call seam (stage1/vm/call.h) at run time. Included by stage 2's loop
 * before stage1.h, which defaults the seam to 0 (stage 1's own loop). */
#ifndef FIVEFOLD_S2_CHEAP_C_CALLS_H
#define FIVEFOLD_S2_CHEAP_C_CALLS_H

extern int ff_cheap_c_calls;   /* stage.c: on while the change is */
#define FF_CHEAP_C_CALLS ff_cheap_c_calls

#endif
