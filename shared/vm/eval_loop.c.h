/* The dispatch loop, included once per loop: by eval.c as the tier-0 loop
 * (FF_LOOP_STAGE 0: the base VM's generic instructions only, nothing counted)
 * and by each stage's stageN/vm/loop.c as that stage's loop (FF_LOOP_STAGE N:
 * the instructions of stages 1..N too; generated/cases.c.h gates each one by
 * the stage whose folder defines it). Which loop a frame runs on is chosen
 * once, at import, from the enabled changes (tiers.h), so tier 0 stays the
 * plain interpreter it is measured as. Expects FF_LOOP_STAGE and FF_RUN_FRAME
 * to be defined, and eval_macros.h (plus the stage's own words) included. */

PyObject *
FF_RUN_FRAME(PyThreadState *tstate, _PyInterpreterFrame *frame, int throwflag)
{
    FFCode *code = ff_code_of_shadow(frame->f_code);
    if (code == NULL || code->co_consts == NULL) {
        PyErr_Format(PyExc_SystemError, "fivefold: %R has CO_FIVEFOLD but no fivefold code", frame->f_code);
        return NULL;
    }
    /* Link the frame: it is now the thread's current frame (sys._getframe,
     * tracebacks, super() and friends see it). */
    _PyCFrame *cframe = tstate->cframe;
    frame->previous = cframe->current_frame;
    cframe->current_frame = frame;
    frame->is_entry = true;
    if (Py_EnterRecursiveCall("")) {
        tstate->cframe->current_frame = frame->previous;
        return NULL;
    }

    _Py_CODEUNIT *const first_instr = code->instrs;
    _Py_CODEUNIT *const shadow_first = _PyCode_CODE(frame->f_code);
    /* prev_instr is the shadow unit before the next one to run (-1 on entry). */
    _Py_CODEUNIT *next_instr = first_instr + (frame->prev_instr - shadow_first) + 1;
    const intptr_t shadow_delta = (char *)shadow_first - (char *)first_instr;
#if FF_COMPUTED_GOTOS
    static void *const opcode_targets[256] = {
#include "generated/opcode_targets.h"
    };
#endif
    PyObject **stack_pointer = _PyFrame_GetStackPointer(frame);
    /* As 3.11's ceval: while the loop runs, stacktop is -1 so the cycle GC,
     * which traverses a running generator's frame up to stacktop, sees no
     * stale slots. Every exit stores the real value back. */
    frame->stacktop = -1;
    PyObject *const consts = code->co_consts;
    PyObject *const names = code->co_names;
    PyObject *kwnames = NULL;         /* set by KW_NAMES for the next CALL */
    PyObject *frame_result = NULL;
    int opcode, oparg;
    (void)names;

    if (throwflag) {
        /* generator.throw(): the exception is set; unwind from the yield point. */
        goto error;
    }

dispatch:
    opcode = _Py_OPCODE(*next_instr);
    oparg = _Py_OPARG(*next_instr);
    next_instr++;
    goto dispatch_opcode;
#if FF_LOOP_STAGE > 0
dispatch_same_oparg:
    /* After a specialization rewrote the instruction: run it again with the
     * argument EXTENDED_ARG may have built (only loops that specialize). */
    opcode = _Py_OPCODE(*next_instr);
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

error:
    kwnames = NULL;
    if (!PyErr_Occurred()) {
        PyErr_SetString(PyExc_SystemError, "fivefold: error return without exception set");
    }
    ff_add_traceback(frame);

exception_unwind:
    {
        int offset = (int)(next_instr - first_instr) - 1;
        const ff_handler *h = ff_find_handler(code, offset);
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
            goto exit_unwind;
        }
        if (h->lasti) {
            PyObject *lasti = PyLong_FromLong((long)(frame->prev_instr - shadow_first));
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

exit_unwind:
    _PyFrame_SetStackPointer(frame, stack_pointer);
    Py_LeaveRecursiveCall();
    tstate->cframe->current_frame = frame->previous;
    return NULL;

exit_frame:
    /* RETURN_VALUE: the value is popped and the stack is empty. */
    _PyFrame_SetStackPointer(frame, stack_pointer);
    Py_LeaveRecursiveCall();
    tstate->cframe->current_frame = frame->previous;
    return frame_result;

exit_yield:
    if (frame->owner != FRAME_OWNED_BY_GENERATOR) {
        Py_DECREF(frame_result);
        PyErr_SetString(PyExc_SystemError, "fivefold: YIELD_VALUE outside a generator");
        goto error;
    }
    _PyFrame_GetGenerator(frame)->gi_frame_state = FRAME_SUSPENDED;
    _PyFrame_SetStackPointer(frame, stack_pointer);
    Py_LeaveRecursiveCall();
    tstate->cframe->current_frame = frame->previous;
    return frame_result;

exit_generator_created:
    /* RETURN_GENERATOR moved this frame's contents into the generator. */
    Py_LeaveRecursiveCall();
    tstate->cframe->current_frame = frame->previous;
    return frame_result;
}

