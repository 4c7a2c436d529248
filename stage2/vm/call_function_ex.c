/* s2.call_function_ex: the frame of a CALL_FUNCTION_EX of a fivefold function
 * (call_function_ex.def). */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "stage2.h"

_PyInterpreterFrame *
ff_push_ex_frame(PyThreadState *tstate, PyObject *func, PyObject *callargs, PyObject *kwargs)
{
    PyObject *self = NULL;
    if (PyMethod_Check(func)) {
        self = PyMethod_GET_SELF(func);
        func = PyMethod_GET_FUNCTION(func);
    }
    if (!PyFunction_Check(func) || !PyTuple_CheckExact(callargs)
        || (kwargs != NULL && !PyDict_CheckExact(kwargs))) {
        return NULL;
    }
    int nself = self != NULL;
    Py_ssize_t npos = nself + PyTuple_GET_SIZE(callargs);
    Py_ssize_t nkw = kwargs == NULL ? 0 : PyDict_GET_SIZE(kwargs);
    if (npos + nkw > FF_EX_MAX_ARGS) {
        return NULL;
    }
    PyObject *argv[FF_EX_MAX_ARGS];
    PyObject *kwnames = NULL;
    if (nkw > 0) {
        kwnames = PyTuple_New(nkw);
        if (kwnames == NULL) {
            PyErr_Clear();   /* the base instruction raises it again */
            return NULL;
        }
        Py_ssize_t pos = 0, k = 0;
        PyObject *key, *value;
        while (PyDict_Next(kwargs, &pos, &key, &value)) {
            if (!PyUnicode_CheckExact(key)) {
                Py_DECREF(kwnames);   /* "keywords must be strings": CPython's words */
                return NULL;
            }
            PyTuple_SET_ITEM(kwnames, k, Py_NewRef(key));
            argv[npos + k++] = value;
        }
    }
    if (self != NULL) {
        argv[0] = self;
    }
    for (Py_ssize_t i = nself; i < npos; i++) {
        argv[i] = PyTuple_GET_ITEM(callargs, i - nself);
    }
    /* The push takes the references it binds over: new ones, since the tuple,
     * the dict and the method keep theirs. */
    for (Py_ssize_t i = 0; i < npos + nkw; i++) {
        Py_INCREF(argv[i]);
    }
    Py_INCREF(func);
    _PyInterpreterFrame *frame = ff_push_py_frame(tstate, (PyFunctionObject *)func, argv, (int)(npos + nkw),
                                                  kwnames);
    Py_XDECREF(kwnames);   /* the binding is done with the names */
    if (frame == NULL) {
        for (Py_ssize_t i = 0; i < npos + nkw; i++) {
            Py_DECREF(argv[i]);
        }
        Py_DECREF(func);
    }
    return frame;
}
