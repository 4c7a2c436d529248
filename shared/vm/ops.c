/* The work of instructions whose semantics take more than a few lines: names,
 * containers, calls, imports, raising. Semantics and error messages follow
 * CPython 3.11's ceval.c (rewritten, not copied; its helpers are static). */
#include "vm_internal.h"
#include "opcode.h"   /* CPython's opcode numbers: gen_yf reads a frame's shadow or CPython code */

/* ---- Binary operators, indexed by BINARY_OP's oparg (3.11's NB_* order) */

static PyObject *power(PyObject *a, PyObject *b) { return PyNumber_Power(a, b, Py_None); }
static PyObject *inplace_power(PyObject *a, PyObject *b) { return PyNumber_InPlacePower(a, b, Py_None); }

const ff_binaryfunc ff_binary_ops[FF_NB_COUNT] = {
    PyNumber_Add, PyNumber_And, PyNumber_FloorDivide, PyNumber_Lshift, PyNumber_MatrixMultiply,
    PyNumber_Multiply, PyNumber_Remainder, PyNumber_Or, power, PyNumber_Rshift,
    PyNumber_Subtract, PyNumber_TrueDivide, PyNumber_Xor,
    PyNumber_InPlaceAdd, PyNumber_InPlaceAnd, PyNumber_InPlaceFloorDivide, PyNumber_InPlaceLshift,
    PyNumber_InPlaceMatrixMultiply, PyNumber_InPlaceMultiply, PyNumber_InPlaceRemainder,
    PyNumber_InPlaceOr, inplace_power, PyNumber_InPlaceRshift, PyNumber_InPlaceSubtract,
    PyNumber_InPlaceTrueDivide, PyNumber_InPlaceXor,
};

/* ---- Name errors */

static void
format_name_error(PyThreadState *tstate, PyObject *exc, const char *format, PyObject *name)
{
    if (!PyUnicode_Check(name)) {
        return;
    }
    const char *text = PyUnicode_AsUTF8(name);
    if (text == NULL) {
        return;
    }
    PyErr_Format(exc, format, text);
    if (exc == PyExc_NameError) {
        /* The name lets the traceback printer suggest "Did you mean ...?" */
        PyObject *type, *value, *tb;
        PyErr_Fetch(&type, &value, &tb);
        PyErr_NormalizeException(&type, &value, &tb);
        if (value != NULL && PyErr_GivenExceptionMatches(value, PyExc_NameError)) {
            PyNameErrorObject *err = (PyNameErrorObject *)value;
            if (err->name == NULL) {
                err->name = Py_NewRef(name);
            }
        }
        PyErr_Restore(type, value, tb);
    }
}

void
ff_name_error(PyThreadState *tstate, PyObject *exc, PyObject *name)
{
    format_name_error(tstate, exc, "name '%.200s' is not defined", name);
}

void
ff_unbound_local_error(PyThreadState *tstate, _PyInterpreterFrame *frame, int oparg)
{
    PyObject *name = PyTuple_GetItem(frame->f_code->co_localsplusnames, oparg);
    if (name != NULL) {
        format_name_error(tstate, PyExc_UnboundLocalError,
                          "cannot access local variable '%s' where it is not associated with a value", name);
    }
}

void
ff_unbound_deref_error(PyThreadState *tstate, _PyInterpreterFrame *frame, int oparg)
{
    if (PyErr_Occurred()) {
        return;
    }
    PyCodeObject *co = frame->f_code;
    PyObject *name = PyTuple_GetItem(co->co_localsplusnames, oparg);
    if (name == NULL) {
        return;
    }
    if (oparg < co->co_nplaincellvars + co->co_nlocals) {
        format_name_error(tstate, PyExc_UnboundLocalError,
                          "cannot access local variable '%s' where it is not associated with a value", name);
    }
    else {
        format_name_error(tstate, PyExc_NameError,
                          "cannot access free variable '%s' where it is not associated with a value"
                          " in enclosing scope", name);
    }
}

/* ---- Loading names */

/* mapping[name] as a new reference; NULL without an exception when absent. */
static PyObject *
lookup(PyObject *mapping, PyObject *name)
{
    if (PyDict_CheckExact(mapping)) {
        return Py_XNewRef(PyDict_GetItemWithError(mapping, name));
    }
    PyObject *value = PyObject_GetItem(mapping, name);
    if (value == NULL && PyErr_ExceptionMatches(PyExc_KeyError)) {
        PyErr_Clear();
    }
    return value;
}

PyObject *
ff_load_classderef(PyThreadState *tstate, _PyInterpreterFrame *frame, int oparg)
{
    PyObject *locals = frame->f_locals;
    if (locals == NULL) {
        PyErr_SetString(PyExc_SystemError, "no locals when loading a class variable");
        return NULL;
    }
    PyObject *name = PyTuple_GET_ITEM(frame->f_code->co_localsplusnames, oparg);
    PyObject *value = lookup(locals, name);
    if (value != NULL || PyErr_Occurred()) {
        return value;
    }
    value = PyCell_GET(frame->localsplus[oparg]);
    if (value == NULL) {
        ff_unbound_deref_error(tstate, frame, oparg);
        return NULL;
    }
    return Py_NewRef(value);
}

PyObject *
ff_load_name(PyThreadState *tstate, _PyInterpreterFrame *frame, PyObject *name)
{
    if (frame->f_locals == NULL) {
        PyErr_Format(PyExc_SystemError, "no locals when loading %R", name);
        return NULL;
    }
    PyObject *value = lookup(frame->f_locals, name);
    if (value != NULL || PyErr_Occurred()) {
        return value;
    }
    value = Py_XNewRef(PyDict_GetItemWithError(frame->f_globals, name));
    if (value != NULL || PyErr_Occurred()) {
        return value;
    }
    value = lookup(frame->f_builtins, name);
    if (value == NULL && !PyErr_Occurred()) {
        ff_name_error(tstate, PyExc_NameError, name);
    }
    return value;
}

PyObject *
ff_load_global(PyThreadState *tstate, _PyInterpreterFrame *frame, PyObject *name)
{
    PyObject *value = lookup(frame->f_globals, name);
    if (value != NULL || PyErr_Occurred()) {
        return value;
    }
    value = lookup(frame->f_builtins, name);
    if (value == NULL && !PyErr_Occurred()) {
        ff_name_error(tstate, PyExc_NameError, name);
    }
    return value;
}

/* ---- Building containers (each takes over the references in `values`,
 * also when it fails) */

static void
release(PyObject **values, Py_ssize_t n)
{
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_XDECREF(values[i]);
    }
}

PyObject *
ff_tuple_steal(PyObject **values, Py_ssize_t n)
{
    PyObject *tuple = PyTuple_New(n);
    if (tuple == NULL) {
        release(values, n);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyTuple_SET_ITEM(tuple, i, values[i]);
    }
    return tuple;
}

PyObject *
ff_list_steal(PyObject **values, Py_ssize_t n)
{
    PyObject *list = PyList_New(n);
    if (list == NULL) {
        release(values, n);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyList_SET_ITEM(list, i, values[i]);
    }
    return list;
}

PyObject *
ff_set_steal(PyObject **values, Py_ssize_t n)
{
    PyObject *set = PySet_New(NULL);
    int err = set == NULL ? -1 : 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (err == 0) {
            err = PySet_Add(set, values[i]);
        }
        Py_DECREF(values[i]);
    }
    if (err != 0) {
        Py_XDECREF(set);
        return NULL;
    }
    return set;
}

