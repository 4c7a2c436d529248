/* s1.call: the specializer of CALL (call.def has the members). */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "specialize.h"
#include "generated/opcode_ids.h"
#include "call.h"
#include "internal/pycore_code.h"   /* write_u32 */

PyObject *ff_builtin_len, *ff_builtin_isinstance, *ff_list_append;
static PyObject *str_init;      /* "__init__", interned */
static PyObject *empty_tuple;   /* the arguments object.__new__ is given */

/* The real builtins.len and builtins.isinstance (C functions of the builtins
 * module, whatever the program has rebound since) and list.append; 0 on failure. */
static PyObject *
builtin_function(const char *name)
{
    PyObject *module = PyImport_ImportModule("builtins");
    PyObject *function = module ? PyObject_GetAttrString(module, name) : NULL;
    int genuine = function != NULL && PyCFunction_CheckExact(function)
                  && PyCFunction_GET_SELF(function) == module
                  && strcmp(((PyCFunctionObject *)function)->m_ml->ml_name, name) == 0;
    Py_XDECREF(module);
    if (!genuine) {
        Py_XDECREF(function);
        PyErr_Clear();
        return NULL;
    }
    return function;
}

static int
known_callables(void)
{
    static int state = -1;   /* -1: not looked up yet */
    if (state < 0) {
        ff_builtin_len = builtin_function("len");
        ff_builtin_isinstance = builtin_function("isinstance");
        ff_list_append = PyDict_GetItemString(PyList_Type.tp_dict, "append");
        Py_XINCREF(ff_list_append);
        str_init = PyUnicode_InternFromString("__init__");
        empty_tuple = PyTuple_New(0);
        PyErr_Clear();
        state = ff_builtin_len && ff_builtin_isinstance && ff_list_append && str_init && empty_tuple;
    }
    return state;
}

static int
c_function_member(PyObject *callable, int nargs, PyObject *kwnames)
{
    int flags = PyCFunction_GET_FLAGS(callable);
    if (flags == METH_O && nargs == 1 && kwnames == NULL) {
        return FF_CALL_BUILTIN_O;
    }
    if (flags == METH_FASTCALL && kwnames == NULL) {
        return FF_CALL_BUILTIN_FAST;
    }
    if (flags == (METH_FASTCALL | METH_KEYWORDS)) {
        return FF_CALL_BUILTIN_FAST_WITH_KEYWORDS;
    }
    return 0;
}

static int
method_descriptor_member(PyObject *descr, PyObject *self, int nargs, PyObject *kwnames)
{
    if (nargs < 1 || !PyObject_TypeCheck(self, PyDescr_TYPE(descr))) {
        return 0;
    }
    int flags = ((PyMethodDescrObject *)descr)->d_method->ml_flags;
    if (flags == METH_O && nargs == 2 && kwnames == NULL) {
        return FF_CALL_METHOD_DESCRIPTOR_O;
    }
    if (flags == METH_NOARGS && nargs == 1 && kwnames == NULL) {
        return FF_CALL_METHOD_DESCRIPTOR_NOARGS;
    }
    if (flags == METH_FASTCALL && kwnames == NULL) {
        return FF_CALL_METHOD_DESCRIPTOR_FAST;
    }
    if (flags == (METH_FASTCALL | METH_KEYWORDS)) {
        return FF_CALL_METHOD_DESCRIPTOR_FAST_WITH_KEYWORDS;
    }
    return 0;
}

/* A Python class type_call would handle as object.__new__ then a Python
 * __init__: CALL_PY_CLASS with the class's version at instr[2..3], or 0 and why
 * not. The version pins every lookup made here (PyType_Modified clears it). */
static int
py_class_member(PyTypeObject *cls, _Py_CODEUNIT *instr, const char **reason)
{
    if (!Py_IS_TYPE(cls, &PyType_Type)) {
        *reason = "class with a metaclass";
        return 0;
    }
    if (cls->tp_new != PyBaseObject_Type.tp_new || cls->tp_alloc != PyType_GenericAlloc
        || (cls->tp_flags & Py_TPFLAGS_IS_ABSTRACT)) {
        *reason = "class with its own __new__, allocator, or abstract";
        return 0;
    }
    PyObject *init = _PyType_Lookup(cls, str_init);   /* assigns a version tag when it can */
    if (init == NULL || !PyFunction_Check(init)) {
        *reason = "class without a Python __init__";
        return 0;
    }
    uint32_t version = ff_type_version(cls);
    if (version == 0) {
        *reason = "class without a version tag";
        return 0;
    }
    write_u32(&instr[2], version);
    return FF_CALL_PY_CLASS;
}

