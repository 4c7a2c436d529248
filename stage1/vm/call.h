/* s1.call: inline helpers for the bodies in call.def (included through stage1.h).
 *
 * A CALL's stack is [NULL, callable, args...] or, after LOAD_METHOD found a
 * method, [method, self, args...]: either way the callable and a vector of
 * nargs arguments (self first when there is one) as below. */
#ifndef FIVEFOLD_S1_CALL_H
#define FIVEFOLD_S1_CALL_H

#include <Python.h>

#define FF_CALLABLE(method_or_null, callable_or_self) \
    ((method_or_null) != NULL ? (method_or_null) : (callable_or_self))
#define FF_CALL_ARGV(method_or_null, args) ((method_or_null) != NULL ? (args) - 1 : (args))
#define FF_CALL_NARGS(method_or_null, oparg) ((oparg) + ((method_or_null) != NULL))

/* The builtins the call members recognise by identity (strong references,
 * taken from the interpreter's builtins when first needed; call.c). */
extern PyObject *ff_builtin_len, *ff_builtin_isinstance, *ff_list_append;

/* CALL_PY_CLASS's body (call.c): an instance of cls made as type_call would make
 * it, with args[0..nargs) (args[-1] is cls's stack slot, lent to the new object
 * while __init__ runs); a new reference, or NULL with an exception. */
PyObject *ff_construct_py_class(PyTypeObject *cls, PyObject **args, int nargs, PyObject *kwnames);

/* What a C function returned, checked the way PyObject_Vectorcall checks it
 * (a NULL without an exception, or a result with one, is a SystemError). */
static inline PyObject *
ff_c_call_result(PyThreadState *tstate, PyObject *callable, PyObject *res)
{
    return _Py_CheckFunctionResult(tstate, callable, res, NULL);
}

#endif