PyObject *
ff_map_steal(PyObject **values, Py_ssize_t n)
{
    PyObject *map = _PyDict_NewPresized(n);
    int err = map == NULL ? -1 : 0;
    for (Py_ssize_t i = 0; i < n && err == 0; i++) {
        err = PyDict_SetItem(map, values[2 * i], values[2 * i + 1]);
    }
    release(values, 2 * n);
    if (err != 0) {
        Py_XDECREF(map);
        return NULL;
    }
    return map;
}

PyObject *
ff_const_key_map_steal(PyObject **values, PyObject *keys, Py_ssize_t n)
{
    PyObject *map = NULL;
    if (!PyTuple_CheckExact(keys) || PyTuple_GET_SIZE(keys) != n) {
        PyErr_SetString(PyExc_SystemError, "bad BUILD_CONST_KEY_MAP keys argument");
    }
    else if ((map = _PyDict_NewPresized(n)) != NULL) {
        for (Py_ssize_t i = 0; i < n; i++) {
            if (PyDict_SetItem(map, PyTuple_GET_ITEM(keys, i), values[i]) < 0) {
                Py_CLEAR(map);
                break;
            }
        }
    }
    release(values, n);
    Py_DECREF(keys);
    return map;
}

void
ff_list_extend_error(PyThreadState *tstate, PyObject *iterable)
{
    if (PyErr_ExceptionMatches(PyExc_TypeError) && Py_TYPE(iterable)->tp_iter == NULL
        && !PySequence_Check(iterable)) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "Value after * must be an iterable, not %.200s",
                     Py_TYPE(iterable)->tp_name);
    }
}

void
ff_format_kwargs_error(PyThreadState *tstate, PyObject *func, PyObject *kwargs)
{
    /* _PyDict_MergeEx says AttributeError (no .keys) where Python says TypeError. */
    if (PyErr_ExceptionMatches(PyExc_AttributeError)) {
        PyErr_Clear();
        PyObject *funcstr = _PyObject_FunctionStr(func);
        if (funcstr != NULL) {
            PyErr_Format(PyExc_TypeError, "%U argument after ** must be a mapping, not %.200s",
                         funcstr, Py_TYPE(kwargs)->tp_name);
            Py_DECREF(funcstr);
        }
    }
    else if (PyErr_ExceptionMatches(PyExc_KeyError)) {
        PyObject *type, *value, *tb;
        PyErr_Fetch(&type, &value, &tb);
        if (value != NULL && PyTuple_Check(value) && PyTuple_GET_SIZE(value) == 1) {
            PyObject *funcstr = _PyObject_FunctionStr(func);
            if (funcstr != NULL) {
                PyErr_Format(PyExc_TypeError, "%U got multiple values for keyword argument '%S'",
                             funcstr, PyTuple_GET_ITEM(value, 0));
                Py_DECREF(funcstr);
            }
            Py_XDECREF(type);
            Py_XDECREF(value);
            Py_XDECREF(tb);
        }
        else {
            PyErr_Restore(type, value, tb);
        }
    }
}

PyObject *
ff_format_value(PyObject *value, PyObject *fmt_spec, int oparg)
{
    PyObject *converted;
    switch (oparg & 3) {
    case 1: converted = PyObject_Str(value); break;
    case 2: converted = PyObject_Repr(value); break;
    case 3: converted = PyObject_ASCII(value); break;
    default: converted = Py_NewRef(value); break;
    }
    if (converted == NULL) {
        return NULL;
    }
    if (fmt_spec == NULL && PyUnicode_CheckExact(converted)) {
        return converted;
    }
    PyObject *result = PyObject_Format(converted, fmt_spec);
    Py_DECREF(converted);
    return result;
}

/* ---- Unpacking: writes the items into values[0..total) with the first item
 * at the top (values[total-1]), as CPython's stack layout wants. */

int
ff_unpack(PyThreadState *tstate, PyObject *seq, int argcnt, int argcntafter, PyObject **values)
{
    int total = argcnt + (argcntafter < 0 ? 0 : argcntafter + 1);
    PyObject **sp = values + total;
    if (argcntafter < 0 && (PyTuple_CheckExact(seq) || PyList_CheckExact(seq))
        && Py_SIZE(seq) == argcnt) {
        PyObject **items = PyTuple_CheckExact(seq) ? &PyTuple_GET_ITEM(seq, 0) : PySequence_Fast_ITEMS(seq);
        for (int i = 0; i < argcnt; i++) {
            *--sp = Py_NewRef(items[i]);
        }
        return 1;
    }
    int i = 0;
    PyObject *it = PyObject_GetIter(seq);
    if (it == NULL) {
        if (PyErr_ExceptionMatches(PyExc_TypeError) && Py_TYPE(seq)->tp_iter == NULL
            && !PySequence_Check(seq)) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError, "cannot unpack non-iterable %.200s object", Py_TYPE(seq)->tp_name);
        }
        return 0;
    }
    for (; i < argcnt; i++) {
        PyObject *w = PyIter_Next(it);
        if (w == NULL) {
            if (!PyErr_Occurred()) {
                if (argcntafter < 0) {
                    PyErr_Format(PyExc_ValueError, "not enough values to unpack (expected %d, got %d)",
                                 argcnt, i);
                }
                else {
                    PyErr_Format(PyExc_ValueError, "not enough values to unpack "
                                 "(expected at least %d, got %d)", argcnt + argcntafter, i);
                }
            }
            goto fail;
        }
        *--sp = w;
    }
    if (argcntafter < 0) {
        PyObject *w = PyIter_Next(it);
        if (w == NULL) {
            if (PyErr_Occurred()) {
                goto fail;
            }
            Py_DECREF(it);
            return 1;
        }
        Py_DECREF(w);
        PyErr_Format(PyExc_ValueError, "too many values to unpack (expected %d)", argcnt);
        goto fail;
    }
    PyObject *rest = PySequence_List(it);
    if (rest == NULL) {
        goto fail;
    }
    *--sp = rest;
    i++;
    Py_ssize_t ll = PyList_GET_SIZE(rest);
    if (ll < argcntafter) {
        PyErr_Format(PyExc_ValueError, "not enough values to unpack (expected at least %d, got %zd)",
                     argcnt + argcntafter, argcnt + ll);
        goto fail;
    }
    for (int j = argcntafter; j > 0; j--, i++) {
        *--sp = PyList_GET_ITEM(rest, ll - j);   /* the list's reference moves to the stack */
    }
    Py_SET_SIZE(rest, ll - argcntafter);
    Py_DECREF(it);
    return 1;
fail:
    for (; i > 0; i--, sp++) {
        Py_DECREF(*sp);
    }
    Py_DECREF(it);
    return 0;
}

/* ---- Iteration, calls, functions, classes */

PyObject *
ff_yield_from_iter(_PyInterpreterFrame *frame, PyObject *iterable)
{
    if (PyCoro_CheckExact(iterable)) {
        if (!(frame->f_code->co_flags & (CO_COROUTINE | CO_ITERABLE_COROUTINE))) {
            PyErr_SetString(PyExc_TypeError, "cannot 'yield from' a coroutine object in a non-coroutine generator");
            return NULL;
        }
        return Py_NewRef(iterable);
    }
    if (PyGen_CheckExact(iterable)) {
        return Py_NewRef(iterable);
    }
    return PyObject_GetIter(iterable);
}