PyObject *
ff_construct_py_class(PyTypeObject *cls, PyObject **args, int nargs, PyObject *kwnames)
{
    /* The version guard means __init__ is the Python function seen when
     * specializing; the lookup is a method-cache hit. Hold it: __init__ may
     * rebind itself on the class while it runs. */
    PyObject *init = _PyType_Lookup(cls, str_init);
    if (init == NULL || !PyFunction_Check(init)) {
        Py_ssize_t npos = nargs - (kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames));
        return PyObject_Vectorcall((PyObject *)cls, args, npos, kwnames);
    }
    /* type_call is entered through _PyObject_MakeTpCall, which counts one C
     * recursion level: so does this, so RecursionError strikes at CPython's depth. */
    if (Py_EnterRecursiveCall(" while calling a Python object")) {
        return NULL;
    }
    Py_INCREF(init);
    /* object.__new__ itself (the guard pins it): it allocates, and also sets up
     * the inline attribute values of a managed-dict class (3.11's
     * _PyObject_InitializeDict, which libpython does not export). With no
     * arguments it never objects to their number. */
    PyObject *self = cls->tp_new(cls, empty_tuple, NULL);
    if (self != NULL) {
        /* The class's own stack slot holds self while __init__ runs (restored
         * after): no copy of the arguments. Safe because a running frame's
         * stack is hidden from the cycle GC (stacktop is -1, eval_loop.c.h)
         * and the slot's reference to cls is held by `lent` meanwhile. */
        PyObject *lent = args[-1];
        args[-1] = self;
        Py_ssize_t npos = nargs + 1 - (kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames));
        PyObject *none = _PyFunction_Vectorcall(init, args - 1, npos | PY_VECTORCALL_ARGUMENTS_OFFSET, kwnames);
        args[-1] = lent;
        if (none == NULL) {
            Py_CLEAR(self);
        }
        else if (none != Py_None) {
            PyErr_Format(PyExc_TypeError, "__init__() should return None, not '%.200s'", Py_TYPE(none)->tp_name);
            Py_DECREF(none);
            Py_CLEAR(self);
        }
        else {
            Py_DECREF(none);
        }
    }
    Py_DECREF(init);
    Py_LeaveRecursiveCall();
    return self;
}

/* callable: what is called; self_or_null: the self LOAD_METHOD put below the
 * arguments (or NULL); nargs counts self; instr[-?]: the stack is not needed,
 * only the first argument, which the generic CALL passes as self_or_null or
 * not at all -- so argument-dependent members look at self_or_null only. */
void
ff_specialize_call(PyObject *callable, PyObject *self_or_null, _Py_CODEUNIT *instr, int nargs, PyObject *kwnames)
{
    int member = 0;
    const char *reason = "other callable";
    if (!ff_family_enabled[FF_CALL]) {
        ff_specialize_fail(instr, FF_CALL, "switched off");
        return;
    }
    if (!known_callables()) {
        ff_specialize_fail(instr, FF_CALL, "builtins not found");
        return;
    }
    if (PyFunction_Check(callable)) {
        /* Units 1-2, unused by this member, may hold what another member
         * cached (CALL_PY_CLASS's type version): cleared, so that a later
         * stage that keeps a function's version there (s2.call_exact_args)
         * starts from 0, "nothing cached". */
        write_u32(&instr[2], 0);
        member = FF_CALL_PY_FUNCTION;
    }
    else if (callable == ff_builtin_len) {
        member = nargs == 1 && kwnames == NULL && self_or_null == NULL ? FF_CALL_LEN : 0;
        reason = "len with other arguments";
    }
    else if (callable == ff_builtin_isinstance) {
        member = nargs == 2 && kwnames == NULL && self_or_null == NULL ? FF_CALL_ISINSTANCE : 0;
        reason = "isinstance with other arguments";
    }
    else if (callable == (PyObject *)&PyType_Type) {
        member = nargs == 1 && kwnames == NULL && self_or_null == NULL ? FF_CALL_TYPE_1 : 0;
        reason = "type() with other arguments";
    }
    else if (callable == (PyObject *)&PyUnicode_Type && nargs == 1 && kwnames == NULL && self_or_null == NULL) {
        member = FF_CALL_STR_1;
    }
    else if (callable == ff_list_append) {
        member = nargs == 2 && kwnames == NULL && self_or_null != NULL && PyList_CheckExact(self_or_null)
                 ? FF_CALL_LIST_APPEND : 0;
        reason = "list.append on another object";
    }
    else if (PyCFunction_CheckExact(callable)) {
        member = c_function_member(callable, nargs, kwnames);
        reason = "builtin of another calling convention";
    }
    else if (Py_TYPE(callable) == &PyMethodDescr_Type) {
        /* Without self on the stack (list.append(l, x) spelled out) the self is
         * the first argument, which the specializer does not see: leave it. */
        member = self_or_null != NULL ? method_descriptor_member(callable, self_or_null, nargs, kwnames) : 0;
        reason = self_or_null != NULL ? "method descriptor of another calling convention"
                                      : "method descriptor called unbound";
    }
    else if (PyType_Check(callable)) {
        PyTypeObject *cls = (PyTypeObject *)callable;
        if (Py_IS_TYPE(callable, &PyType_Type) && cls->tp_vectorcall != NULL) {
            member = FF_CALL_BUILTIN_CLASS;
        }
        else if (self_or_null != NULL) {
            reason = "class found by LOAD_METHOD";
        }
        else {
            member = py_class_member(cls, instr, &reason);
        }
    }
    else if (PyMethod_Check(callable)) {
        member = self_or_null == NULL ? FF_CALL_BOUND_METHOD : 0;
        reason = "bound method found by LOAD_METHOD";
    }
    if (member) {
        ff_specialize_to(instr, FF_CALL, member);
    }
    else {
        ff_specialize_fail(instr, FF_CALL, reason);
    }
}
