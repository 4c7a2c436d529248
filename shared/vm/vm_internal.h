/* CPython 3.11 internals the evaluator needs (frames, thread state, eval
 * breaker). Only the files that work on frames include this header. Many
 * internal functions are not exported from libpython: only static inline
 * functions and exported symbols may be used here (check with nm -D). */
#ifndef FIVEFOLD_VM_INTERNAL_H
#define FIVEFOLD_VM_INTERNAL_H

#ifndef Py_BUILD_CORE_MODULE
#  define Py_BUILD_CORE_MODULE 1
#endif
#include "code.h"
/* FF_HOT_INLINE marks a small helper of the loops' hot paths. GCC stops
 * inlining into a function as large as a loop (its growth limits), so some
 * `static inline` helpers became calls there (a call, a return and the loop's
 * registers saved around it, per use). A loop's C file may define it as
 * Py_ALWAYS_INLINE before its includes (stage2/vm/loop.c does); elsewhere it
 * is nothing. Per loop, because what a forced inline costs depends on the
 * loop's register allocation: in stage 1's loop the same helpers forced inline
 * cost richards 6.9% (stage2/README.md, "Helpers forced inline in stage 2's
 * loop"). */
#ifndef FF_HOT_INLINE
#  define FF_HOT_INLINE
#endif
#include "frameobject.h"
#include "internal/pycore_frame.h"
#include "internal/pycore_pystate.h"
#include "internal/pycore_interp.h"
#include "internal/pycore_runtime.h"
#include "internal/pycore_atomic.h"
#include "internal/pycore_object.h"

/* eval.c */
PyObject *ff_eval_frame(PyThreadState *tstate, _PyInterpreterFrame *frame, int throwflag);
#ifdef FIVEFOLD_STATS
extern unsigned long long ff_opcode_counts[256];
#endif

/* pending.c: signals, pending calls, GIL drop requests, async exceptions */
static inline int ff_eval_breaker_set(PyThreadState *tstate) {
    return _Py_atomic_load_relaxed(&tstate->interp->ceval.eval_breaker);
}
int ff_handle_pending(PyThreadState *tstate);

/* stackguard.c: is the C stack nearly exhausted? (sets RecursionError if so) */
int ff_c_stack_exhausted(PyThreadState *tstate);
/* The current thread's usable C stack, [*low, *high): above the guard's limit,
 * below the stack's top; 0 when not known (then only ff_c_stack_exhausted can
 * tell). For an entry that keeps it rather than looking it up per call. */
int ff_c_stack_range(uintptr_t *low, uintptr_t *high);

/* trace.c: sys.settrace/sys.setprofile events (ceval.c's, on the shadow code) */
int ff_trace_call(PyThreadState *tstate, _PyInterpreterFrame *frame, Py_tracefunc func, PyObject *obj,
                  int what, PyObject *arg);
int ff_trace_entry(PyThreadState *tstate, _PyInterpreterFrame *frame);
int ff_trace_exit(PyThreadState *tstate, _PyInterpreterFrame *frame, PyObject *retval);
int ff_trace_line(PyThreadState *tstate, _PyInterpreterFrame *frame, int instr_prev);
void ff_trace_exception(PyThreadState *tstate, _PyInterpreterFrame *frame);
PyObject *ff_trace_call_function(PyThreadState *tstate, PyObject *callable, PyObject *const *args,
                                 size_t nargsf, PyObject *kwnames);
PySendResult ff_traced_send(PyThreadState *tstate, _PyInterpreterFrame *frame, PyObject *receiver,
                            PyObject *v, PyObject **result);
PyObject *ff_trace_call_ex(PyThreadState *tstate, PyObject *callable, PyObject *argtuple, PyObject *kwdict);

/* setlineno.c: frame.f_lineno = N on fivefold frames (CPython 3.11's rules
 * over fivefold's bytecode). ff_traced_frame: the frame whose trace event is
 * being delivered on this thread (ff_trace_call sets it), the only frame a
 * jump may move. At import, the frame type's f_lineno gets the new setter. */