PyObject *
ff_call_function_ex(PyThreadState *tstate, PyObject *func, PyObject *callargs, PyObject *kwargs)
{
    PyObject *kwdict = NULL, *args = NULL, *result = NULL;
    if (kwargs != NULL) {
        if (PyDict_CheckExact(kwargs)) {
            kwdict = Py_NewRef(kwargs);
        }
        else {
            kwdict = PyDict_New();
            if (kwdict == NULL) {
                return NULL;
            }
            if (_PyDict_MergeEx(kwdict, kwargs, 2) < 0) {
                ff_format_kwargs_error(tstate, func, kwargs);
                Py_DECREF(kwdict);
                return NULL;
            }
        }
    }
    if (PyTuple_CheckExact(callargs)) {
        args = Py_NewRef(callargs);
    }
    else {
        if (Py_TYPE(callargs)->tp_iter == NULL && !PySequence_Check(callargs)) {
            PyErr_Clear();
            PyObject *funcstr = _PyObject_FunctionStr(func);
            if (funcstr != NULL) {
                PyErr_Format(PyExc_TypeError, "%U argument after * must be an iterable, not %.200s",
                             funcstr, Py_TYPE(callargs)->tp_name);
                Py_DECREF(funcstr);
            }
            goto done;
        }
        args = PySequence_Tuple(callargs);
        if (args == NULL) {
            goto done;
        }
    }
    result = tstate->cframe->use_tracing ? ff_trace_call_ex(tstate, func, args, kwdict)
                                         : PyObject_Call(func, args, kwdict);
done:
    Py_XDECREF(args);
    Py_XDECREF(kwdict);
    return result;
}

PyObject *
ff_make_function(_PyInterpreterFrame *frame, PyObject *codeobj, PyObject *defaults,
                 PyObject *kwdefaults, PyObject *annotations, PyObject *closure)
{
    if (!PyCode_Check(codeobj)) {
        PyErr_Format(PyExc_SystemError, "MAKE_FUNCTION: expected a code object, not %.100s",
                     Py_TYPE(codeobj)->tp_name);
        return NULL;
    }
    PyCodeObject *co = (PyCodeObject *)codeobj;
    Py_ssize_t nclosure = closure == NULL ? 0 : (PyTuple_Check(closure) ? PyTuple_GET_SIZE(closure) : -1);
    if (nclosure != co->co_nfreevars) {
        PyErr_Format(PyExc_SystemError, "MAKE_FUNCTION: %U needs %d free variables, got a closure of %zd",
                     co->co_name, co->co_nfreevars, nclosure);
        return NULL;
    }
    /* What calls and LOAD_DEREF trust these to be (the compiler always builds them
     * so; mutated bytecode might not): cells, a tuple, a dict. */
    for (Py_ssize_t i = 0; i < nclosure; i++) {
        if (!PyCell_Check(PyTuple_GET_ITEM(closure, i))) {
            PyErr_SetString(PyExc_SystemError, "MAKE_FUNCTION: the closure holds something that is not a cell");
            return NULL;
        }
    }
    if ((defaults != NULL && !PyTuple_Check(defaults)) || (kwdefaults != NULL && !PyDict_Check(kwdefaults))
        || (annotations != NULL && !PyDict_Check(annotations)
            && !(PyTuple_Check(annotations) && PyTuple_GET_SIZE(annotations) % 2 == 0))) {
        /* (__annotations__ reads a tuple as name, value pairs.) */
        PyErr_SetString(PyExc_SystemError, "MAKE_FUNCTION: defaults, keyword defaults or annotations of the wrong type");
        return NULL;
    }
    PyFunctionObject *func = (PyFunctionObject *)PyFunction_NewWithQualName(codeobj, frame->f_globals,
                                                                            co->co_qualname);
    if (func == NULL) {
        return NULL;
    }
    if (closure != NULL) {
        func->func_closure = Py_NewRef(closure);
    }
    if (annotations != NULL) {
        func->func_annotations = Py_NewRef(annotations);
    }
    if (kwdefaults != NULL) {
        func->func_kwdefaults = Py_NewRef(kwdefaults);
    }
    if (defaults != NULL) {
        func->func_defaults = Py_NewRef(defaults);
    }
    return (PyObject *)func;
}

PyObject *
ff_load_build_class(PyThreadState *tstate, _PyInterpreterFrame *frame)
{
    PyObject *name = PyUnicode_InternFromString("__build_class__");
    if (name == NULL) {
        return NULL;
    }
    PyObject *bc = lookup(frame->f_builtins, name);
    Py_DECREF(name);
    if (bc == NULL && !PyErr_Occurred()) {
        PyErr_SetString(PyExc_NameError, "__build_class__ not found");
    }
    return bc;
}

int
ff_setup_annotations(PyThreadState *tstate, _PyInterpreterFrame *frame)
{
    PyObject *locals = frame->f_locals;
    if (locals == NULL) {
        PyErr_SetString(PyExc_SystemError, "no locals found when setting up annotations");
        return -1;
    }
    PyObject *key = PyUnicode_InternFromString("__annotations__");
    if (key == NULL) {
        return -1;
    }
    PyObject *ann = lookup(locals, key);
    int err = 0;
    if (ann == NULL) {
        if (PyErr_Occurred() || (ann = PyDict_New()) == NULL) {
            err = -1;
        }
        else {
            err = PyObject_SetItem(locals, key, ann);
        }
    }
    Py_XDECREF(ann);
    Py_DECREF(key);
    return err;
}

int
ff_print_expr(PyThreadState *tstate, PyObject *value)
{
    PyObject *hook = PySys_GetObject("displayhook");
    if (hook == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "lost sys.displayhook");
        return -1;
    }
    PyObject *res = PyObject_CallOneArg(hook, value);
    if (res == NULL) {
        return -1;
    }
    Py_DECREF(res);
    return 0;
}

/* ---- Imports */

PyObject *
ff_import_name(PyThreadState *tstate, _PyInterpreterFrame *frame, PyObject *name,
               PyObject *fromlist, PyObject *level)
{
    PyObject *key = PyUnicode_InternFromString("__import__");
    if (key == NULL) {
        return NULL;
    }
    PyObject *import_func = lookup(frame->f_builtins, key);
    Py_DECREF(key);
    if (import_func == NULL) {
        if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_ImportError, "__import__ not found");
        }
        return NULL;
    }
    PyObject *locals = frame->f_locals == NULL ? Py_None : frame->f_locals;
    PyObject *res;
    if (import_func == tstate->interp->import_func) {
        /* The builtin __import__: call the importer directly, as CPython does. */
        int ilevel = _PyLong_AsInt(level);
        res = (ilevel == -1 && PyErr_Occurred()) ? NULL
            : PyImport_ImportModuleLevelObject(name, frame->f_globals, locals, fromlist, ilevel);
    }
    else {
        PyObject *argv[5] = {name, frame->f_globals, locals, fromlist, level};
        res = PyObject_Vectorcall(import_func, argv, 5, NULL);
    }
    Py_DECREF(import_func);
    return res;
}

