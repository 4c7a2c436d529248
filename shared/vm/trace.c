/* sys.settrace / sys.setprofile on fivefold frames: the events CPython 3.11's
 * ceval.c sends (call, line, opcode, return, exception, c_call, c_return,
 * c_exception), computed the same way from the frame's shadow code, whose
 * layout, positions and _co_firsttraceable are fivefold's (docs/engine.md,
 * "Tracing"). The loop (eval_loop.c.h) decides when: every instruction goes
 * through its tracing path while the thread's cframe says use_tracing; these
 * functions do the calls. CPython's own helpers are static in ceval.c, so their
 * logic is restated here; the trace and profile functions themselves are the
 * thread's c_tracefunc/c_profilefunc (sys.settrace's trampolines). */
#include "vm_internal.h"
#include "opcode.h"   /* CPython's SEND, which is fivefold's number too (code.c) */

/* The frame object of `frame`, the thread's current frame in every caller
 * (_PyFrame_MakeAndSetFrameObject is not exported; PyEval_GetFrame makes it). */
static PyFrameObject *
frame_object(PyThreadState *tstate, _PyInterpreterFrame *frame)
{
    if (frame->frame_obj != NULL) {
        return frame->frame_obj;
    }
    if (tstate->cframe->current_frame != frame) {
        PyErr_SetString(PyExc_SystemError, "fivefold: tracing a frame that is not the current one");
        return NULL;
    }
    PyFrameObject *f = PyEval_GetFrame();
    if (f == NULL) {
        PyErr_NoMemory();
    }
    return f;
}

/* The line of the frame's current instruction (prev_instr), or -1. */
static int
line_at(_PyInterpreterFrame *frame, int lasti)
{
    return PyCode_Addr2Line(frame->f_code, lasti * (int)sizeof(_Py_CODEUNIT));
}

/* One call of a trace or profile function, as ceval.c's call_trace: nothing
 * while a trace function runs; the frame object's f_lineno is the current line
 * for the duration (what frame.f_lineno reads in the trace function). */
int
ff_trace_call(PyThreadState *tstate, _PyInterpreterFrame *frame, Py_tracefunc func, PyObject *obj,
              int what, PyObject *arg)
{
    if (tstate->tracing) {
        return 0;
    }
    PyFrameObject *f = frame_object(tstate, frame);
    if (f == NULL) {
        return -1;
    }
    int old_what = tstate->tracing_what;
    /* The event, as CPython records it: frame.f_lineno = N (setlineno.c)
     * reads it to allow a jump from a 'line' event only (or a 'return' after a
     * yield), and jumps only the frame whose event this is. */
    tstate->tracing_what = what;
    _PyInterpreterFrame *old_traced = ff_traced_frame;
    ff_traced_frame = frame;
    PyThreadState_EnterTracing(tstate);
    f->f_lineno = line_at(frame, _PyInterpreterFrame_LASTI(frame));
    int result = func(obj, f, what, arg);
    f->f_lineno = 0;
    PyThreadState_LeaveTracing(tstate);
    ff_traced_frame = old_traced;
    tstate->tracing_what = old_what;
    return result;
}

/* ceval.c's call_trace_protected: the current exception survives a call that
 * does not fail. */
static int
trace_protected(PyThreadState *tstate, _PyInterpreterFrame *frame, Py_tracefunc func, PyObject *obj,
                int what, PyObject *arg)
{
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    if (ff_trace_call(tstate, frame, func, obj, what, arg) == 0) {
        PyErr_Restore(type, value, tb);
        return 0;
    }
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(tb);
    return -1;
}

int
ff_trace_entry(PyThreadState *tstate, _PyInterpreterFrame *frame)
{
    if (tstate->c_tracefunc != NULL
        && trace_protected(tstate, frame, tstate->c_tracefunc, tstate->c_traceobj, PyTrace_CALL, Py_None)) {
        return -1;
    }
    if (tstate->c_profilefunc != NULL
        && trace_protected(tstate, frame, tstate->c_profilefunc, tstate->c_profileobj, PyTrace_CALL, Py_None)) {
        return -1;
    }
    return 0;
}