extern _Thread_local _PyInterpreterFrame *ff_traced_frame;
int ff_setlineno_init(void);

/* frame.c */
PyObject *ff_make_generator(PyThreadState *tstate, _PyInterpreterFrame *frame);
/* Whether ff_frame_moved_out leaves nothing at all in `frame`, not even
 * references to its function and code: a frame a loop pushed (not an entry
 * frame, which CPython clears and pops) with no frame object; the loop then
 * pops it by giving its space back. */
static inline int
ff_frame_moved_out_entirely(const _PyInterpreterFrame *frame)
{
    return !frame->is_entry && frame->frame_obj == NULL;
}
void ff_frame_keep_function_and_code(_PyInterpreterFrame *frame);
/* A frame whose contents moved into a generator keeps what CPython's
 * RETURN_GENERATOR leaves for whoever pops it: no locals (they moved; NULL so
 * that no exit path can release them again), but, where CPython or a frame
 * object clears it (ff_frame_moved_out_entirely says when not), its own
 * references to the function and the code (frame.c). Inline: the common case,
 * a frame the loop pushed, costs two stores. */
static inline void
ff_frame_moved_out(_PyInterpreterFrame *frame)
{
    if (!ff_frame_moved_out_entirely(frame)) {
        ff_frame_keep_function_and_code(frame);
    }
    frame->stacktop = 0;
    frame->f_locals = NULL;
}
void ff_add_traceback(_PyInterpreterFrame *frame);
PyObject *ff_run_as_main(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
void ff_frame_clear(PyThreadState *tstate, _PyInterpreterFrame *frame);
void ff_pop_thread_frame(PyThreadState *tstate, _PyInterpreterFrame *frame);
void ff_generator_release(PyGenObject *gen);

/* A generator's frame stops running (yielded: FRAME_SUSPENDED; returned or
 * raised: FRAME_COMPLETED): the thread's exception state and the frame's link
 * go back as gen_send_ex2 leaves them. The frame is already not current. */
static inline PyGenObject *
ff_generator_leave(PyThreadState *tstate, _PyInterpreterFrame *frame, int state)
{
    PyGenObject *gen = _PyFrame_GetGenerator(frame);
    gen->gi_frame_state = state;
    tstate->exc_info = gen->gi_exc_state.previous_item;
    gen->gi_exc_state.previous_item = NULL;
    frame->previous = NULL;
    return gen;
}

/* Append v to the exact list `list`, taking the caller's reference to v; 0, or
 * -1 with an exception: PyList_Append, then the reference dropped. */
static inline int
ff_list_append_take(PyObject *list, PyObject *v)
{
    int err = PyList_Append(list, v);
    Py_DECREF(v);
    return err;
}

/* The same, a list with room storing v in place, as CPython 3.11's
 * _PyList_AppendTakeRef does (its resize half is not exported): what
 * list_extend and LIST_APPEND do, the growth PyList_Append's. */
static inline FF_HOT_INLINE int
ff_list_append_take_ref(PyObject *list, PyObject *v)
{
    PyListObject *l = (PyListObject *)list;
    if (Py_SIZE(l) < l->allocated) {
        PyList_SET_ITEM(l, Py_SIZE(l), v);
        Py_SET_SIZE(l, Py_SIZE(l) + 1);
        return 0;
    }
    return ff_list_append_take(list, v);
}

/* A suspended generator's frame made ready to run (the value sent in pushed,
 * the thread's exception state chained), as gen_send_ex2 does before running it. */
static inline _PyInterpreterFrame *
ff_generator_enter(PyThreadState *tstate, PyGenObject *gen, PyObject *sent)
{
    _PyInterpreterFrame *frame = (_PyInterpreterFrame *)gen->gi_iframe;
    _PyFrame_StackPush(frame, sent);
    gen->gi_exc_state.previous_item = tstate->exc_info;
    tstate->exc_info = &gen->gi_exc_state;
    gen->gi_frame_state = FRAME_EXECUTING;
    return frame;
}

/* ops.c: the work of instructions too long for their DSL bodies */
#define FF_NB_COUNT 26
typedef PyObject *(*ff_binaryfunc)(PyObject *, PyObject *);
extern const ff_binaryfunc ff_binary_ops[FF_NB_COUNT];
void ff_unbound_local_error(PyThreadState *tstate, _PyInterpreterFrame *frame, int oparg);
void ff_unbound_deref_error(PyThreadState *tstate, _PyInterpreterFrame *frame, int oparg);
void ff_name_error(PyThreadState *tstate, PyObject *exc, PyObject *name);
PyObject *ff_load_classderef(PyThreadState *tstate, _PyInterpreterFrame *frame, int oparg);
PyObject *ff_load_name(PyThreadState *tstate, _PyInterpreterFrame *frame, PyObject *name);
PyObject *ff_load_global(PyThreadState *tstate, _PyInterpreterFrame *frame, PyObject *name);
PyObject *ff_tuple_steal(PyObject **values, Py_ssize_t n);
PyObject *ff_list_steal(PyObject **values, Py_ssize_t n);
PyObject *ff_set_steal(PyObject **values, Py_ssize_t n);
PyObject *ff_map_steal(PyObject **values, Py_ssize_t n);
PyObject *ff_const_key_map_steal(PyObject **values, PyObject *keys, Py_ssize_t n);
void ff_list_extend_error(PyThreadState *tstate, PyObject *iterable);
void ff_format_kwargs_error(PyThreadState *tstate, PyObject *func, PyObject *kwargs);
PyObject *ff_format_value(PyObject *value, PyObject *fmt_spec, int oparg);
int ff_unpack(PyThreadState *tstate, PyObject *seq, int argcnt, int argcntafter, PyObject **values);
PyObject *ff_yield_from_iter(_PyInterpreterFrame *frame, PyObject *iterable);
PyObject *ff_call_function_ex(PyThreadState *tstate, PyObject *func, PyObject *callargs, PyObject *kwargs);
PyObject *ff_make_function(_PyInterpreterFrame *frame, PyObject *codeobj, PyObject *defaults,
                           PyObject *kwdefaults, PyObject *annotations, PyObject *closure);
PyObject *ff_load_build_class(PyThreadState *tstate, _PyInterpreterFrame *frame);
int ff_setup_annotations(PyThreadState *tstate, _PyInterpreterFrame *frame);
int ff_print_expr(PyThreadState *tstate, PyObject *value);
PyObject *ff_import_name(PyThreadState *tstate, _PyInterpreterFrame *frame, PyObject *name,
                         PyObject *fromlist, PyObject *level);
PyObject *ff_import_from(PyThreadState *tstate, PyObject *from, PyObject *name);
int ff_import_star(PyThreadState *tstate, _PyInterpreterFrame *frame, PyObject *from);
int ff_do_raise(PyThreadState *tstate, PyObject *exc, PyObject *cause);
int ff_check_except_type_valid(PyThreadState *tstate, PyObject *right);
PyObject *ff_before_with(PyThreadState *tstate, PyObject *mgr, PyObject **exit_func);
PyObject *ff_match_keys(PyThreadState *tstate, PyObject *map, PyObject *keys);
PyObject *ff_get_awaitable(PyThreadState *tstate, PyObject *iterable, int oparg);
PyObject *ff_get_aiter(PyThreadState *tstate, PyObject *obj);
PyObject *ff_get_anext(PyThreadState *tstate, PyObject *aiter);
PyObject *ff_before_async_with(PyThreadState *tstate, PyObject *mgr, PyObject **exit_func);
PyObject *ff_async_gen_wrap(PyObject *value);
int ff_check_except_star_type_valid(PyThreadState *tstate, PyObject *right);
int ff_exception_group_match(PyObject *exc_value, PyObject *match_type, PyObject **match, PyObject **rest);
PyObject *ff_prep_reraise_star(PyObject *orig, PyObject *excs);
PyObject *ff_match_class(PyThreadState *tstate, PyObject *subject, PyObject *type, Py_ssize_t nargs,
                         PyObject *kwargs);

#endif
