/* s2.inline_calls: frames for calls of fivefold functions, pushed by the loop. */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "stage2.h"

/* The parameter that keyword `name` names, by identity (keyword names and
 * parameter names are interned by the compiler); -1 when none matches that way,
 * which sends the call the generic way (CPython's binding compares by value and
 * words the errors). Positional-only parameters cannot be named. */
static int
keyword_slot(PyCodeObject *co, PyObject *name)
{
    PyObject *names = co->co_localsplusnames;
    int end = co->co_argcount + co->co_kwonlyargcount;
    for (int i = co->co_posonlyargcount; i < end; i++) {
        if (PyTuple_GET_ITEM(names, i) == name) {
            return i;
        }
    }
    return -1;
}

/* Fill the frame's parameters from argv (npos positional values, then one per
 * keyword of kwnames) and the defaults; 0, or -1 when the binding needs
 * CPython's generic path (then nothing is taken: the caller's stack keeps its
 * references and the slots written are cleared again). */
static int
bind_arguments(PyFunctionObject *func, PyCodeObject *co, PyObject **locals, PyObject **argv,
               int npos, PyObject *kwnames)
{
    int nparams = co->co_argcount + co->co_kwonlyargcount;
    for (int i = 0; i < nparams; i++) {
        locals[i] = NULL;
    }
    for (int i = 0; i < npos; i++) {
        locals[i] = argv[i];   /* borrowed until the binding is known to succeed */
    }
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    for (Py_ssize_t k = 0; k < nkw; k++) {
        int slot = keyword_slot(co, PyTuple_GET_ITEM(kwnames, k));
        if (slot < 0 || locals[slot] != NULL) {
            return -1;
        }
        locals[slot] = argv[npos + k];
    }
    PyObject *defaults = func->func_defaults;
    Py_ssize_t ndefaults = defaults == NULL ? 0 : PyTuple_GET_SIZE(defaults);
    Py_ssize_t first_default = co->co_argcount - ndefaults;
    for (int i = npos; i < co->co_argcount; i++) {
        if (locals[i] == NULL && i < first_default) {
            return -1;   /* missing: CPython words the TypeError */
        }
    }
    for (int i = co->co_argcount; i < nparams; i++) {
        if (locals[i] == NULL) {
            PyObject *value = func->func_kwdefaults == NULL ? NULL
                : PyDict_GetItemWithError(func->func_kwdefaults, PyTuple_GET_ITEM(co->co_localsplusnames, i));
            if (value == NULL) {
                PyErr_Clear();
                return -1;
            }
        }
    }
    /* Known to succeed: take the arguments over, add the defaults. */
    for (int i = npos; i < co->co_argcount; i++) {
        if (locals[i] == NULL) {
            locals[i] = Py_NewRef(PyTuple_GET_ITEM(defaults, i - first_default));
        }
    }
    for (int i = co->co_argcount; i < nparams; i++) {
        if (locals[i] == NULL) {
            locals[i] = Py_NewRef(PyDict_GetItem(func->func_kwdefaults,
                                                 PyTuple_GET_ITEM(co->co_localsplusnames, i)));
        }
    }
    return 0;
}

/* The checks that need no binding: fivefold code with named parameters only
 * (no *args, **kwargs), none of the code flags in `refused` (ff_frame_possible
 * refuses generators and coroutines), no more positional arguments than
 * parameters, room in the data stack's chunk. The frame's size, or 0. */
size_t
ff_frame_size(PyThreadState *tstate, PyFunctionObject *func, int nargs, PyObject *kwnames, int refused)
{
    PyCodeObject *co = (PyCodeObject *)func->func_code;
    int npos = nargs - (kwnames == NULL ? 0 : (int)PyTuple_GET_SIZE(kwnames));
    if ((co->co_flags & (CO_VARARGS | CO_VARKEYWORDS | refused))
        || npos > co->co_argcount || ff_code_of_shadow(co) == NULL) {
        return 0;
    }
    /* 3.11's frame size (_PyFrame_Push): specials, locals and cells, value stack. */
    size_t size = co->co_nlocalsplus + co->co_stacksize + FRAME_SPECIALS_SIZE;
    return _PyThreadState_HasStackSpace(tstate, size) ? size : 0;
}

_PyInterpreterFrame *
ff_push_frame(PyThreadState *tstate, PyFunctionObject *func, PyObject **argv, int nargs,
              PyObject *kwnames, int refused)
{
    size_t size = ff_frame_size(tstate, func, nargs, kwnames, refused);
    if (size == 0) {
        return NULL;
    }
    PyCodeObject *co = (PyCodeObject *)func->func_code;
    int npos = nargs - (kwnames == NULL ? 0 : (int)PyTuple_GET_SIZE(kwnames));
    _PyInterpreterFrame *frame = (_PyInterpreterFrame *)tstate->datastack_top;
    PyObject **locals = frame->localsplus;
    if (kwnames == NULL && npos == co->co_argcount && co->co_kwonlyargcount == 0) {
        for (int i = 0; i < npos; i++) {
            locals[i] = argv[i];   /* the common case: taken over from the caller's stack */
        }
    }
    else if (bind_arguments(func, co, locals, argv, npos, kwnames) < 0) {
        return NULL;
    }
    for (int i = co->co_argcount + co->co_kwonlyargcount; i < co->co_nlocalsplus; i++) {
        locals[i] = NULL;
    }
    tstate->datastack_top += size;
    _PyFrame_InitializeSpecials(frame, func, NULL, co->co_nlocalsplus);   /* takes func */
    return frame;
}