PyObject *
ff_import_from(PyThreadState *tstate, PyObject *from, PyObject *name)
{
    PyObject *x, *pkgname = NULL, *pkgpath = NULL;
    if (_PyObject_LookupAttr(from, name, &x) != 0) {
        return x;   /* found, or an error other than AttributeError */
    }
    /* A circular relative import may have left the submodule only in sys.modules. */
    pkgname = PyObject_GetAttrString(from, "__name__");
    if (pkgname != NULL && PyUnicode_Check(pkgname)) {
        PyObject *full = PyUnicode_FromFormat("%U.%U", pkgname, name);
        if (full == NULL) {
            Py_DECREF(pkgname);
            return NULL;
        }
        x = PyImport_GetModule(full);
        Py_DECREF(full);
        if (x != NULL || PyErr_Occurred()) {
            Py_DECREF(pkgname);
            return x;
        }
    }
    else {
        Py_CLEAR(pkgname);
    }
    PyErr_Clear();
    PyObject *shown = pkgname != NULL ? Py_NewRef(pkgname) : PyUnicode_FromString("<unknown module name>");
    if (shown == NULL) {
        Py_XDECREF(pkgname);
        return NULL;
    }
    pkgpath = PyModule_Check(from) ? PyModule_GetFilenameObject(from) : NULL;
    PyObject *msg;
    if (pkgpath == NULL || !PyUnicode_Check(pkgpath)) {
        PyErr_Clear();
        msg = PyUnicode_FromFormat("cannot import name %R from %R (unknown location)", name, shown);
        if (msg != NULL) {
            PyErr_SetImportError(msg, pkgname, NULL);
        }
    }
    else {
        int initializing = 0;
        PyObject *spec = PyObject_GetAttrString(from, "__spec__");
        if (spec != NULL) {
            PyObject *flag = PyObject_GetAttrString(spec, "_initializing");
            initializing = flag != NULL && PyObject_IsTrue(flag) > 0;
            Py_XDECREF(flag);
            Py_DECREF(spec);
        }
        PyErr_Clear();
        msg = PyUnicode_FromFormat(initializing
                                   ? "cannot import name %R from partially initialized module %R "
                                     "(most likely due to a circular import) (%S)"
                                   : "cannot import name %R from %R (%S)", name, shown, pkgpath);
        if (msg != NULL) {
            PyErr_SetImportError(msg, pkgname, pkgpath);
        }
    }
    Py_XDECREF(msg);
    Py_DECREF(shown);
    Py_XDECREF(pkgname);
    Py_XDECREF(pkgpath);
    return NULL;
}

int
ff_import_star(PyThreadState *tstate, _PyInterpreterFrame *frame, PyObject *from)
{
    PyObject *locals = frame->f_locals;
    if (locals == NULL) {
        PyErr_SetString(PyExc_SystemError, "no locals found during 'import *'");
        return -1;
    }
    int skip_private = 0;
    PyObject *all;
    if (_PyObject_LookupAttr(from, &_Py_ID(__all__), &all) < 0) {
        return -1;
    }
    if (all == NULL) {
        PyObject *dict;
        if (_PyObject_LookupAttr(from, &_Py_ID(__dict__), &dict) < 0) {
            return -1;
        }
        if (dict == NULL) {
            PyErr_SetString(PyExc_ImportError, "from-import-* object has no __dict__ and no __all__");
            return -1;
        }
        all = PyMapping_Keys(dict);
        Py_DECREF(dict);
        if (all == NULL) {
            return -1;
        }
        skip_private = 1;
    }
    int err = 0;
    for (Py_ssize_t pos = 0;; pos++) {
        PyObject *name = PySequence_GetItem(all, pos);
        if (name == NULL) {
            if (PyErr_ExceptionMatches(PyExc_IndexError)) {
                PyErr_Clear();
            }
            else {
                err = -1;
            }
            break;
        }
        if (!PyUnicode_Check(name)) {
            PyObject *modname = PyObject_GetAttrString(from, "__name__");
            if (modname == NULL || !PyUnicode_Check(modname)) {
                Py_XDECREF(modname);
                PyErr_Clear();
                modname = PyUnicode_FromString("<module>");
            }
            if (modname != NULL) {
                PyErr_Format(PyExc_TypeError, "%s in %U.%s must be str, not %.100s",
                             skip_private ? "Key" : "Item", modname, skip_private ? "__dict__" : "__all__",
                             Py_TYPE(name)->tp_name);
                Py_DECREF(modname);
            }
            Py_DECREF(name);
            err = -1;
            break;
        }
        if (skip_private && PyUnicode_READ_CHAR(name, 0) == '_') {
            Py_DECREF(name);
            continue;
        }
        PyObject *value = PyObject_GetAttr(from, name);
        if (value == NULL) {
            err = -1;
        }
        else {
            err = PyDict_CheckExact(locals) ? PyDict_SetItem(locals, name, value)
                                            : PyObject_SetItem(locals, name, value);
            Py_DECREF(value);
        }
        Py_DECREF(name);
        if (err != 0) {
            break;
        }
    }
    Py_DECREF(all);
    return err;
}

/* ---- Exceptions */

/* raise / raise exc / raise exc from cause. Takes over exc and cause.
 * Returns 1 for a bare re-raise (no new traceback entry), 0 otherwise; either
 * way an exception is set. */
int
ff_do_raise(PyThreadState *tstate, PyObject *exc, PyObject *cause)
{
    PyObject *type = NULL, *value = NULL;
    if (exc == NULL) {
        _PyErr_StackItem *info = _PyErr_GetTopmostException(tstate);
        value = info->exc_value;
        if (value == NULL || Py_IsNone(value)) {
            PyErr_SetString(PyExc_RuntimeError, "No active exception to reraise");
            return 0;
        }
        PyErr_Restore(Py_NewRef(PyExceptionInstance_Class(value)), Py_NewRef(value),
                      PyException_GetTraceback(value));
        return 1;
    }
    if (PyExceptionClass_Check(exc)) {
        type = exc;   /* owns exc's reference */
        value = PyObject_CallNoArgs(exc);
        if (value == NULL) {
            goto fail;
        }
        if (!PyExceptionInstance_Check(value)) {
            PyErr_Format(PyExc_TypeError, "calling %R should have returned an instance of "
                         "BaseException, not %R", type, Py_TYPE(value));
            goto fail;
        }
    }
    else if (PyExceptionInstance_Check(exc)) {
        value = exc;
        type = Py_NewRef(PyExceptionInstance_Class(exc));
    }
    else {
        Py_DECREF(exc);
        PyErr_SetString(PyExc_TypeError, "exceptions must derive from BaseException");
        goto fail;
    }
    if (cause != NULL) {
        PyObject *fixed;
        if (PyExceptionClass_Check(cause)) {
            fixed = PyObject_CallNoArgs(cause);
            if (fixed == NULL) {
                goto fail;
            }
            Py_DECREF(cause);
        }
        else if (PyExceptionInstance_Check(cause)) {
            fixed = cause;
        }
        else if (Py_IsNone(cause)) {
            Py_DECREF(cause);
            fixed = NULL;
        }
        else {
            PyErr_SetString(PyExc_TypeError, "exception causes must derive from BaseException");
            goto fail;
        }
        cause = NULL;
        PyException_SetCause(value, fixed);   /* steals fixed */
    }
    PyErr_SetObject(type, value);
    Py_DECREF(value);
    Py_DECREF(type);
    return 0;
fail:
    Py_XDECREF(value);
    Py_XDECREF(type);
    Py_XDECREF(cause);
    return 0;
}

