/* The dispatch loop, included once per loop: by eval.c as the tier-0 loop
 * (FF_LOOP_STAGE 0: the base VM's generic instructions only, nothing counted)
 * and by each stage's stageN/vm/loop.c as that stage's loop (FF_LOOP_STAGE N:
 * the instructions of stages 1..N too; generated/cases.c.h gates each one by
 * the stage whose folder defines it). Which loop a frame runs on is chosen
 * once, at import, from the enabled changes (tiers.h), so tier 0 stays the
 * plain interpreter it is measured as. Expects FF_LOOP_STAGE and FF_RUN_FRAME
 * to be defined, and eval_macros.h (plus the stage's own words) included. */

/* The loop's rare paths (tracing, errors, unwinding) marked cold for GCC, in
 * stage 2's loop and later ones. A loop is one function of some 17,000 machine
 * instructions in which GCC keeps the frame, next_instr, the stack pointer,
 * opcode and oparg in registers; what it spills depends on how often it
 * guesses each path runs. Adding s2.local_attr's instruction made it spill the
 * frame in stage 2's loop, a load more in every instruction; with these paths
 * cold it keeps it in a register. In stage 1's loop the same marks cost
 * instructions (richards +2.4% at stage 1), so that loop is left as it was
 * (stage2/README.md, "The base VM: one byte load each for the opcode and the
 * argument"). */
#if FF_LOOP_STAGE >= 2 && defined(__GNUC__) && !defined(__clang__)
#  define FF_COLD_LABEL __attribute__((cold))
#else
#  define FF_COLD_LABEL
#endif

/* The frame's first unit, which only the rare paths read (tracing, exception
 * handlers, f_lasti: a position turned into an offset). A loop that pushes
 * frames (stage 2's) computes it there from the frame's code instead of
 * keeping a variable reloaded, and spilled, on every frame transition (stage
 * 2: -0.3% to -2.0% instructions); in the loops that never change frames it
 * stays a variable set on entry (computed, it cost stage 1 up to 1.2%: GCC
 * allocated that loop's registers otherwise; stage2/README.md, "The base VM:
 * a frame's first unit computed where it is needed"). */
#if FF_LOOP_INLINE_FRAMES
#  define first_instr (_PyCode_CODE(frame->f_code))
#  define FF_LOAD_FIRST_INSTR() ((void)0)
#else
#  define FF_LOAD_FIRST_INSTR() (first_instr = _PyCode_CODE(frame->f_code))
#endif

/* The state of the frame a loop runs: (re)loaded on entry and, on loops that
 * push frames (FF_LOOP_INLINE_FRAMES), each time the frame changes. Every
 * frame that gets here has fivefold code: checked at entry, or by the
 * instruction that pushed it (a call's or a generator's code was checked). */
#define FF_LOAD_FRAME_STATE() \
    do { \
        /* The bytecode runs in the shadow's own code array (make_code put it \
         * there): prev_instr is the unit before the next one to run (-1 on entry). */ \
        FF_LOAD_FIRST_INSTR(); \
        next_instr = frame->prev_instr + 1; \
        stack_pointer = _PyFrame_GetStackPointer(frame); \
        /* As 3.11's ceval: while the loop runs, stacktop is -1 so the cycle GC, \
         * which traverses a running generator's frame up to stacktop, sees no \
         * stale slots. Every exit stores the real value back. */ \
        frame->stacktop = -1; \
        /* The Code's own tuples (make_code: shadow_shares_tuples), read \
         * without the Code's look-up through co_extra. */ \
        consts = frame->f_code->co_consts; \
        names = frame->f_code->co_names; \
    } while (0)

/* Seams for the cost of a frame, which a stage's loop may define before this
 * file: FF_ENTER_RECURSION() and FF_LEAVE_RECURSION() count a frame's
 * recursion level (non-zero from the first: RecursionError is set), and
 * FF_POP_PLAIN_FRAME(tstate, frame) clears a thread-owned frame this loop
 * pushed and gives its data-stack space back. By default: CPython's exported
 * functions and frame.c's general pop. */
