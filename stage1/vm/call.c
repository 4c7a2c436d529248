/* s1.call: the specializer of CALL (call.def has the members). */
#include "specialize.h"
#include "opcode_ids.h"
#include "call.h"

PyObject *ff_builtin_len, *ff_builtin_isinstance, *ff_list_append;

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
        state = ff_builtin_len && ff_builtin_isinstance && ff_list_append;
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
        member = FF_CALL_PY_FUNCTION;
    }
    else if (callable == ff_builtin_len) {
        member = nargs == 1 && kwnames == NULL ? FF_CALL_LEN : 0;
        reason = "len with other arguments";
    }
    else if (callable == ff_builtin_isinstance) {
        member = nargs == 2 && kwnames == NULL ? FF_CALL_ISINSTANCE : 0;
        reason = "isinstance with other arguments";
    }
    else if (callable == (PyObject *)&PyType_Type) {
        member = nargs == 1 && kwnames == NULL ? FF_CALL_TYPE_1 : 0;
        reason = "type() with other arguments";
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
        reason = "class";
    }
    else if (PyMethod_Check(callable)) {
        reason = "bound method";
    }
    if (member) {
        ff_specialize_to(instr, FF_CALL, member);
    }
    else {
        ff_specialize_fail(instr, FF_CALL, reason);
    }
}
