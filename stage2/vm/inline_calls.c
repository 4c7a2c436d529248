/* s2.inline_calls: frames for calls of fivefold functions, pushed by the loop. */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "stage2.h"

_PyInterpreterFrame *
ff_push_py_frame(PyThreadState *tstate, PyFunctionObject *func, PyObject **argv, int nargs)
{
    PyCodeObject *co = (PyCodeObject *)func->func_code;
    /* Positional parameters only, filled by the arguments and then the
     * defaults: the binding needs no error message of CPython's. */
    if (!(co->co_flags & CO_FIVEFOLD)
        || (co->co_flags & (CO_VARARGS | CO_VARKEYWORDS | CO_GENERATOR | CO_COROUTINE
                            | CO_ASYNC_GENERATOR | CO_ITERABLE_COROUTINE))
        || co->co_kwonlyargcount != 0 || nargs > co->co_argcount) {
        return NULL;
    }
    int missing = co->co_argcount - nargs;
    PyObject *defaults = func->func_defaults;
    Py_ssize_t ndefaults = defaults == NULL ? 0 : PyTuple_GET_SIZE(defaults);
    /* 3.11's frame size (_PyFrame_Push): specials, locals and cells, value stack. */
    size_t size = co->co_nlocalsplus + co->co_stacksize + FRAME_SPECIALS_SIZE;
    if (missing > ndefaults || !_PyThreadState_HasStackSpace(tstate, size)) {
        return NULL;
    }
    FFCode *code = ff_code_of_shadow(co);
    if (code == NULL || code->co_consts == NULL) {
        return NULL;   /* let the generic path report it */
    }
    _PyInterpreterFrame *frame = (_PyInterpreterFrame *)tstate->datastack_top;
    tstate->datastack_top += size;
    _PyFrame_InitializeSpecials(frame, func, NULL, co->co_nlocalsplus);   /* takes func */
    PyObject **locals = frame->localsplus;
    for (int i = 0; i < nargs; i++) {
        locals[i] = argv[i];   /* taken over from the caller's stack */
    }
    for (int i = nargs; i < co->co_argcount; i++) {
        locals[i] = Py_NewRef(PyTuple_GET_ITEM(defaults, ndefaults - missing + (i - nargs)));
    }
    for (int i = co->co_argcount; i < co->co_nlocalsplus; i++) {
        locals[i] = NULL;
    }
    return frame;
}