#ifndef FF_ENTER_RECURSION
#define FF_ENTER_RECURSION() Py_EnterRecursiveCall("")
#endif
#ifndef FF_LEAVE_RECURSION
#define FF_LEAVE_RECURSION() Py_LeaveRecursiveCall()
#endif
#ifndef FF_POP_PLAIN_FRAME
#define FF_POP_PLAIN_FRAME(tstate, frame) ff_pop_thread_frame((tstate), (frame))
#endif
/* FF_LEAVE_AND_POP_PLAIN_FRAME(tstate, frame): both of the above for a frame
 * that returned (the hot path of a call's return), which a stage may do in one
 * step: the pop lowers the recursion level while finalizers run and raises it
 * after, so leaving the frame's level until the pop is done counts the same. */
#ifndef FF_LEAVE_AND_POP_PLAIN_FRAME
#define FF_LEAVE_AND_POP_PLAIN_FRAME(tstate, frame) \
    do { FF_LEAVE_RECURSION(); FF_POP_PLAIN_FRAME((tstate), (frame)); } while (0)
#endif
/* FF_RELEASE_RETURNED_GENERATOR(tstate, gen): a generator or coroutine this
 * loop resumed has returned (its frame unlinked, ff_generator_leave): it lets go
 * of its frame, as gen_send_ex2 does. By default frame.c's general release. */
#ifndef FF_RELEASE_RETURNED_GENERATOR
#define FF_RELEASE_RETURNED_GENERATOR(tstate, gen) ff_generator_release(gen)
#endif
/* And for the cost of entering the loop from C: FF_CODE_ON_ENTRY(shadow) is the
 * Code of the frame the loop is called for, or NULL when it has none. By
 * default every check of ff_code_of_shadow; a stage whose own entry (tiers.h)
 * has already checked the flag may check less. */
#ifndef FF_CODE_ON_ENTRY
#define FF_CODE_ON_ENTRY(shadow) ff_code_of_shadow(shadow)
#endif

/* Back to the cframe the loop was entered on (whose current frame is still
 * the entry frame's caller), with the tracing state as it is now. A stage may
 * define FF_ON_LEAVE_LOOP() for what it owes first (stage 3: a recording this
 * run of the loop carried ends, stage3/vm/stage3.h). */
#ifndef FF_ON_LEAVE_LOOP
#define FF_ON_LEAVE_LOOP() ((void)0)
#endif
/* FF_AFTER_FRAME_CHANGE(): run where a frame the loop pushed has just been
 * entered, returned from or yielded from, with the new frame's state loaded,
 * before its next instruction is dispatched (stage 3: a trace that runs goes on
 * there); nothing by default. */
#ifndef FF_AFTER_FRAME_CHANGE
#define FF_AFTER_FRAME_CHANGE() ((void)0)
#endif
#define FF_LEAVE_CFRAME() \
    do { FF_ON_LEAVE_LOOP(); \
         tstate->cframe = own_cframe.previous; \
         tstate->cframe->use_tracing = own_cframe.use_tracing; } while (0)

