/* s1.call: inline helpers for the bodies in call.def (included through stage1.h).
 *
 * A CALL's stack is [NULL, callable, args...] or, after LOAD_METHOD found a
 * method, [method, self, args...]: either way the callable and a vector of
 * nargs arguments (self first when there is one) as below. */
#ifndef FIVEFOLD_S1_CALL_H
#define FIVEFOLD_S1_CALL_H

#include <Python.h>
#include "internal/pycore_ceval.h"   /* _Py_EnterRecursiveCallTstate */

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

/* The cost of the C calls the members' bodies make, a seam a later stage's loop
 * may widen (FF_CHEAP_C_CALLS, shared/vm/eval_macros.h; stage 2's
 * s2.cheap_c_calls, stage2/vm/cheap_c_calls.h: a switch read at run time). By
 * default (0: tier 0's and stage 1's loops) the exported functions CPython's generic call
 * path uses; when it is true, the same work inline:
 * - FF_C_CALL_ENTER()/FF_C_CALL_LEAVE(): the recursion level of a METH_O or
 *   METH_NOARGS call (CPython counts those, as its vectorcall does), on the
 *   loop's own tstate: the same counter, so RecursionError at the same depth;
 * - ff_c_call_result: a C function's result checked inline when it agrees with
 *   the thread's error state (a result and no exception, or NULL and one), the
 *   exported check only to word the SystemError of a function that broke the
 *   rule.
 * Not switched: FF_CALL_RELEASE(callable, argv, nargs) releases the callable
 * and exactly nargs arguments, for a body that knows how many it has (the
 * generic DECREF_INPUTS loops over oparg slots, each tested for NULL, and keeps
 * every input alive across the call). Either stack shape ([NULL, callable,
 * args] or [method, self, args]) is the callable and argv[0..nargs)
 * (FF_CALLABLE, FF_CALL_ARGV above). */
#define FF_C_CALL_WHERE " while calling a Python object"
#define FF_C_CALL_ENTER() \
    (FF_CHEAP_C_CALLS ? _Py_EnterRecursiveCallTstate(tstate, FF_C_CALL_WHERE) : Py_EnterRecursiveCall(FF_C_CALL_WHERE))
#define FF_C_CALL_LEAVE() \
    do { if (FF_CHEAP_C_CALLS) { tstate->recursion_remaining++; } else { Py_LeaveRecursiveCall(); } } while (0)
#define FF_CALL_RELEASE(callable, argv, nargs) \
    do { \
        for (int i_ = 0; i_ < (nargs); i_++) { \
            FF_DECREF_DROPPED((argv)[i_]); /* eval_macros.h's seam */ \
        } \
        Py_DECREF(callable); \
    } while (0)

/* What a C function returned, checked the way PyObject_Vectorcall checks it
 * (a NULL without an exception, or a result with one, is a SystemError). */
#define ff_c_call_result(tstate, callable, res) ff_c_call_result_((tstate), (callable), (res), FF_CHEAP_C_CALLS)
static inline PyObject *
ff_c_call_result_(PyThreadState *tstate, PyObject *callable, PyObject *res, int cheap)
{
    if (cheap && (res != NULL) == (tstate->curexc_type == NULL)) {
        return res;
    }
    return _Py_CheckFunctionResult(tstate, callable, res, NULL);
}

#endif