int
ff_trace_exit(PyThreadState *tstate, _PyInterpreterFrame *frame, PyObject *retval)
{
    if (tstate->c_tracefunc != NULL
        && trace_protected(tstate, frame, tstate->c_tracefunc, tstate->c_traceobj, PyTrace_RETURN, retval)) {
        return -1;
    }
    if (tstate->c_profilefunc != NULL
        && trace_protected(tstate, frame, tstate->c_profilefunc, tstate->c_profileobj, PyTrace_RETURN, retval)) {
        return -1;
    }
    return 0;
}

/* ceval.c's maybe_call_line_trace: a line event when the instruction starts a
 * line other than the previous instruction's, or is reached by a backward jump
 * (not a SEND's: `yield from` resumes there); an opcode event on each
 * instruction when the frame asks for them. instr_prev: the unit of the
 * instruction run before this one in this frame (-1 on entry). */
int
ff_trace_line(PyThreadState *tstate, _PyInterpreterFrame *frame, int instr_prev)
{
    PyCodeObject *shadow = frame->f_code;
    int lasti = _PyInterpreterFrame_LASTI(frame);
    int lastline = instr_prev <= shadow->_co_firsttraceable ? -1 : line_at(frame, instr_prev);
    int line = line_at(frame, lasti);
    PyFrameObject *f = frame_object(tstate, frame);
    if (f == NULL) {
        return -1;
    }
    int result = 0;
    if (line != -1 && f->f_trace_lines) {
        if (line != lastline || (lasti < instr_prev && _Py_OPCODE(*frame->prev_instr) != SEND)) {
            result = ff_trace_call(tstate, frame, tstate->c_tracefunc, tstate->c_traceobj, PyTrace_LINE, Py_None);
        }
    }
    if (result == 0 && f->f_trace_opcodes) {
        result = ff_trace_call(tstate, frame, tstate->c_tracefunc, tstate->c_traceobj, PyTrace_OPCODE, Py_None);
    }
    return result;
}

/* ceval.c's call_exc_trace: the exception event, with (type, value, traceback);
 * the exception stays set unless the trace function fails. */
void
ff_trace_exception(PyThreadState *tstate, _PyInterpreterFrame *frame)
{
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    if (value == NULL) {
        value = Py_NewRef(Py_None);
    }
    PyErr_NormalizeException(&type, &value, &tb);
    PyObject *arg = PyTuple_Pack(3, type, value, tb != NULL ? tb : Py_None);
    if (arg == NULL) {
        PyErr_Restore(type, value, tb);
        return;
    }
    int err = ff_trace_call(tstate, frame, tstate->c_tracefunc, tstate->c_traceobj, PyTrace_EXCEPTION, arg);
    Py_DECREF(arg);
    if (err == 0) {
        PyErr_Restore(type, value, tb);
    }
    else {
        Py_XDECREF(type);
        Py_XDECREF(value);
        Py_XDECREF(tb);
    }
}

/* ceval.c's C_TRACE: c_call, then the call, then c_return or c_exception, to
 * the profile function, with `func` as the argument. */
static PyObject *
profile_c_call(PyThreadState *tstate, PyObject *func, PyObject *callable, PyObject *const *args,
               size_t nargsf, PyObject *kwnames, PyObject *argtuple, PyObject *kwdict)
{
    _PyInterpreterFrame *frame = tstate->cframe->current_frame;
    if (ff_trace_call(tstate, frame, tstate->c_profilefunc, tstate->c_profileobj, PyTrace_C_CALL, func)) {
        return NULL;
    }
    PyObject *res = argtuple != NULL ? PyObject_Call(callable, argtuple, kwdict)
                                     : PyObject_Vectorcall(callable, args, nargsf, kwnames);
    if (tstate->c_profilefunc == NULL) {
        return res;
    }
    if (res == NULL) {
        trace_protected(tstate, frame, tstate->c_profilefunc, tstate->c_profileobj, PyTrace_C_EXCEPTION, func);
    }
    else if (ff_trace_call(tstate, frame, tstate->c_profilefunc, tstate->c_profileobj, PyTrace_C_RETURN, func)) {
        Py_CLEAR(res);
    }
    return res;
}

