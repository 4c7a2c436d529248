/* The fivefold code object (fivefold._fivefold.Code) and its exception table.
 * Public C API only: files that do not touch frames include just this. */
#ifndef FIVEFOLD_CODE_H
#define FIVEFOLD_CODE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* The extra co_flags bit that marks a shadow code object (docs/engine.md s.1). */
#define CO_FIVEFOLD 0x20000000

/* A code unit's opcode and argument, each read as the byte it is: CPython
 * 3.11's code unit keeps the opcode in its first byte and the argument in its
 * second on either byte order (_Py_OPCODE/_Py_OPARG shift and mask by
 * WORDS_BIGENDIAN to the same effect), so each is one byte load, where the
 * shift and mask of one 16-bit load took GCC three instructions more per
 * instruction dispatched. */
#define FF_OPCODE_AT(p) (((const uint8_t *)(p))[0])
#define FF_OPARG_AT(p) (((const uint8_t *)(p))[1])

/* One decoded exception-table entry (docs/engine.md section 3). */
typedef struct {
    int start, end, target, depth, lasti;
} ff_handler;

typedef struct {
    PyObject_HEAD
    _Py_CODEUNIT *instrs;        /* the bytecode, mutable (later stages quicken it): the
                                  * shadow's own code array, where the loops run it, until
                                  * the shadow dies before the Code (then a copy it owns) */
    Py_ssize_t ninstrs;          /* code units */
    int owns_instrs;             /* instrs is PyMem memory of the Code's own */
    PyObject *co_consts;         /* tuple */
    PyObject *co_names;          /* tuple of str */
    PyObject *co_exceptiontable; /* tuple of (start, end, target, depth, lasti), as given */
    ff_handler *handlers;        /* the same, decoded */
    Py_ssize_t nhandlers;
    PyObject *shadow_ref;        /* weak reference to the shadow code (which owns us) */
    PyObject *weakreflist;
    uint32_t func_version;       /* 0, or the version (func_version) every function of the
                                  * shadow gets while its code is this one: a stage's to give
                                  * (s2.function_versions, stage2/vm/call_exact_args.c) */
} FFCode;

extern PyTypeObject FFCode_Type;
#define FFCode_Check(op) Py_IS_TYPE((op), &FFCode_Type)

/* make_code(template, bytecode, consts, names, exceptiontable) -> shadow code */
PyObject *ff_make_code(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
/* code_of(shadow) -> Code */
PyObject *ff_code_of(PyObject *module, PyObject *shadow);
/* At import: ask CPython for the co_extra slot and make code.replace keep the Code. */
int ff_code_init(void);

/* A shadow keeps its Code (a strong reference) in CPython's per-code "extra"
 * array (PEP 523's co_extra: _PyCode_SetExtra), at the index ff_code_init
 * asked for once (_PyEval_RequestCodeExtraIndex, whose free function drops the
 * reference when the shadow dies). Not in co_consts, which is CPython's (dis,
 * marshal and inspect read it). The lookups below are on the way into every
 * frame, so they read the slot directly instead of calling _PyCode_GetExtra (an
 * exported function that also checks the index against the interpreter's
 * count): the index is a global, set before any fivefold code exists; only
 * make_code and code.replace's wrapper (code.c) write the slot, always with an
 * FFCode, so no type check is needed. One index for the process: fivefold's
 * module is single-phase (one interpreter). */
extern Py_ssize_t ff_code_extra_index;
/* The layout of co_extra: CPython 3.11's _PyCodeObjectExtra (private to
 * Objects/codeobject.c, unchanged since 3.6); make_code checks a read through it
 * finds the Code _PyCode_SetExtra stored. */
typedef struct {
    Py_ssize_t ce_size;
    void *ce_extras[1];
} ff_code_extra;

/* The Code of a shadow whose CO_FIVEFOLD flag is known set (every way into a
 * loop tests it first), borrowed, or NULL: a copy made by marshal.loads or
 * types.CodeType() has none. */
static inline FFCode *
ff_code_of_flagged_shadow(PyCodeObject *shadow)
{
    ff_code_extra *extra = (ff_code_extra *)shadow->co_extra;
    if (extra == NULL || extra->ce_size <= ff_code_extra_index) {
        return NULL;
    }
    return (FFCode *)extra->ce_extras[ff_code_extra_index];
}
/* The Code of a shadow code object, borrowed, or NULL (no exception set). */
static inline FFCode *
ff_code_of_shadow(PyCodeObject *shadow)
{
    return (shadow->co_flags & CO_FIVEFOLD) ? ff_code_of_flagged_shadow(shadow) : NULL;
}
/* The same, for a shadow already known to carry its Code (make_code built it:
 * a frame a loop runs, whose code was checked on entry). */
static inline FFCode *ff_code_of_checked_shadow(PyCodeObject *shadow) {
    return (FFCode *)((ff_code_extra *)shadow->co_extra)->ce_extras[ff_code_extra_index];
}
/* The handler for the instruction at `offset`, or NULL. */
const ff_handler *ff_find_handler(const FFCode *code, int offset);

#endif
