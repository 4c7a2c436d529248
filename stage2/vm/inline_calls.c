/* s2.inline_calls: frames for calls of fivefold functions, pushed by the loop. */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "stage2.h"

/* The parameter that keyword `name` names, by identity (keyword names and
 * parameter names are interned by the compiler); -1 when none matches that way,
 * which sends the call the generic way (CPython's binding compares by value and
 * words the errors). Positional-only parameters cannot be named. */
static int
keyword_slot(PyCodeObject *co, PyObject *name)
{
    PyObject *names = co->co_localsplusnames;
    int end = co->co_argcount + co->co_kwonlyargcount;
    for (int i = co->co_posonlyargcount; i < end; i++) {
        if (PyTuple_GET_ITEM(names, i) == name) {
            return i;
        }
    }
    return -1;
}

/* Whether keyword `name`, matched by identity to no parameter that can be named,
 * equals one by value (a keyword name that is not interned): CPython's binding
 * would then bind that parameter, so the call goes the generic way. */
static int
keyword_equals_parameter(PyCodeObject *co, PyObject *name)
{
    PyObject *names = co->co_localsplusnames;
    int end = co->co_argcount + co->co_kwonlyargcount;
    for (int i = co->co_posonlyargcount; i < end; i++) {
        if (_PyUnicode_EQ(PyTuple_GET_ITEM(names, i), name)) {
            return 1;
        }
    }
    return 0;
}

/* s2.call_varargs: the *args tuple and the **kwargs dict of the frame, made
 * before anything is taken over (an allocation failure sends the call the
 * generic way, which raises it again). `extra` receives argv[nparams..npos) as
 * *args; keywords that name no parameter go into **kwargs (positional-only
 * parameters' names too, as CPython 3.8+ binds them), in call order. */
static int
make_var_parameters(PyCodeObject *co, PyObject **argv, int npos, PyObject *kwnames,
                    const unsigned char *to_dict, PyObject **tuple_out, PyObject **dict_out)
{
    *tuple_out = *dict_out = NULL;
    if (co->co_flags & CO_VARARGS) {
        int n = npos > co->co_argcount ? npos - co->co_argcount : 0;
        *tuple_out = PyTuple_New(n);   /* filled when the binding is known to succeed */
        if (*tuple_out == NULL) {
            goto fail;
        }
    }
    if (co->co_flags & CO_VARKEYWORDS) {
        *dict_out = PyDict_New();
        if (*dict_out == NULL) {
            goto fail;
        }
        Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
        for (Py_ssize_t k = 0; k < nkw; k++) {
            if (to_dict[k] && PyDict_SetItem(*dict_out, PyTuple_GET_ITEM(kwnames, k), argv[npos + k]) < 0) {
                goto fail;
            }
        }
    }
    return 0;
fail:
    PyErr_Clear();
    Py_CLEAR(*tuple_out);
    Py_CLEAR(*dict_out);
    return -1;
}

/* Fill the frame's parameters from argv (npos positional values, then one per
 * keyword of kwnames), the defaults and (s2.call_varargs) *args and **kwargs; 0,
 * or -1 when the binding needs CPython's generic path (then nothing is taken:
 * the caller's stack keeps its references; the frame is not pushed, so the
 * slots written are garbage above the data stack's top). */
static int
bind_arguments(PyFunctionObject *func, PyCodeObject *co, PyObject **locals, PyObject **argv,
               int npos, PyObject *kwnames)
{
    int nparams = co->co_argcount + co->co_kwonlyargcount;
    int varargs = (co->co_flags & CO_VARARGS) != 0;
    ff_fill_null(locals, 0, nparams);
    int nbound = npos < co->co_argcount ? npos : co->co_argcount;   /* the rest go to *args */
    for (int i = 0; i < nbound; i++) {
        locals[i] = argv[i];   /* borrowed until the binding is known to succeed */
    }
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    /* Which keywords go into **kwargs (a call has at most 255 of them: oparg). */
    unsigned char to_dict[256];
    if (nkw > 255) {
        return -1;
    }
    for (Py_ssize_t k = 0; k < nkw; k++) {
        PyObject *name = PyTuple_GET_ITEM(kwnames, k);
        int slot = keyword_slot(co, name);
        to_dict[k] = 0;
        if (slot < 0 && (co->co_flags & CO_VARKEYWORDS) && PyUnicode_CheckExact(name)
            && !keyword_equals_parameter(co, name)) {
            to_dict[k] = 1;
            continue;
        }
        if (slot < 0 || locals[slot] != NULL) {
            return -1;
        }
        locals[slot] = argv[npos + k];
    }
    PyObject *defaults = func->func_defaults;
    Py_ssize_t ndefaults = defaults == NULL ? 0 : PyTuple_GET_SIZE(defaults);
    Py_ssize_t first_default = co->co_argcount - ndefaults;
    for (int i = nbound; i < co->co_argcount; i++) {
        if (locals[i] == NULL && i < first_default) {
            return -1;   /* missing: CPython words the TypeError */
        }
    }
    /* Keyword-only parameters no keyword named: their defaults, looked up once
     * (borrowed: func_kwdefaults holds them until the frame takes its own
     * references below). Which slots they fill is a bit each; a function with
     * more than 64 keyword-only parameters goes the generic way. */
    uint64_t from_kwdefaults = 0;
    if (co->co_kwonlyargcount > 64) {
        return -1;
    }
    for (int i = co->co_argcount; i < nparams; i++) {
        if (locals[i] == NULL) {
            PyObject *value = func->func_kwdefaults == NULL ? NULL
                : PyDict_GetItemWithError(func->func_kwdefaults, PyTuple_GET_ITEM(co->co_localsplusnames, i));
            if (value == NULL) {
                PyErr_Clear();
                return -1;
            }
            locals[i] = value;
            from_kwdefaults |= (uint64_t)1 << (i - co->co_argcount);
        }
    }
    PyObject *var_tuple = NULL, *var_dict = NULL;
    if ((co->co_flags & (CO_VARARGS | CO_VARKEYWORDS))
        && make_var_parameters(co, argv, npos, kwnames, to_dict, &var_tuple, &var_dict) < 0) {
        return -1;
    }
    /* Known to succeed: take the arguments over, add the defaults. */
    for (int i = nbound; i < co->co_argcount; i++) {
        if (locals[i] == NULL) {
            locals[i] = Py_NewRef(PyTuple_GET_ITEM(defaults, i - first_default));
        }
    }
    for (int i = co->co_argcount; i < nparams; i++) {
        if (from_kwdefaults & ((uint64_t)1 << (i - co->co_argcount))) {
            Py_INCREF(locals[i]);
        }
    }
    if (var_tuple != NULL) {
        for (int i = nbound; i < npos; i++) {
            PyTuple_SET_ITEM(var_tuple, i - nbound, argv[i]);   /* taken over */
        }
        locals[nparams] = var_tuple;
    }
    if (var_dict != NULL) {
        for (Py_ssize_t k = 0; k < nkw; k++) {
            if (to_dict[k]) {
                Py_DECREF(argv[npos + k]);   /* the dict holds its own reference */
            }
        }
        locals[nparams + varargs] = var_dict;
    }
    return 0;
}