int
ff_check_except_type_valid(PyThreadState *tstate, PyObject *right)
{
    static const char msg[] = "catching classes that do not inherit from BaseException is not allowed";
    if (PyTuple_Check(right)) {
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(right); i++) {
            if (!PyExceptionClass_Check(PyTuple_GET_ITEM(right, i))) {
                PyErr_SetString(PyExc_TypeError, msg);
                return -1;
            }
        }
    }
    else if (!PyExceptionClass_Check(right)) {
        PyErr_SetString(PyExc_TypeError, msg);
        return -1;
    }
    return 0;
}

/* BEFORE_WITH and BEFORE_ASYNC_WITH: look up the enter and exit methods (the
 * exit one goes to *exit_func), call the enter one; CPython's messages, with
 * `kind` "" or "asynchronous ". */
static PyObject *
before_with(PyObject *mgr, PyObject *enter_name, PyObject *exit_name, const char *kind,
            PyObject **exit_func)
{
    PyObject *enter = _PyObject_LookupSpecial(mgr, enter_name);
    if (enter == NULL) {
        if (!PyErr_Occurred()) {
            PyErr_Format(PyExc_TypeError, "'%.200s' object does not support the %scontext manager protocol",
                         Py_TYPE(mgr)->tp_name, kind);
        }
        return NULL;
    }
    PyObject *exit = _PyObject_LookupSpecial(mgr, exit_name);
    if (exit == NULL) {
        if (!PyErr_Occurred()) {
            PyErr_Format(PyExc_TypeError, "'%.200s' object does not support the %scontext manager protocol "
                         "(missed %U method)", Py_TYPE(mgr)->tp_name, kind, exit_name);
        }
        Py_DECREF(enter);
        return NULL;
    }
    PyObject *res = PyObject_CallNoArgs(enter);
    Py_DECREF(enter);
    if (res == NULL) {
        Py_DECREF(exit);
        return NULL;
    }
    *exit_func = exit;
    return res;
}

PyObject *
ff_before_with(PyThreadState *tstate, PyObject *mgr, PyObject **exit_func)
{
    return before_with(mgr, &_Py_ID(__enter__), &_Py_ID(__exit__), "", exit_func);
}

/* ---- Structural pattern matching (CPython 3.11's ceval.c match_keys,
 * match_class_attr and match_class, which are static there: restated, with the
 * same order of lookups, the same calls and the same messages) */

/* MATCH_KEYS: a tuple of map[key] for each key, None if a key is missing, NULL
 * with an exception on error. map.get(key, dummy) is called as 3.11 does, so a
 * mapping's __missing__ is not triggered and each key is looked up once. */
PyObject *
ff_match_keys(PyThreadState *tstate, PyObject *map, PyObject *keys)
{
    if (!PyTuple_CheckExact(keys)) {
        PyErr_SetString(PyExc_SystemError, "fivefold: MATCH_KEYS expects a tuple of keys");
        return NULL;
    }
    Py_ssize_t nkeys = PyTuple_GET_SIZE(keys);
    if (nkeys == 0) {
        return PyTuple_New(0);
    }
    PyObject *seen = NULL, *dummy = NULL, *values = NULL, *get = NULL;
    int meth_found = _PyObject_GetMethod(map, &_Py_ID(get), &get);
    if (get == NULL) {
        goto fail;
    }
    seen = PySet_New(NULL);
    if (seen == NULL) {
        goto fail;
    }
    dummy = PyObject_CallNoArgs((PyObject *)&PyBaseObject_Type);
    if (dummy == NULL) {
        goto fail;
    }
    values = PyTuple_New(nkeys);
    if (values == NULL) {
        goto fail;
    }
    for (Py_ssize_t i = 0; i < nkeys; i++) {
        PyObject *key = PyTuple_GET_ITEM(keys, i);
        if (PySet_Contains(seen, key) || PySet_Add(seen, key)) {
            if (!PyErr_Occurred()) {
                PyErr_Format(PyExc_ValueError, "mapping pattern checks duplicate key (%R)", key);
            }
            goto fail;
        }
        PyObject *args[] = {map, key, dummy};
        PyObject *value = meth_found ? PyObject_Vectorcall(get, args, 3, NULL)
                                     : PyObject_Vectorcall(get, &args[1], 2, NULL);
        if (value == NULL) {
            goto fail;
        }
        if (value == dummy) {
            /* The key is missing: no match. */
            Py_DECREF(value);
            Py_SETREF(values, Py_NewRef(Py_None));
            break;
        }
        PyTuple_SET_ITEM(values, i, value);
    }
    Py_DECREF(get);
    Py_DECREF(seen);
    Py_DECREF(dummy);
    return values;
fail:
    Py_XDECREF(get);
    Py_XDECREF(seen);
    Py_XDECREF(dummy);
    Py_XDECREF(values);
    return NULL;
}

/* One attribute of a class pattern: NULL without an exception when the
 * subject lacks it (no match), NULL with one on error. */
static PyObject *
match_class_attr(PyThreadState *tstate, PyObject *subject, PyObject *type, PyObject *name,
                 PyObject *seen)
{
    if (PySet_Contains(seen, name) || PySet_Add(seen, name)) {
        if (!PyErr_Occurred()) {
            PyErr_Format(PyExc_TypeError, "%s() got multiple sub-patterns for attribute %R",
                         ((PyTypeObject *)type)->tp_name, name);
        }
        return NULL;
    }
    PyObject *attr = PyObject_GetAttr(subject, name);
    if (attr == NULL && PyErr_ExceptionMatches(PyExc_AttributeError)) {
        PyErr_Clear();
    }
    return attr;
}

static int
append_attr(PyObject *attrs, PyObject *attr)
{
    int err = PyList_Append(attrs, attr);
    Py_DECREF(attr);
    return err;
}

/* MATCH_CLASS: a tuple of the nargs positional attributes (named by
 * type.__match_args__, or the subject itself for the builtins that match
 * themselves) and the keyword attributes `kwargs`; None when the subject does
 * not match; NULL with an exception on error. */
