/* fivefold._fivefold: the engine's extension module.
 *
 * Importing it installs fivefold's frame evaluator (PEP 523) in the current
 * interpreter: from then on every frame whose code carries CO_FIVEFOLD runs on
 * the fivefold interpreter, every other frame on CPython's. */
#include "vm_internal.h"
#include "generated/opcode_ids.h"
#include "tiers.h"
#include <stdlib.h>

static int selected_stage = 4;

static int
configure_from_registry(void)
{
    /* The change registry (fivefold.changes, fed by the stage
     * packages) reads FIVEFOLD_STAGE / FIVEFOLD_WITHOUT / FIVEFOLD_WITH and
     * says which changes run; the C side switches their families on. A bad
     * setting is an ImportError that names it. */
    PyObject *registry = PyImport_ImportModule("fivefold.changes");
    if (registry == NULL) {
        return -1;
    }
    /* The registry refuses a FIVEFOLD_STAGE above the stages built in here. */
    PyObject *built = ff_built_stages();
    if (built == NULL) {
        Py_DECREF(registry);
        return -1;
    }
    PyObject *declared = ff_declared_changes();
    if (declared == NULL) {
        Py_DECREF(built);
        Py_DECREF(registry);
        return -1;
    }
    PyObject *result = PyObject_CallMethod(registry, "engine_selection", "(OO)", built,
                                           declared);
    Py_DECREF(declared);
    Py_DECREF(built);
    Py_DECREF(registry);
    if (result == NULL) {
        if (PyErr_ExceptionMatches(PyExc_ValueError)) {
            PyObject *type, *value, *tb;
            PyErr_Fetch(&type, &value, &tb);
            PyErr_NormalizeException(&type, &value, &tb);
            PyErr_Format(PyExc_ImportError, "fivefold: %S", value);
            Py_XDECREF(type);
            Py_XDECREF(value);
            Py_XDECREF(tb);
        }
        return -1;
    }
    int stage_value;
    PyObject *ids;
    if (!PyArg_ParseTuple(result, "iO", &stage_value, &ids)) {
        Py_DECREF(result);
        return -1;
    }
    selected_stage = stage_value;
    int rc = ff_configure_changes(ids);
    Py_DECREF(result);
    return rc;
}

static PyObject *
stage(PyObject *module, PyObject *unused)
{
    return PyLong_FromLong(selected_stage);
}

static PyObject *
built_stages(PyObject *module, PyObject *unused)
{
    return ff_built_stages();
}

static PyObject *
enabled_changes(PyObject *module, PyObject *unused)
{
    return ff_enabled_change_ids();
}

static PyObject *
specialization_stats(PyObject *module, PyObject *unused)
{
    return ff_tiers_stats();
}

static PyObject *
opcode_stats(PyObject *module, PyObject *unused)
{
#ifdef FIVEFOLD_STATS
    PyObject *result = PyDict_New();
    if (result == NULL) {
        return NULL;
    }
    for (int op = 0; op < FF_NUM_OPCODES; op++) {
        if (ff_opcode_counts[op] == 0 || ff_opcode_names[op] == NULL) {
            continue;
        }
        PyObject *count = PyLong_FromUnsignedLongLong(ff_opcode_counts[op]);
        if (count == NULL || PyDict_SetItemString(result, ff_opcode_names[op], count) < 0) {
            Py_XDECREF(count);
            Py_DECREF(result);
            return NULL;
        }
        Py_DECREF(count);
    }
    return result;
#else
    PyErr_SetString(PyExc_RuntimeError, "opcode statistics need a statistics build "
                    "(meson option -Dstats=true, which defines FIVEFOLD_STATS)");
    return NULL;
#endif
}

static PyObject *
reset_opcode_stats(PyObject *module, PyObject *unused)
{
#ifdef FIVEFOLD_STATS
    memset(ff_opcode_counts, 0, sizeof(ff_opcode_counts));
    ff_tiers_reset_stats();
    Py_RETURN_NONE;
#else
    return opcode_stats(module, unused);
#endif
}

static PyObject *
stats_build(PyObject *module, PyObject *unused)
{
#ifdef FIVEFOLD_STATS
    Py_RETURN_TRUE;
#else
    Py_RETURN_FALSE;
#endif
}

static PyObject *
evaluator_installed(PyObject *module, PyObject *unused)
{
    PyInterpreterState *interp = PyInterpreterState_Get();
    return PyBool_FromLong(_PyInterpreterState_GetEvalFrameFunc(interp) == ff_eval_frame);
}

static PyObject *
default_entry(PyObject *module, PyObject *unused)
{
    return PyBool_FromLong(ff_active_entry == ff_default_entry);
}

/* call_trimming_syntax_error(func, *args): func(*args), except that a
 * SyntaxError it raises leaves with no traceback. The import hook compiles an
 * imported module through it (runtime/import_hook.py): CPython's compile()
 * raises a module's SyntaxError from C, so the import system's frame trimming
 * leaves only the importing line above the error; fivefold's compiler raises it
 * from its own Python frames, which the trimming does not know. Any other
 * exception keeps its traceback (a fault of fivefold's must show where). */
