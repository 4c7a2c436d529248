/* s3.execute: the trace executor, a micro-op interpreter inside stage 3's loop
 * (included at the end of the loop's function, FF_LOOP_MORE_CODE in stage3.h),
 * so that it shares the loop's frame, stack pointer and paths: a micro-op that
 * raises goes to the loop's `error`; one that pushes, returns from or yields
 * from a frame goes to the loop's frame paths, which come back here
 * (FF_AFTER_FRAME_CHANGE) when the new frame is where the trace goes on.
 *
 * Rules of this file:
 * - A trace runs the micro-ops of the instructions it recorded, each as a case
 *   generated from the same definitions as the loops' cases
 *   (generated/uop_cases.c.h, tools/cases_generator/write_uops.py).
 * - Nothing is kept in the executor that the loop does not have: frames are
 *   real, values are on the frame's stack, each micro-op reads the live inline
 *   caches. So leaving the trace is exact and costs nothing: the loop goes on
 *   at next_instr, with the stack and the frames as they are. No optimizer pass
 *   runs yet.
 * - Before each instruction the trace checks what the loop's dispatch would:
 *   the tracing flag (sys.settrace switched on inside the trace, or a
 *   recording), and that the unit still holds the instruction recorded (stage
 *   1 may have rewritten it; its caches would mean something else). Either
 *   leaves the trace before the instruction.
 * - After each instruction, control must be where the recording went: a
 *   branch the other way, a call of another function, a generator that
 *   returned, a guard that failed, all leave the trace there, counted per
 *   micro-op (traces()' exits).
 * - The back edge at the trace's end checks the eval breaker (signals, pending
 *   calls, the GIL) as the loop's does; the trace then starts again.
 * - Inside the cases, FF_TRACING() is 1, as while the recording ran: an
 *   instruction does what the recorder saw (no fused pair, no specialization
 *   from a trace), and DISPATCH() means "the instruction moved next_instr". */

t2_enter:
    /* FF_ON_LOOP_BACK: a back edge reached the head of t2_trace (a reference
     * taken); next_instr is the head. A trace cleared from the store while it
     * runs goes on until it leaves, and is not entered again (its entry is
     * gone): what it runs is checked as before, so it is still right. */
    t2_trace->entries++;
    t2_u = t2_trace->uops;
t2_run:
    if (t2_u->flags & FF_UOP_FIRST) {
        if (cframe->use_tracing
            || (FF_OPCODE_AT(t2_u->instr) != t2_u->opcode && !(t2_u->flags & FF_UOP_ANY_OPCODE))) {
            t2_trace->exits[t2_u - t2_trace->uops]++;
            next_instr = t2_u->instr - t2_u->ext;
            goto t2_exit;
        }
        frame->prev_instr = t2_u->instr;
        /* As in the loop: the instruction's parts share next_instr, which a
         * part may move (a pair's second unit read and skipped). */
        next_instr = t2_u->instr + 1;
    }
t2_dispatch:
    /* The cases read the micro-op's own fields where the loop's read its locals. */
#pragma push_macro("DISPATCH")
#pragma push_macro("FF_TRACING")
#undef DISPATCH
#undef FF_TRACING
#define DISPATCH() goto t2_jumped
#define FF_TRACING() 1
#define oparg ((Py_ssize_t)t2_u->oparg)
#define opcode ((Py_ssize_t)t2_u->opcode)
#define t2_cache (t2_u->cache)
#if FF_COMPUTED_GOTOS
    {
        static void *const t2_targets[FF_NUM_UOPS] = {
#include "generated/uop_targets.h"
        };
        goto *t2_targets[t2_u->uop];
    }
#endif
    switch (t2_u->uop) {
#include "generated/uop_cases.c.h"
    default:
        break;
    }
#undef t2_cache
#undef opcode
#undef oparg
#pragma pop_macro("FF_TRACING")
#pragma pop_macro("DISPATCH")
t2_no_case: FF_COLD_LABEL;
    /* The recorder keeps no instruction with a micro-op that has no case
     * (ff_opcode_traceable): this is a fault of fivefold's. */
    PyErr_Format(PyExc_SystemError, "fivefold: trace %d holds micro-op %d, which the executor "
                 "cannot run", t2_trace->id, (int)t2_u->uop);
    goto error;

t2_done:
    /* A micro-op's body ended: the instruction's next one, or its end. */
    if (!(t2_u->flags & FF_UOP_LAST)) {
        t2_u++;
        goto t2_dispatch;   /* the same instruction's next part: no check before it */
    }
    next_instr += t2_u->caches;   /* past its caches, as the loop's case ends */
    /* fall through */
t2_jumped:
    /* The instruction ended with control at next_instr (in the frame that now
     * runs, after a call, a return or a yield). */
    if (next_instr != t2_u->next) {
        goto t2_side_exit;
    }
    if (t2_u->after < 0) {
        if (t2_u->after == FF_AFTER_HEAD) {
            goto t2_reenter;   /* a side trace's end, at its loop's head */
        }
        goto t2_exit;   /* a linked trace's end: the loop's back edge enters the other */
    }
    t2_u = t2_u->go;
    goto t2_run;

t2_deopt:
    /* A guard failed: leave before the instruction (nothing of it has run). */
    next_instr = t2_u->instr - t2_u->ext;
t2_side_exit:
    /* Control goes elsewhere than recorded, at next_instr: on in the side trace
     * recorded from here, or out to the loop, where an exit taken often starts
     * recording one (trace trees). The side trace is entered only where it
     * starts: its first instruction then checks its unit as any other. */
    {
        Py_ssize_t k = t2_u - t2_trace->uops;
        uint32_t taken = ++t2_trace->exits[k];
        ff_trace *side = t2_trace->side[k];
        if (side != NULL) {
            if (next_instr == side->start) {
                side->refs++;
                side->entries++;
                FF_T2_DROP();
                t2_trace = side;
                t2_u = side->uops;
                goto t2_run;
            }
        }
        else if (taken >= ff_hot_threshold && t2_trace->side_tries[k] < FF_SIDE_MAX_TRIES
                 && frame->f_code == (PyCodeObject *)PyTuple_GET_ITEM(t2_trace->codes, t2_u->code)
                 && ff_record_start_side(tstate, frame, t2_trace, (int)k)) {
            cframe->use_tracing = FF_RECORDING;
        }
    }
t2_exit:
    FF_T2_DROP();
    DISPATCH();

t2_reenter:
    /* A side trace ended at its loop's head (next_instr): the loop's trace goes
     * on, found as a back edge finds it. */
    {
        ff_trace_slot *slot = &ff_trace_entries[FF_HOT_SLOT(next_instr)];
        if (slot->head != next_instr) {
            goto t2_exit;
        }
        ff_trace *root = slot->trace;
        root->refs++;
        FF_T2_DROP();
        t2_trace = root;
        goto t2_enter;
    }