PyObject *
ff_match_class(PyThreadState *tstate, PyObject *subject, PyObject *type, Py_ssize_t nargs,
               PyObject *kwargs)
{
    if (!PyTuple_CheckExact(kwargs)) {
        PyErr_SetString(PyExc_SystemError, "fivefold: MATCH_CLASS expects a tuple of attribute names");
        return NULL;
    }
    if (!PyType_Check(type)) {
        PyErr_SetString(PyExc_TypeError, "called match pattern must be a type");
        return NULL;
    }
    int is_instance = PyObject_IsInstance(subject, type);
    if (is_instance < 0) {
        return NULL;
    }
    if (!is_instance) {
        return Py_NewRef(Py_None);
    }
    PyObject *seen = PySet_New(NULL);
    if (seen == NULL) {
        return NULL;
    }
    PyObject *attrs = PyList_New(0);
    if (attrs == NULL) {
        Py_DECREF(seen);
        return NULL;
    }
    PyObject *match_args = NULL;
    const char *type_name = ((PyTypeObject *)type)->tp_name;
    if (nargs) {
        int match_self = 0;
        match_args = PyObject_GetAttrString(type, "__match_args__");
        if (match_args != NULL) {
            if (!PyTuple_CheckExact(match_args)) {
                PyErr_Format(PyExc_TypeError, "%s.__match_args__ must be a tuple (got %s)",
                             type_name, Py_TYPE(match_args)->tp_name);
                goto fail;
            }
        }
        else if (PyErr_ExceptionMatches(PyExc_AttributeError)) {
            PyErr_Clear();
            /* _Py_TPFLAGS_MATCH_SELF counts only when the type does not define
             * __match_args__ (a subclass that defines it loses the behaviour). */
            match_args = PyTuple_New(0);
            if (match_args == NULL) {
                goto fail;
            }
            match_self = PyType_HasFeature((PyTypeObject *)type, _Py_TPFLAGS_MATCH_SELF);
        }
        else {
            goto fail;
        }
        Py_ssize_t allowed = match_self ? 1 : PyTuple_GET_SIZE(match_args);
        if (allowed < nargs) {
            PyErr_Format(PyExc_TypeError, "%s() accepts %zd positional sub-pattern%s (%zd given)",
                         type_name, allowed, allowed == 1 ? "" : "s", nargs);
            goto fail;
        }
        if (match_self) {
            if (PyList_Append(attrs, subject) < 0) {
                goto fail;
            }
        }
        else {
            for (Py_ssize_t i = 0; i < nargs; i++) {
                PyObject *name = PyTuple_GET_ITEM(match_args, i);
                if (!PyUnicode_CheckExact(name)) {
                    PyErr_Format(PyExc_TypeError, "__match_args__ elements must be strings (got %s)",
                                 Py_TYPE(name)->tp_name);
                    goto fail;
                }
                PyObject *attr = match_class_attr(tstate, subject, type, name, seen);
                if (attr == NULL || append_attr(attrs, attr) < 0) {
                    goto fail;
                }
            }
        }
        Py_CLEAR(match_args);
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(kwargs); i++) {
        PyObject *name = PyTuple_GET_ITEM(kwargs, i);
        PyObject *attr = match_class_attr(tstate, subject, type, name, seen);
        if (attr == NULL || append_attr(attrs, attr) < 0) {
            goto fail;
        }
    }
    Py_SETREF(attrs, PyList_AsTuple(attrs));
    Py_DECREF(seen);
    return attrs;
fail:
    Py_XDECREF(match_args);
    Py_DECREF(seen);
    Py_DECREF(attrs);
    /* A missing attribute is no match; anything else is an error. */
    return PyErr_Occurred() ? NULL : Py_NewRef(Py_None);
}

/* ---- Coroutines, async iteration, async with, async generators (CPython
 * 3.11's ceval.c GET_AWAITABLE .. ASYNC_GEN_WRAP; genobject.c's
 * _PyCoro_GetAwaitableIter, _PyGen_yf and _PyAsyncGenValueWrapperNew are not
 * exported, so they are restated here from 3.11.7) */

/* A generator-based coroutine: a generator whose code has CO_ITERABLE_COROUTINE
 * (@types.coroutine). */
static int
gen_is_coroutine(PyObject *o)
{
    return PyGen_CheckExact(o) && (((PyGenObject *)o)->gi_code->co_flags & CO_ITERABLE_COROUTINE);
}

/* _PyCoro_GetAwaitableIter: `o` itself if it is a coroutine, else
 * type(o).__await__(o), which must be an iterator and not a coroutine. */
static PyObject *
get_awaitable_iter(PyObject *o)
{
    if (PyCoro_CheckExact(o) || gen_is_coroutine(o)) {
        return Py_NewRef(o);
    }
    PyTypeObject *ot = Py_TYPE(o);
    unaryfunc getter = ot->tp_as_async != NULL ? ot->tp_as_async->am_await : NULL;
    if (getter == NULL) {
        PyErr_Format(PyExc_TypeError, "object %.100s can't be used in 'await' expression",
                     ot->tp_name);
        return NULL;
    }
    PyObject *res = getter(o);
    if (res != NULL) {
        if (PyCoro_CheckExact(res) || gen_is_coroutine(res)) {
            /* __await__ must return an *iterator*, not a coroutine (PEP 492) */
            PyErr_SetString(PyExc_TypeError, "__await__() returned a coroutine");
            Py_CLEAR(res);
        }
        else if (!PyIter_Check(res)) {
            PyErr_Format(PyExc_TypeError, "__await__() returned non-iterator of type '%.100s'",
                         Py_TYPE(res)->tp_name);
            Py_CLEAR(res);
        }
    }
    return res;
}

/* _PyGen_yf: what a suspended generator or coroutine is delegating to (the
 * `yield from`/`await` receiver on top of its stack), or NULL. */
static PyObject *
gen_yf(PyGenObject *gen)
{
    if (gen->gi_frame_state >= FRAME_CLEARED || gen->gi_frame_state == FRAME_CREATED) {
        return NULL;
    }
    _PyInterpreterFrame *frame = (_PyInterpreterFrame *)gen->gi_iframe;
    _Py_CODEUNIT next = frame->prev_instr[1];
    /* fivefold's RESUME has CPython's number (its bytecode runs in the shadow's
     * code array, where CPython's _PyGen_yf reads the same unit); CPython's own
     * code may have it quickened (RESUME_QUICK, a number of fivefold's own). */
    int op = _Py_OPCODE(next);
    int resume = op == RESUME || (op == RESUME_QUICK && !(frame->f_code->co_flags & CO_FIVEFOLD));
    if (!resume || _Py_OPARG(next) < 2) {
        return NULL;   /* not in a yield from */
    }
    return Py_NewRef(_PyFrame_StackPeek(frame));
}

/* GET_AWAITABLE: the iterator `await` drives; oparg 1 and 2 name __aenter__
 * and __aexit__ in the error for an object without __await__. */
PyObject *
ff_get_awaitable(PyThreadState *tstate, PyObject *iterable, int oparg)
{
    PyObject *iter = get_awaitable_iter(iterable);
    if (iter == NULL) {
        PyTypeObject *type = Py_TYPE(iterable);
        if (type->tp_as_async == NULL || type->tp_as_async->am_await == NULL) {
            if (oparg == 1) {
                PyErr_Format(PyExc_TypeError, "'async with' received an object from __aenter__ "
                             "that does not implement __await__: %.100s", type->tp_name);
            }
            else if (oparg == 2) {
                PyErr_Format(PyExc_TypeError, "'async with' received an object from __aexit__ "
                             "that does not implement __await__: %.100s", type->tp_name);
            }
        }
        return NULL;
    }
    if (PyCoro_CheckExact(iter)) {
        PyObject *yf = gen_yf((PyGenObject *)iter);
        if (yf != NULL) {
            /* `iter` is a coroutine already being awaited (on `yf`). */
            Py_DECREF(yf);
            Py_DECREF(iter);
            PyErr_SetString(PyExc_RuntimeError, "coroutine is being awaited already");
            return NULL;
        }
    }
    return iter;
}