static PyObject *
call_trimming_syntax_error(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs < 1) {
        PyErr_SetString(PyExc_TypeError, "call_trimming_syntax_error() needs a callable");
        return NULL;
    }
    PyObject *res = PyObject_Vectorcall(args[0], args + 1, nargs - 1, NULL);
    if (res == NULL && PyErr_ExceptionMatches(PyExc_SyntaxError)) {
        PyObject *type, *value, *tb;
        PyErr_Fetch(&type, &value, &tb);
        PyErr_NormalizeException(&type, &value, &tb);
        Py_XDECREF(tb);
        if (value != NULL && PyException_SetTraceback(value, Py_None) < 0) {
            PyErr_Clear();   /* cannot fail for an exception instance; the error stands */
        }
        PyErr_Restore(type, value, NULL);
    }
    return res;
}

static PyMethodDef module_methods[] = {
    {"make_code", (PyCFunction)(void (*)(void))ff_make_code, METH_FASTCALL,
     "make_code(template, bytecode, consts, names, exceptiontable) -> shadow code object\n\n"
     "Check fivefold bytecode and wrap it in a fivefold Code owned by a copy of\n"
     "template whose co_consts are consts and whose co_extra holds the Code\n"
     "(docs/engine.md section 6)."},
    {"run_as_main", (PyCFunction)(void (*)(void))ff_run_as_main, METH_FASTCALL,
     "run_as_main(code, globals) -> result of exec'ing code in globals as a program's\n"
     "__main__ module: no Python frame below it (f_back, sys._getframe, tracebacks)\n"
     "and the recursion depth counted from zero, as under `python prog.py`."},
    {"code_of", ff_code_of, METH_O, "code_of(shadow) -> the fivefold Code of a shadow code object"},
    {"call_trimming_syntax_error", (PyCFunction)(void (*)(void))call_trimming_syntax_error, METH_FASTCALL,
     "call_trimming_syntax_error(func, *args) -> func(*args); a SyntaxError leaves without a traceback"},
    {"stage", stage, METH_NOARGS, "The stage selected by FIVEFOLD_STAGE at import (default: the highest, 4)."},
    {"built_stages", built_stages, METH_NOARGS,
     "The stages with C code built into this engine (registered through shared/vm/tiers.h), ascending."},
    {"enabled_changes", enabled_changes, METH_NOARGS,
     "The ids of the engine changes this process runs with (set at import from the change registry)."},
    {"specialization_stats", specialization_stats, METH_NOARGS,
     "{family: {specialized_runs, misses, deopts, successes, failures, failure_kinds}} in a\n"
     "statistics build; None in other builds."},
    {"opcode_stats", opcode_stats, METH_NOARGS,
     "{opcode name: executions} in a statistics build; RuntimeError in other builds."},
    {"reset_opcode_stats", reset_opcode_stats, METH_NOARGS,
     "Zero the opcode and specialization counts (statistics build)."},
    {"stats_build", stats_build, METH_NOARGS, "Whether this is a statistics build (FIVEFOLD_STATS)."},
    {"evaluator_installed", evaluator_installed, METH_NOARGS,
     "Whether fivefold's frame evaluator is the interpreter's."},
    {"default_entry", default_entry, METH_NOARGS,
     "Whether frames entered from C take the base VM's entry (eval.c) rather than the\n"
     "active stage's own (shared/vm/tiers.h, ff_stage.entry)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef fivefold_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "fivefold._fivefold",
    .m_doc = "fivefold's C engine: the tier-0 VM (a PEP 523 frame evaluator) and make_code.",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC
PyInit__fivefold(void)
{
    if (configure_from_registry() < 0) {
        return NULL;
    }
    if (PyType_Ready(&FFCode_Type) < 0 || ff_code_init() < 0 || ff_setlineno_init() < 0) {
        return NULL;
    }
    PyObject *m = PyModule_Create(&fivefold_module);
    if (m == NULL) {
        return NULL;
    }
    if (PyModule_AddObjectRef(m, "Code", (PyObject *)&FFCode_Type) < 0
        || PyModule_AddIntConstant(m, "CO_FIVEFOLD", CO_FIVEFOLD) < 0
        || ff_tiers_add_methods(m) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    PyInterpreterState *interp = PyInterpreterState_Get();
    _PyFrameEvalFunction current = _PyInterpreterState_GetEvalFrameFunc(interp);
    if (current != _PyEval_EvalFrameDefault && current != ff_eval_frame) {
        /* Another PEP 523 user (a debugger, a JIT) got there first: do not
         * silently replace it. */
        PyErr_SetString(PyExc_ImportError, "fivefold: another frame evaluator is installed (PEP 523)");
        Py_DECREF(m);
        return NULL;
    }
    _PyInterpreterState_SetEvalFrameFunc(interp, ff_eval_frame);
    return m;
}
