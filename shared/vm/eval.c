/* The tier-0 evaluator: a PEP 523 frame evaluator that runs fivefold code on
 * CPython's own _PyInterpreterFrame (docs/engine.md sections 1-2).
 *
 * A plain `switch` over the generated cases, every operation through the
 * generic C API: the honest baseline later stages are measured against. */
#include "vm_internal.h"
#include "opcode_ids.h"

#ifdef FIVEFOLD_STATS
unsigned long long ff_opcode_counts[256];
#define FF_STAT_INC(op) (ff_opcode_counts[(op)]++)
#else
#define FF_STAT_INC(op) ((void)0)
#endif

/* ---- The vocabulary of instructions.def bodies and the generated cases */
#define TARGET(op) case FF_##op:
#define PREDICTED(op) PREDICTED_##op: ;
#define DISPATCH() goto dispatch
#define JUMPBY(n) (next_instr += (n))
#define STACK_GROW(n) (stack_pointer += (n))
#define STACK_SHRINK(n) (stack_pointer -= (n))
#define GETLOCAL(i) (frame->localsplus[(i)])
#define SETLOCAL(i, value) do { PyObject *old_ = GETLOCAL(i); GETLOCAL(i) = (value); \
                                Py_XDECREF(old_); } while (0)
/* Signals, pending calls, GIL drop requests; checked on backward jumps and at
 * function entry. The stack must be consistent where this is used. */
/* read_u16/read_u32/read_u64 (inline cache readers) come from pycore_code.h. */
#define CHECK_EVAL_BREAKER() \
    do { if (ff_eval_breaker_set(tstate) && ff_handle_pending(tstate) != 0) goto error; } while (0)


static PyObject *
run_fivefold_frame(PyThreadState *tstate, _PyInterpreterFrame *frame, int throwflag)
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
dispatch_opcode:
    frame->prev_instr = shadow_first + (next_instr - first_instr - 1);
    FF_STAT_INC(opcode);
    switch (opcode) {
#include "generated_cases.c.h"
    default:
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

PyObject *
ff_eval_frame(PyThreadState *tstate, _PyInterpreterFrame *frame, int throwflag)
{
    /* One C stack check for every frame, CPython's too: deep recursion under a
     * raised recursion limit gives RecursionError instead of a crash. */
    if (ff_c_stack_exhausted(tstate)) {
        return NULL;
    }
    if (frame->f_code->co_flags & CO_FIVEFOLD) {
        return run_fivefold_frame(tstate, frame, throwflag);
    }
    return _PyEval_EvalFrameDefault(tstate, frame, throwflag);
}
