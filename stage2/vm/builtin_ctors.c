/* s2.builtin_ctors: int(x), float(x) and tuple(x) of one argument, as the
 * classes' constructors compute them (builtin_ctors.def). */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "stage1.h"         /* ff_int_compact, ff_int_compact_value */
#include "stage2.h"

/* cls is exactly int, float or tuple (the caller checked its identity, so no
 * subclass's __new__ or __init__ is involved); a new reference or NULL with an
 * exception. Each is what the constructor does with one positional argument:
 * int(x) is PyNumber_Long (as long_new with no base), float(x) parses an exact
 * str and is PyNumber_Float otherwise (float_new), tuple(x) is
 * PySequence_Tuple (tuple_new). The commonest arguments come first. */
PyObject *
ff_construct_builtin_1(PyTypeObject *cls, PyObject *arg)
{
    if (cls == &PyLong_Type) {
        /* int has no vectorcall constructor in 3.11: CPython calls it through
         * _PyObject_MakeTpCall, which counts a recursion level (a RecursionError
         * at the limit), so this does too. */
        if (Py_EnterRecursiveCall(" while calling a Python object")) {
            return NULL;
        }
        PyObject *res = PyNumber_Long(arg);   /* an exact int comes back as itself */
        Py_LeaveRecursiveCall();
        return res;
    }
    if (cls == &PyFloat_Type) {
        if (PyFloat_CheckExact(arg)) {
            return Py_NewRef(arg);
        }
        if (PyLong_CheckExact(arg) && ff_int_compact(arg)) {
            /* |value| < 2**30: exactly representable, as PyLong_AsDouble gives it. */
            return PyFloat_FromDouble((double)ff_int_compact_value(arg));
        }
        return PyUnicode_CheckExact(arg) ? PyFloat_FromString(arg) : PyNumber_Float(arg);
    }
    return PySequence_Tuple(arg);   /* an exact tuple comes back as itself */
}