/* The checks that need no binding: fivefold code, none of the code flags in
 * `refused` (ff_frame_possible refuses generators and coroutines), *args or
 * **kwargs only with s2.call_varargs, no more positional arguments than
 * parameters unless there is *args, room in the data stack's chunk. The
 * frame's size, or 0. */
size_t
ff_frame_size(PyThreadState *tstate, PyFunctionObject *func, int nargs, PyObject *kwnames, int refused)
{
    PyCodeObject *co = (PyCodeObject *)func->func_code;
    int npos = nargs - (kwnames == NULL ? 0 : (int)PyTuple_GET_SIZE(kwnames));
    int var = co->co_flags & (CO_VARARGS | CO_VARKEYWORDS);
    if ((co->co_flags & refused) || (var && !ff_call_varargs)
        || (npos > co->co_argcount && !(co->co_flags & CO_VARARGS)) || ff_code_of_shadow(co) == NULL) {
        return 0;
    }
    /* 3.11's frame size (_PyFrame_Push): specials, locals and cells, value stack. */
    size_t size = co->co_nlocalsplus + co->co_stacksize + FRAME_SPECIALS_SIZE;
    return _PyThreadState_HasStackSpace(tstate, size) ? size : 0;
}

_PyInterpreterFrame *
ff_push_frame(PyThreadState *tstate, PyFunctionObject *func, PyObject **argv, int nargs,
              PyObject *kwnames, int refused)
{
    size_t size = ff_frame_size(tstate, func, nargs, kwnames, refused);
    if (size == 0) {
        return NULL;
    }
    PyCodeObject *co = (PyCodeObject *)func->func_code;
    int npos = nargs - (kwnames == NULL ? 0 : (int)PyTuple_GET_SIZE(kwnames));
    _PyInterpreterFrame *frame = (_PyInterpreterFrame *)tstate->datastack_top;
    PyObject **locals = frame->localsplus;
    if (kwnames == NULL && npos == co->co_argcount && co->co_kwonlyargcount == 0
        && !(co->co_flags & (CO_VARARGS | CO_VARKEYWORDS))) {
        ff_copy_refs(locals, argv, npos);   /* the common case: taken over from the caller's stack */
    }
    else if (kwnames == NULL && npos >= co->co_argcount && co->co_kwonlyargcount == 0) {
        /* s2.call_varargs' common shape (ff_frame_size let it through: *args or
         * **kwargs): the named parameters, then the rest as *args, an empty
         * **kwargs; nothing to look up, so no pass over the parameters. */
        int nparams = co->co_argcount;
        PyObject *var_tuple = NULL, *var_dict = NULL;
        if (((co->co_flags & CO_VARARGS) && (var_tuple = PyTuple_New(npos - nparams)) == NULL)
            || ((co->co_flags & CO_VARKEYWORDS) && (var_dict = PyDict_New()) == NULL)) {
            PyErr_Clear();   /* the generic path raises it again */
            Py_XDECREF(var_tuple);
            return NULL;
        }
        for (int i = 0; i < nparams; i++) {
            locals[i] = argv[i];
        }
        if (var_tuple != NULL) {
            for (int i = nparams; i < npos; i++) {
                PyTuple_SET_ITEM(var_tuple, i - nparams, argv[i]);   /* taken over */
            }
            locals[nparams++] = var_tuple;
        }
        if (var_dict != NULL) {
            locals[nparams] = var_dict;
        }
    }
    else if (bind_arguments(func, co, locals, argv, npos, kwnames) < 0) {
        return NULL;
    }
    int first_local = co->co_argcount + co->co_kwonlyargcount
        + ((co->co_flags & CO_VARARGS) != 0) + ((co->co_flags & CO_VARKEYWORDS) != 0);
    ff_fill_null(locals, first_local, co->co_nlocalsplus);   /* no memset call (stage2.h) */
    tstate->datastack_top += size;
    _PyFrame_InitializeSpecials(frame, func, NULL, co->co_nlocalsplus);   /* takes func */
    return frame;
}