/* CALL while tracing (ceval.c's trace_call_function): builtin functions are
 * profiled with their c_call/c_return; a method descriptor called with its self
 * first, as the bound method it makes. Everything else is a plain call. */
PyObject *
ff_trace_call_function(PyThreadState *tstate, PyObject *callable, PyObject *const *args, size_t nargsf,
                       PyObject *kwnames)
{
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    if (tstate->c_profilefunc != NULL && (PyCFunction_CheckExact(callable) || PyCMethod_CheckExact(callable))) {
        return profile_c_call(tstate, callable, callable, args, nargs, kwnames, NULL, NULL);
    }
    if (tstate->c_profilefunc != NULL && Py_IS_TYPE(callable, &PyMethodDescr_Type) && nargs > 0) {
        PyObject *self = args[0];
        PyObject *bound = Py_TYPE(callable)->tp_descr_get(callable, self, (PyObject *)Py_TYPE(self));
        if (bound == NULL) {
            return NULL;
        }
        PyObject *res = profile_c_call(tstate, bound, bound, args + 1, nargs - 1, kwnames, NULL, NULL);
        Py_DECREF(bound);
        return res;
    }
    return PyObject_Vectorcall(callable, args, nargsf, kwnames);
}

/* CALL_FUNCTION_EX while tracing (ceval.c's do_call_core). */
PyObject *
ff_trace_call_ex(PyThreadState *tstate, PyObject *callable, PyObject *argtuple, PyObject *kwdict)
{
    if (tstate->c_profilefunc != NULL && (PyCFunction_CheckExact(callable) || PyCMethod_CheckExact(callable))) {
        return profile_c_call(tstate, callable, callable, NULL, 0, NULL, argtuple, kwdict);
    }
    Py_ssize_t nargs = PyTuple_GET_SIZE(argtuple);
    if (tstate->c_profilefunc != NULL && Py_IS_TYPE(callable, &PyMethodDescr_Type) && nargs > 0) {
        PyObject *self = PyTuple_GET_ITEM(argtuple, 0);
        PyObject *bound = Py_TYPE(callable)->tp_descr_get(callable, self, (PyObject *)Py_TYPE(self));
        if (bound == NULL) {
            return NULL;
        }
        PyObject *rest = PyTuple_GetSlice(argtuple, 1, nargs);
        PyObject *res = NULL;
        if (rest != NULL) {
            res = profile_c_call(tstate, bound, bound, NULL, 0, NULL, rest, kwdict);
            Py_DECREF(rest);
        }
        Py_DECREF(bound);
        return res;
    }
    return PyObject_Call(callable, argtuple, kwdict);
}

/* SEND while a trace function is set (3.11's SEND): the receiver is resumed
 * through tp_iternext or its send method, so that the StopIteration of its
 * return is raised and is an exception event in this frame, as in CPython. */
PySendResult
ff_traced_send(PyThreadState *tstate, _PyInterpreterFrame *frame, PyObject *receiver, PyObject *v,
               PyObject **result)
{
    PyObject *res;
    if (Py_IsNone(v) && PyIter_Check(receiver)) {
        res = Py_TYPE(receiver)->tp_iternext(receiver);
    }
    else {
        res = PyObject_CallMethodOneArg(receiver, &_Py_ID(send), v);
    }
    if (res != NULL) {
        *result = res;
        return PYGEN_NEXT;
    }
    if (tstate->c_tracefunc != NULL && PyErr_ExceptionMatches(PyExc_StopIteration)) {
        ff_trace_exception(tstate, frame);
    }
    if (_PyGen_FetchStopIterationValue(result) == 0) {
        return PYGEN_RETURN;
    }
    *result = NULL;
    return PYGEN_ERROR;
}