PyObject *
FF_RUN_FRAME(PyThreadState *tstate, _PyInterpreterFrame *frame, int throwflag)
{
#ifdef FF_LOOP_LOCALS
    FF_LOOP_LOCALS   /* a stage's own state in its loop (stage 3: the trace it runs) */
#endif
    FFCode *code = FF_CODE_ON_ENTRY(frame->f_code);
    if (code == NULL || code->co_consts == NULL) {
        /* A copy of a shadow made by marshal.loads, types.CodeType() or a
         * code.replace() that changed what runs: its co_code is placeholders. */
        PyErr_Format(PyExc_SystemError, "fivefold: %R is shadow code (CO_FIVEFOLD) without its fivefold "
                     "code: a copy made by marshal.loads, types.CodeType() or code.replace() cannot run; "
                     "use the function's own __code__ or compile its source again", frame->f_code);
        return NULL;
    }
    /* Link the frame: it is now the thread's current frame (sys._getframe,
     * tracebacks, super() and friends see it). Each run of the loop has a
     * cframe of its own on the C stack, as CPython 3.11's loop has: the
     * thread's use_tracing is copied into it on entry and back on exit
     * (FF_LEAVE_CFRAME), sys.settrace inside updates it as the thread's
     * current one, and every dispatch's tracing test reads it at a fixed
     * offset from the stack pointer instead of through a register. */
    _PyCFrame own_cframe;
    _PyCFrame *const cframe = &own_cframe;
    own_cframe.previous = tstate->cframe;
    own_cframe.use_tracing = own_cframe.previous->use_tracing;
    frame->previous = own_cframe.previous->current_frame;
    own_cframe.current_frame = frame;
    tstate->cframe = cframe;
    frame->is_entry = true;
    if (FF_ENTER_RECURSION()) {
        FF_LEAVE_CFRAME();
        return NULL;
    }

#if FF_COMPUTED_GOTOS
    static void *const opcode_targets[256] = {
#include "generated/opcode_targets.h"
    };
#endif
    _Py_CODEUNIT *next_instr;
#if !FF_LOOP_INLINE_FRAMES
    _Py_CODEUNIT *first_instr;
#endif
    PyObject **stack_pointer;
    PyObject *consts, *names;
    PyObject *kwnames = NULL;         /* set by KW_NAMES for the next CALL */
    PyObject *frame_result = NULL;
#if FF_LOOP_INLINE_FRAMES
    _PyInterpreterFrame *new_frame = NULL;   /* set by an instruction that goes to enter_frame */
#endif
    /* Word-sized, so that indexing the target table and the frame's locals with
     * them needs no sign extension at every instruction (two instructions of a
     * LOAD_FAST's twenty, read off the disassembly). Alone this measured no
     * gain (GCC spilled the frame instead); with the cframe on the C stack
     * (above), which frees the register the cframe pointer took, -2% to -4%
     * instructions at stage 2 (stage2/README.md, "The base VM: the loop's own
     * cframe"). */
    Py_ssize_t opcode, oparg;
    FF_LOAD_FRAME_STATE();
    (void)names;

    if (throwflag) {
        /* generator.throw(): the exception is set; unwind from the yield point
         * (a call event first while tracing, as 3.11 sends). */
        if (FF_TRACING()) {
            _PyFrame_SetStackPointer(frame, stack_pointer);
            if (ff_trace_entry(tstate, frame)) {
                goto exit_unwind;
            }
        }
        goto error;
    }

dispatch:
    opcode = FF_OPCODE_AT(next_instr);
    oparg = FF_OPARG_AT(next_instr);
    next_instr++;
    if (FF_TRACING()) {
        goto do_tracing;
    }
    goto dispatch_opcode;
#if FF_LOOP_STAGE > 0
dispatch_same_oparg:
    /* After a specialization rewrote the instruction: run it again with the
     * argument EXTENDED_ARG may have built (only loops that specialize). */
    opcode = FF_OPCODE_AT(next_instr);
    next_instr++;
#endif
dispatch_opcode:
    SET_PREV_INSTR();
    FF_STAT_INC(opcode);
#if FF_COMPUTED_GOTOS
    goto *opcode_targets[opcode];
#endif
    switch (opcode) {
#include "generated/cases.c.h"
    default:
#if FF_COMPUTED_GOTOS
    unknown_opcode:
#endif
        PyErr_Format(PyExc_SystemError, "fivefold: unknown opcode %d", opcode);
        goto error;
    }
    Py_UNREACHABLE();

do_tracing: FF_COLD_LABEL;
#ifdef FF_ON_TRACING_TEST
    /* A stage's word before the tracing events (stage 3: the recorder, which
     * sets the flag in this cframe while it records an iteration; it goes to
     * dispatch_opcode itself for an instruction it took). */
    FF_ON_TRACING_TEST();
#endif
    /* Every instruction comes here while the thread traces or profiles (the
     * dispatch tests FF_TRACING), before it runs: CPython 3.11's DO_TRACING.
     * From the frame's first traceable unit on (its RESUME), RESUME sends the
     * call event, any other instruction the line and opcode events; then the
     * family's generic instruction runs, so that a traced instruction does
     * what CPython's does (a builtin's CALL its c_call, say). */
    {
        int instr_prev = (int)(frame->prev_instr - first_instr);
        SET_PREV_INSTR();
        if (next_instr - 1 - first_instr >= frame->f_code->_co_firsttraceable) {
            int err = 0;
            _PyFrame_SetStackPointer(frame, stack_pointer);
            if (opcode == FF_RESUME) {
                err = ff_trace_entry(tstate, frame);
            }
            else if (tstate->c_tracefunc != NULL) {
                err = ff_trace_line(tstate, frame, instr_prev);
            }
            stack_pointer = _PyFrame_GetStackPointer(frame);
            frame->stacktop = -1;
            if (err) {
                /* As 3.11: a trace function that set f_lineno and then
                 * raised leaves the handler search at the old position. */
                goto error;
            }
            if (frame->prev_instr != next_instr - 1) {
                /* The trace function jumped (frame.f_lineno = N, setlineno.c:
                 * it popped the stack and moved prev_instr to the target).
                 * Run the target now, without a line event of its own, as
                 * 3.11's DO_TRACING reloads next_instr from prev_instr. */
                next_instr = frame->prev_instr;
                opcode = FF_OPCODE_AT(next_instr);
                oparg = FF_OPARG_AT(next_instr);
                next_instr++;
            }
        }
        if (ff_deopt[opcode] != 0) {
            opcode = ff_deopt[opcode];
        }
        goto dispatch_opcode;
    }

error: FF_COLD_LABEL;
#ifdef FF_ON_ERROR
    FF_ON_ERROR();   /* a stage's word on an exception raised (stage 3: a recording ends) */
#endif
    kwnames = NULL;
    if (!PyErr_Occurred()) {
        PyErr_SetString(PyExc_SystemError, "fivefold: error return without exception set");
    }
    ff_add_traceback(frame);
    if (tstate->c_tracefunc != NULL) {
        ff_trace_exception(tstate, frame);
    }

exception_unwind: FF_COLD_LABEL;
    {
        int offset = (int)(next_instr - first_instr) - 1;
        const ff_handler *h = ff_find_handler(ff_code_of_checked_shadow(frame->f_code), offset);
        PyObject **base = _PyFrame_Stackbase(frame);
        PyObject **new_top = h ? base + h->depth : base;
        if (new_top > stack_pointer) {
            PyErr_Format(PyExc_SystemError, "fivefold: handler depth %d above the stack at unit %d",
                         h->depth, offset);
            h = NULL;
            new_top = base;
        }
        while (stack_pointer > new_top) {
            PyObject *v = *--stack_pointer;
            Py_XDECREF(v);
        }
        if (h == NULL) {
            if (FF_TRACING()) {
                /* The return event of a frame an exception leaves (its errors
                 * do not matter: the frame is unwinding anyway). */
                _PyFrame_SetStackPointer(frame, stack_pointer);
                ff_trace_exit(tstate, frame, NULL);
            }
            goto exit_unwind;
        }
        if (h->lasti) {
            PyObject *lasti = PyLong_FromLong((long)(frame->prev_instr - first_instr));
            if (lasti == NULL) {
                goto exception_unwind;
            }
            *stack_pointer++ = lasti;
        }
        PyObject *type, *value, *tb;
        PyErr_Fetch(&type, &value, &tb);
        PyErr_NormalizeException(&type, &value, &tb);
        PyException_SetTraceback(value, tb != NULL ? tb : Py_None);
        Py_XDECREF(tb);
        Py_XDECREF(type);
        *stack_pointer++ = value;
        next_instr = first_instr + h->target;
        goto dispatch;
    }

exit_unwind: FF_COLD_LABEL;
    _PyFrame_SetStackPointer(frame, stack_pointer);
#if FF_LOOP_INLINE_FRAMES
    if (!frame->is_entry) {
        /* A frame this loop pushed: pop it, and go on unwinding in its caller,
         * which gets its traceback entry at `error`, as in CPython. */
        _PyInterpreterFrame *dying = frame;
        frame = cframe->current_frame = dying->previous;
        FF_LEAVE_RECURSION();
        if (dying->owner == FRAME_OWNED_BY_GENERATOR) {
            /* What gen_send_ex2 does when the generator (or a coroutine an
             * await resumed here) raised. */
            PyGenObject *gen = ff_generator_leave(tstate, dying, FRAME_COMPLETED);
            if (PyErr_ExceptionMatches(PyExc_StopIteration)) {
                _PyErr_FormatFromCause(PyExc_RuntimeError, "%s raised StopIteration",
                                       PyCoro_CheckExact(gen) ? "coroutine" : "generator");
            }
            ff_generator_release(gen);
        }
        else {
            FF_POP_PLAIN_FRAME(tstate, dying);
        }
        FF_LOAD_FRAME_STATE();
#ifdef FF_ON_UNWIND_INTO_CALLER
        /* A stage's word for what the caller's resume point still owes
         * (a class call's recursion level, when its __init__ frame raised). */
        FF_ON_UNWIND_INTO_CALLER();
#endif
        goto error;
    }
#endif
    FF_LEAVE_RECURSION();
    FF_LEAVE_CFRAME();
    return NULL;

exit_frame:
    /* RETURN_VALUE: the value is popped and the stack is empty. */
    _PyFrame_SetStackPointer(frame, stack_pointer);
    if (FF_TRACING() && ff_trace_exit(tstate, frame, frame_result)) {
        Py_CLEAR(frame_result);
        goto exit_unwind;
    }
#if FF_LOOP_INLINE_FRAMES
    if (!frame->is_entry) {
        /* Back to the caller this loop pushed the frame for, in the same loop:
         * its next instruction follows the CALL and its caches. */
        _PyInterpreterFrame *dying = frame;
        frame = cframe->current_frame = dying->previous;
        if (dying->owner == FRAME_OWNED_BY_GENERATOR) {
            FF_LEAVE_RECURSION();
            /* A generator (or coroutine) resumed in this loop returned: it is
             * finished. Its resumer is the instruction before the caller's
             * resume point: a FOR_ITER (whose cache unit precedes the resume point) ends the
             * loop as its exhausted path does: the value is dropped, the
             * iterator popped, the jump taken; a SEND (no cache; the resumer
             * guaranteed the unit before it is no FOR_ITER) pops the receiver,
             * and jumps with the value as the result of `yield from`. Both
             * arguments are below 256 (no EXTENDED_ARG). */
            FF_RELEASE_RETURNED_GENERATOR(tstate, ff_generator_leave(tstate, dying, FRAME_COMPLETED));
            FF_LOAD_FRAME_STATE();
#ifdef FF_GENERATOR_RETURNS_TO_STEP
            if (FF_GENERATOR_RETURNS_TO_STEP()) {
                /* A stage's resume point that takes the generator's end itself
                 * (stage2.h): the return value goes, as a constructor iterating
                 * the generator drops it, and NULL on the stack says "finished". */
                Py_DECREF(frame_result);
                frame_result = NULL;
                *stack_pointer++ = NULL;
                FF_AFTER_FRAME_CHANGE();
                DISPATCH();
            }
#endif
            PyObject *resumer = *--stack_pointer;
            if (ff_deopt[_Py_OPCODE(next_instr[-1 - ff_cache_size[FF_FOR_ITER]])] == FF_FOR_ITER) {
                Py_DECREF(frame_result);   /* as CPython: the value, then the iterator */
                Py_DECREF(resumer);
                oparg = _Py_OPARG(next_instr[-1 - ff_cache_size[FF_FOR_ITER]]);
            }
            else {
                Py_DECREF(resumer);
                *stack_pointer++ = frame_result;
                oparg = _Py_OPARG(next_instr[-1]);
            }
            frame_result = NULL;
            JUMPBY(oparg);
            FF_AFTER_FRAME_CHANGE();
            DISPATCH();
        }
        FF_LEAVE_AND_POP_PLAIN_FRAME(tstate, dying);
        FF_LOAD_FRAME_STATE();
        *stack_pointer++ = frame_result;
        frame_result = NULL;
        FF_AFTER_FRAME_CHANGE();
        DISPATCH();
    }
#endif
    FF_LEAVE_RECURSION();
    FF_LEAVE_CFRAME();
    return frame_result;

exit_yield:
    if (frame->owner != FRAME_OWNED_BY_GENERATOR) {
        Py_DECREF(frame_result);
        PyErr_SetString(PyExc_SystemError, "fivefold: YIELD_VALUE outside a generator");
        goto error;
    }
    _PyFrame_GetGenerator(frame)->gi_frame_state = FRAME_SUSPENDED;
    _PyFrame_SetStackPointer(frame, stack_pointer);
    if (FF_TRACING() && ff_trace_exit(tstate, frame, frame_result)) {
        Py_CLEAR(frame_result);
        goto exit_unwind;
    }
#if FF_LOOP_INLINE_FRAMES
    if (!frame->is_entry) {
        /* Back to the FOR_ITER or SEND that resumed the generator (or
         * coroutine) in this loop: the value is its next item. */
        _PyInterpreterFrame *gen_frame = frame;
        frame = cframe->current_frame = gen_frame->previous;
        FF_LEAVE_RECURSION();
        ff_generator_leave(tstate, gen_frame, FRAME_SUSPENDED);
        FF_LOAD_FRAME_STATE();
        *stack_pointer++ = frame_result;
        frame_result = NULL;
        FF_AFTER_FRAME_CHANGE();
        DISPATCH();
    }
#endif
    FF_LEAVE_RECURSION();
    FF_LEAVE_CFRAME();
    return frame_result;

#if FF_LOOP_INLINE_FRAMES
enter_frame:
    /* An instruction pushed new_frame (arguments in place, its own references
     * taken from the stack, which it popped) and moved next_instr past its
     * caches: link it and run it here, with no C recursion. */
    frame->prev_instr = next_instr - 1;
    _PyFrame_SetStackPointer(frame, stack_pointer);
    new_frame->previous = frame;
    new_frame->is_entry = false;   /* a generator's frame keeps the flag of its last run */
    frame = cframe->current_frame = new_frame;
    new_frame = NULL;
    FF_LOAD_FRAME_STATE();
    if (FF_ENTER_RECURSION()) {
        /* RecursionError: the frame never ran, so no traceback entry of its own
         * (as in CPython); exit_unwind leaves one recursion level for it, which
         * the failed check did not take. */
        tstate->recursion_remaining--;
        goto exit_unwind;
    }
    FF_AFTER_FRAME_CHANGE();
#ifdef FF_ENTER_PAST_RESUME
    /* A stage's word on the frame's first instruction (stage2.h: its RESUME's
     * check done here, the RESUME skipped). */
    FF_ENTER_PAST_RESUME();
#endif
    DISPATCH();
#endif

exit_generator_created:
    /* RETURN_GENERATOR moved this frame's contents into the generator. */
    FF_LEAVE_RECURSION();
#if FF_LOOP_INLINE_FRAMES
    if (!frame->is_entry) {
        /* A call this loop pushed the frame for (s2.inline_generator_calls):
         * pop what is left of it and resume the caller with the generator,
         * as CPython 3.11's RETURN_GENERATOR does. */
        _PyInterpreterFrame *dying = frame;
        frame = cframe->current_frame = dying->previous;
        /* Nothing is left in it (ff_frame_moved_out): no locals, no
         * references; none has a frame object before its RESUME, but should
         * one, the frame kept its function and code for the plain pop. */
        if (ff_frame_moved_out_entirely(dying)) {
            tstate->datastack_top = (PyObject **)dying;
        }
        else {
            FF_POP_PLAIN_FRAME(tstate, dying);
        }
        FF_LOAD_FRAME_STATE();
        *stack_pointer++ = frame_result;
        frame_result = NULL;
        FF_AFTER_FRAME_CHANGE();
        DISPATCH();
    }
#endif
    FF_LEAVE_CFRAME();
    return frame_result;

#ifdef FF_LOOP_MORE_CODE
    /* A stage's own paths in its loop (stage 3: the trace executor). */
#include FF_LOOP_MORE_CODE
#endif
}
#if FF_LOOP_INLINE_FRAMES
#  undef first_instr
#endif
#undef FF_LOAD_FIRST_INSTR