/* GET_AITER: type(obj).__aiter__(obj), which must have __anext__. */
PyObject *
ff_get_aiter(PyThreadState *tstate, PyObject *obj)
{
    PyTypeObject *type = Py_TYPE(obj);
    unaryfunc getter = type->tp_as_async != NULL ? type->tp_as_async->am_aiter : NULL;
    if (getter == NULL) {
        PyErr_Format(PyExc_TypeError, "'async for' requires an object with __aiter__ method, got %.100s",
                     type->tp_name);
        return NULL;
    }
    PyObject *iter = getter(obj);
    if (iter == NULL) {
        return NULL;
    }
    if (Py_TYPE(iter)->tp_as_async == NULL || Py_TYPE(iter)->tp_as_async->am_anext == NULL) {
        PyErr_Format(PyExc_TypeError, "'async for' received an object from __aiter__ "
                     "that does not implement __anext__: %.100s", Py_TYPE(iter)->tp_name);
        Py_DECREF(iter);
        return NULL;
    }
    return iter;
}

/* GET_ANEXT: the awaitable of aiter.__anext__(). */
PyObject *
ff_get_anext(PyThreadState *tstate, PyObject *aiter)
{
    PyTypeObject *type = Py_TYPE(aiter);
    if (PyAsyncGen_CheckExact(aiter)) {
        return type->tp_as_async->am_anext(aiter);
    }
    unaryfunc getter = type->tp_as_async != NULL ? type->tp_as_async->am_anext : NULL;
    if (getter == NULL) {
        PyErr_Format(PyExc_TypeError, "'async for' requires an iterator with __anext__ method, got %.100s",
                     type->tp_name);
        return NULL;
    }
    PyObject *next_iter = getter(aiter);
    if (next_iter == NULL) {
        return NULL;
    }
    PyObject *awaitable = get_awaitable_iter(next_iter);
    if (awaitable == NULL) {
        _PyErr_FormatFromCause(PyExc_TypeError, "'async for' received an invalid object from __anext__: %.100s",
                               Py_TYPE(next_iter)->tp_name);
    }
    Py_DECREF(next_iter);
    return awaitable;
}

/* BEFORE_ASYNC_WITH: looks up __aenter__ and __aexit__, calls __aenter__. */
PyObject *
ff_before_async_with(PyThreadState *tstate, PyObject *mgr, PyObject **exit_func)
{
    return before_with(mgr, &_Py_ID(__aenter__), &_Py_ID(__aexit__), "asynchronous ", exit_func);
}

/* ASYNC_GEN_WRAP: _PyAsyncGenValueWrapperNew. The wrapper's type is exported
 * (_PyAsyncGenWrappedValue_Type, which the async generator's asend checks by
 * identity); its struct is genobject.c's, restated. CPython frees these
 * objects into a free list of its own, which is fine: they are allocated as
 * CPython allocates them (PyObject_GC_New of that type). */
typedef struct {
    PyObject_HEAD
    PyObject *agw_val;
} ff_async_gen_wrapped_value;

PyObject *
ff_async_gen_wrap(PyObject *value)
{
    PyTypeObject *type = &_PyAsyncGenWrappedValue_Type;
    if (type->tp_basicsize != (Py_ssize_t)sizeof(ff_async_gen_wrapped_value) || type->tp_itemsize != 0
        || !PyType_HasFeature(type, Py_TPFLAGS_HAVE_GC)) {
        PyErr_SetString(PyExc_SystemError, "fivefold: this CPython's async generator value wrapper "
                        "is not 3.11's");
        return NULL;
    }
    ff_async_gen_wrapped_value *o = PyObject_GC_New(ff_async_gen_wrapped_value, type);
    if (o == NULL) {
        return NULL;
    }
    o->agw_val = Py_NewRef(value);
    PyObject_GC_Track((PyObject *)o);
    return (PyObject *)o;
}

/* ---- except* (CPython 3.11's ceval.c check_except_star_type_valid and
 * exception_group_match, exceptions.c's _PyExc_PrepReraiseStar: none is
 * exported, so they are restated here) */

int
ff_check_except_star_type_valid(PyThreadState *tstate, PyObject *right)
{
    if (ff_check_except_type_valid(tstate, right) < 0) {
        return -1;
    }
    /* except* ExceptionGroup is refused */
    int is_subclass = 0;
    if (PyTuple_Check(right)) {
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(right) && !is_subclass; i++) {
            is_subclass = PyObject_IsSubclass(PyTuple_GET_ITEM(right, i), PyExc_BaseExceptionGroup);
            if (is_subclass < 0) {
                return -1;
            }
        }
    }
    else {
        is_subclass = PyObject_IsSubclass(right, PyExc_BaseExceptionGroup);
        if (is_subclass < 0) {
            return -1;
        }
    }
    if (is_subclass) {
        PyErr_SetString(PyExc_TypeError,
                        "catching ExceptionGroup with except* is not allowed. Use except instead.");
        return -1;
    }
    return 0;
}

/* _PyExc_CreateExceptionGroup: BaseExceptionGroup(msg, excs), which picks
 * ExceptionGroup when every exception is an Exception. */
static PyObject *
create_exception_group(const char *msg_str, PyObject *excs)
{
    PyObject *msg = PyUnicode_FromString(msg_str);
    if (msg == NULL) {
        return NULL;
    }
    PyObject *args = PyTuple_Pack(2, msg, excs);
    Py_DECREF(msg);
    if (args == NULL) {
        return NULL;
    }
    PyObject *result = PyObject_CallObject(PyExc_BaseExceptionGroup, args);
    Py_DECREF(args);
    return result;
}

/* CHECK_EG_MATCH's split of exc_value by match_type: *match is None (no
 * match) or the matching part, *rest the part left (None if nothing is). A
 * naked exception that matches is wrapped in an ExceptionGroup(""). */
int
ff_exception_group_match(PyObject *exc_value, PyObject *match_type, PyObject **match, PyObject **rest)
{
    *match = *rest = NULL;
    if (Py_IsNone(exc_value)) {
        *match = Py_NewRef(Py_None);
        *rest = Py_NewRef(Py_None);
        return 0;
    }
    if (PyErr_GivenExceptionMatches(exc_value, match_type)) {
        /* A full match of the exception itself */
        if (_PyBaseExceptionGroup_Check(exc_value)) {
            *match = Py_NewRef(exc_value);
        }
        else {
            PyObject *excs = PyTuple_Pack(1, exc_value);
            if (excs == NULL) {
                return -1;
            }
            *match = create_exception_group("", excs);
            Py_DECREF(excs);
            if (*match == NULL) {
                return -1;
            }
        }
        *rest = Py_NewRef(Py_None);
        return 0;
    }
    if (_PyBaseExceptionGroup_Check(exc_value)) {
        /* A partial match, by the group's own split() */
        PyObject *pair = PyObject_CallMethod(exc_value, "split", "(O)", match_type);
        if (pair == NULL) {
            return -1;
        }
        if (!PyTuple_CheckExact(pair) || PyTuple_GET_SIZE(pair) != 2) {
            PyErr_Format(PyExc_TypeError, "%.200s.split must return a 2-tuple, got %.200s",
                         Py_TYPE(exc_value)->tp_name, Py_TYPE(pair)->tp_name);
            Py_DECREF(pair);
            return -1;
        }
        *match = Py_NewRef(PyTuple_GET_ITEM(pair, 0));
        *rest = Py_NewRef(PyTuple_GET_ITEM(pair, 1));
        Py_DECREF(pair);
        return 0;
    }
    *match = Py_NewRef(Py_None);
    *rest = Py_NewRef(Py_None);
    return 0;
}

