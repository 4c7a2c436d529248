/* The fivefold code object (fivefold._fivefold.Code) and its exception table.
 * Public C API only: files that do not touch frames include just this. */
#ifndef FIVEFOLD_CODE_H
#define FIVEFOLD_CODE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* The extra co_flags bit that marks a shadow code object (docs/engine.md s.1). */
#define CO_FIVEFOLD 0x20000000

/* One decoded exception-table entry (docs/engine.md section 3). */
typedef struct {
    int start, end, target, depth, lasti;
} ff_handler;

typedef struct {
    PyObject_HEAD
    _Py_CODEUNIT *instrs;        /* the bytecode, mutable (later stages quicken it) */
    Py_ssize_t ninstrs;          /* code units */
    PyObject *co_consts;         /* tuple */
    PyObject *co_names;          /* tuple of str */
    PyObject *co_exceptiontable; /* tuple of (start, end, target, depth, lasti), as given */
    ff_handler *handlers;        /* the same, decoded */
    Py_ssize_t nhandlers;
    PyObject *shadow_ref;        /* weak reference to the shadow code (which owns us) */
    PyObject *weakreflist;
} FFCode;

extern PyTypeObject FFCode_Type;
#define FFCode_Check(op) Py_IS_TYPE((op), &FFCode_Type)

/* make_code(template, bytecode, consts, names, exceptiontable) -> shadow code */
PyObject *ff_make_code(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
/* code_of(shadow) -> Code */
PyObject *ff_code_of(PyObject *module, PyObject *shadow);
/* The Code of a shadow code object, borrowed, or NULL (no exception set). */
static inline FFCode *
ff_code_of_shadow(PyCodeObject *shadow)
{
    if (!(shadow->co_flags & CO_FIVEFOLD) || !PyTuple_Check(shadow->co_consts)
        || PyTuple_GET_SIZE(shadow->co_consts) < 2) {
        return NULL;
    }
    PyObject *code = PyTuple_GET_ITEM(shadow->co_consts, 1);
    return FFCode_Check(code) ? (FFCode *)code : NULL;
}
/* The same, for a shadow already known to carry its Code (make_code built it:
 * a frame a loop runs, whose code was checked on entry). */
static inline FFCode *ff_code_of_checked_shadow(PyCodeObject *shadow) {
    return (FFCode *)PyTuple_GET_ITEM(shadow->co_consts, 1);
}
/* The handler for the instruction at `offset`, or NULL. */
const ff_handler *ff_find_handler(const FFCode *code, int offset);

#endif
