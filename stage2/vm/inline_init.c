/* s2.inline_init: __init__ of a Python class call run in the loop. */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "stage2.h"

static PyObject *str_init;      /* "__init__", interned */
static PyObject *empty_tuple;   /* the arguments object.__new__ is given */

int
ff_inline_init_ready(void)
{
    if (str_init == NULL) {
        str_init = PyUnicode_InternFromString("__init__");
        empty_tuple = PyTuple_New(0);
        if (str_init == NULL || empty_tuple == NULL) {
            Py_CLEAR(str_init);
            Py_CLEAR(empty_tuple);
            return -1;
        }
    }
    return 0;
}

_PyInterpreterFrame *
ff_push_init_frame(PyThreadState *tstate, PyTypeObject *cls, PyObject **args, int nargs,
                   PyObject *kwnames, PyObject **self_out)
{
    *self_out = NULL;
    PyObject *init = _PyType_Lookup(cls, str_init);
    if (init == NULL || !PyFunction_Check(init)
        || ff_frame_possible(tstate, (PyFunctionObject *)init, nargs + 1, kwnames) == 0) {
        return NULL;   /* stage 1's path, nothing done */
    }
    /* As type_call, entered through _PyObject_MakeTpCall: one recursion level
     * for the class call, given back by EXIT_INIT_CHECK or the unwinding. */
    if (Py_EnterRecursiveCall(" while calling a Python object")) {
        *self_out = FF_INIT_FAILED;
        return NULL;
    }
    Py_INCREF(init);   /* a finalizer run by the allocation may rebind it */
    /* object.__new__ itself (stage 1's guard pins it; see ff_construct_py_class). */
    PyObject *self = cls->tp_new(cls, empty_tuple, NULL);
    if (self == NULL) {
        Py_DECREF(init);
        Py_LeaveRecursiveCall();
        *self_out = FF_INIT_FAILED;
        return NULL;
    }
    /* [self, args...] in the class's own stack slot and after it. */
    PyObject *lent = args[-1];
    args[-1] = self;
    _PyInterpreterFrame *frame = ff_push_py_frame(tstate, (PyFunctionObject *)init, args - 1, nargs + 1,
                                                  kwnames);
    if (frame != NULL) {
        args[-1] = lent;   /* the op releases the class's reference */
        Py_INCREF(self);   /* the frame took one; the caller's stack keeps this one */
        *self_out = self;
        return frame;      /* init's reference went to the frame */
    }
    /* The binding needs CPython's (an error message to word, or the world changed
     * while the object was made): call __init__ the generic way, with this object. */
    Py_ssize_t npos = nargs + 1 - (kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames));
    PyObject *none = _PyFunction_Vectorcall(init, args - 1, npos | PY_VECTORCALL_ARGUMENTS_OFFSET, kwnames);
    args[-1] = lent;
    Py_DECREF(init);
    Py_LeaveRecursiveCall();
    if (none == NULL) {
        Py_DECREF(self);
        *self_out = FF_INIT_FAILED;
        return NULL;
    }
    if (none != Py_None) {
        PyErr_Format(PyExc_TypeError, "__init__() should return None, not '%.200s'", Py_TYPE(none)->tp_name);
        Py_DECREF(none);
        Py_DECREF(self);
        *self_out = FF_INIT_FAILED;
        return NULL;
    }
    Py_DECREF(none);
    *self_out = self;   /* done: the op makes it the call's result */
    return NULL;
}