/* The ids of every leaf exception of exc (a group or not), added to leaf_ids. */
static int
collect_leaf_ids(PyObject *exc, PyObject *leaf_ids)
{
    if (Py_IsNone(exc)) {
        return 0;
    }
    if (!_PyBaseExceptionGroup_Check(exc)) {
        PyObject *exc_id = PyLong_FromVoidPtr(exc);
        if (exc_id == NULL) {
            return -1;
        }
        int res = PySet_Add(leaf_ids, exc_id);
        Py_DECREF(exc_id);
        return res;
    }
    PyObject *excs = ((PyBaseExceptionGroupObject *)exc)->excs;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(excs); i++) {
        if (Py_EnterRecursiveCall(" in collect_exception_group_leaf_ids")) {
            return -1;
        }
        int res = collect_leaf_ids(PyTuple_GET_ITEM(excs, i), leaf_ids);
        Py_LeaveRecursiveCall();
        if (res < 0) {
            return -1;
        }
    }
    return 0;
}

/* The matcher of exception_group_projection: a leaf whose id is in the set
 * (3.11's EXCEPTION_GROUP_MATCH_INSTANCE_IDS, which never matches a group). */
static PyObject *
leaf_id_in(PyObject *leaf_ids, PyObject *exc)
{
    if (_PyBaseExceptionGroup_Check(exc)) {
        Py_RETURN_FALSE;
    }
    PyObject *exc_id = PyLong_FromVoidPtr(exc);
    if (exc_id == NULL) {
        return NULL;
    }
    int found = PySet_Contains(leaf_ids, exc_id);
    Py_DECREF(exc_id);
    if (found < 0) {
        return NULL;
    }
    return PyBool_FromLong(found);
}

static PyMethodDef leaf_id_in_def = {"leaf_id_in", leaf_id_in, METH_O, NULL};

/* 3.11's split and subgroup take a predicate only as a Python function: this
 * makes one that calls `check` (a lambda compiled once, by CPython). */
static PyObject *
python_predicate(PyObject *check)
{
    static PyObject *maker = NULL;
    if (maker == NULL) {
        PyObject *globals = PyDict_New();
        PyObject *code = Py_CompileString("lambda check: lambda exc: check(exc)",
                                          "<fivefold except*>", Py_eval_input);
        PyObject *made = (globals != NULL && code != NULL) ? PyEval_EvalCode(code, globals, globals) : NULL;
        Py_XDECREF(globals);
        Py_XDECREF(code);
        if (made == NULL) {
            return NULL;
        }
        maker = made;   /* kept for the life of the process */
    }
    return PyObject_CallOneArg(maker, check);
}

/* exception_group_projection: the sub-group of eg holding the leaves of the
 * groups in keep, with eg's nesting, or None. 3.11 runs its split on a set of
 * leaf ids; the same split is BaseExceptionGroup.subgroup (called on the base
 * type, so a subclass's override is not involved, as in 3.11) with a predicate
 * that matches those leaves and never a group: derive(), and the copying of
 * the traceback, cause, context and notes to each part, stay CPython's own. */
static PyObject *
exception_group_projection(PyObject *eg, PyObject *keep)
{
    PyObject *leaf_ids = PySet_New(NULL);
    if (leaf_ids == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(keep); i++) {
        if (collect_leaf_ids(PyList_GET_ITEM(keep, i), leaf_ids) < 0) {
            Py_DECREF(leaf_ids);
            return NULL;
        }
    }
    PyObject *result = NULL;
    PyObject *check = PyCFunction_New(&leaf_id_in_def, leaf_ids);
    PyObject *predicate = check != NULL ? python_predicate(check) : NULL;
    PyObject *subgroup = predicate != NULL ? PyObject_GetAttrString(PyExc_BaseExceptionGroup, "subgroup")
                                           : NULL;
    if (subgroup != NULL) {
        result = PyObject_CallFunctionObjArgs(subgroup, eg, predicate, NULL);
    }
    Py_XDECREF(subgroup);
    Py_XDECREF(predicate);
    Py_XDECREF(check);
    Py_DECREF(leaf_ids);
    return result;
}

static int
is_same_exception_metadata(PyObject *exc1, PyObject *exc2)
{
    PyBaseExceptionObject *e1 = (PyBaseExceptionObject *)exc1;
    PyBaseExceptionObject *e2 = (PyBaseExceptionObject *)exc2;
    return e1->notes == e2->notes && e1->traceback == e2->traceback && e1->cause == e2->cause
           && e1->context == e2->context;
}

/* PREP_RERAISE_STAR: what a try-except* raises at its end. orig is the
 * exception caught; excs lists what each except* clause raised or re-raised
 * and, last, the part none matched (None entries: nothing). The result holds
 * them all: the re-raised ones (same metadata as orig) with orig's nesting,
 * and the newly raised ones as siblings in a new group; None if nothing is
 * left to raise. */
PyObject *
ff_prep_reraise_star(PyObject *orig, PyObject *excs)
{
    if (!PyList_Check(excs) || !PyExceptionInstance_Check(orig)) {
        PyErr_SetString(PyExc_SystemError, "fivefold: PREP_RERAISE_STAR expects an exception and a list");
        return NULL;
    }
    Py_ssize_t numexcs = PyList_GET_SIZE(excs);
    if (numexcs == 0) {
        return Py_NewRef(Py_None);
    }
    if (!_PyBaseExceptionGroup_Check(orig)) {
        /* A naked exception was caught and wrapped: only one except* clause
         * could have run, so there is at most one exception to raise. */
        return Py_NewRef(PyList_GET_ITEM(excs, 0));
    }
    PyObject *raised_list = PyList_New(0);
    PyObject *reraised_list = PyList_New(0);
    PyObject *result = NULL;
    if (raised_list == NULL || reraised_list == NULL) {
        goto done;
    }
    /* Split excs into raised and re-raised by comparing metadata with orig */
    for (Py_ssize_t i = 0; i < numexcs; i++) {
        PyObject *e = PyList_GET_ITEM(excs, i);
        if (Py_IsNone(e)) {
            continue;
        }
        if (!PyExceptionInstance_Check(e)) {
            PyErr_SetString(PyExc_SystemError, "fivefold: PREP_RERAISE_STAR: not an exception");
            goto done;
        }
        PyObject *append_to = is_same_exception_metadata(e, orig) ? reraised_list : raised_list;
        if (PyList_Append(append_to, e) < 0) {
            goto done;
        }
    }
    PyObject *reraised_eg = exception_group_projection(orig, reraised_list);
    if (reraised_eg == NULL) {
        goto done;
    }
    if (PyList_GET_SIZE(raised_list) == 0) {
        result = reraised_eg;
    }
    else {
        int res = 0;
        if (!Py_IsNone(reraised_eg)) {
            res = PyList_Append(raised_list, reraised_eg);
        }
        Py_DECREF(reraised_eg);
        if (res < 0) {
            goto done;
        }
        if (PyList_GET_SIZE(raised_list) > 1) {
            result = create_exception_group("", raised_list);
        }
        else {
            result = Py_NewRef(PyList_GET_ITEM(raised_list, 0));
        }
    }
done:
    Py_XDECREF(raised_list);
    Py_XDECREF(reraised_list);
    return result;
}
