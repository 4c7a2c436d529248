/* Helpers the bodies of stage 2's instructions use (included by stage 2's loop
 * after stage 1's, whose instructions that loop runs too). */
#ifndef FIVEFOLD_STAGE2_H
#define FIVEFOLD_STAGE2_H

#include "vm_internal.h"
#include "internal/pycore_ceval.h"   /* _Py_EnterRecursiveCallTstate */
#include "store_attr_hint.h"
#include "method_cache.h"
#include "int_bitwise.h"
#include "int_floordiv.h"
#include "int_freelist.h"
#include "float_mixed.h"
#include "slices.h"
#include "stepped_slice.h"
#include "c_entry.h"
#include "local_attr.h"

/* Stage 2's instructions push frames and leave for them (FF_ENTER_FRAME): every
 * loop that runs them (stage 2's and later ones, which include this header)
 * has the base loop's frame-pushing paths (shared/vm/eval_loop.c.h). */
#define FF_LOOP_INLINE_FRAMES 1

/* Switches, set by stage.c's configure from the change registry. */
extern int ff_inline_calls;        /* s2.inline_calls */
extern int ff_inline_generators;   /* s2.inline_generators */
extern int ff_float_reuse;         /* s2.float_reuse */
extern int ff_inline_init;         /* s2.inline_init */
extern int ff_compare_branch;      /* s2.compare_branch */
extern int ff_direct_generators;   /* s2.make_generator */
extern int ff_store_attr_hint;     /* s2.store_attr_hint */
extern int ff_method_cache_on;        /* s2.method_cache */
extern int ff_int_bitwise_on;         /* s2.int_bitwise */
extern int ff_int_floordiv_on;        /* s2.int_floordiv */

/* Hooks into stage 1's specializers (ff_set_family_hook, stage1/vm/specialize.h),
 * registered by configure while their change is on. */
int ff_store_attr_hint_hook(PyObject *owner, PyObject *name, _Py_CODEUNIT *instr, int oparg);
int ff_method_cache_hook(PyObject *owner, PyObject *name, _Py_CODEUNIT *instr, int oparg);
int ff_int_bitwise_hook(PyObject *lhs, PyObject *rhs, _Py_CODEUNIT *instr, int oparg);
int ff_int_floordiv_hook(PyObject *lhs, PyObject *rhs, _Py_CODEUNIT *instr, int oparg);
/* s2.subscr_getitem (subscr_getitem.c): its BINARY_SUBSCR hook, and its
 * interned name (0, or -1 with an exception). */
int ff_subscr_getitem_hook(PyObject *container, PyObject *sub, _Py_CODEUNIT *instr, int oparg);
int ff_subscr_getitem_ready(void);
/* Whether code `co` is fivefold's with exactly two positional parameters and
 * nothing else (no *args, **kwargs, keyword-only ones; not a generator or
 * coroutine): a frame ff_push_exact_frame can push with two arguments. */
static inline int
ff_plain_two_parameters(PyCodeObject *co)
{
    return co->co_argcount == 2 && co->co_kwonlyargcount == 0
           && !(co->co_flags & (CO_VARARGS | CO_VARKEYWORDS | CO_GENERATOR | CO_COROUTINE
                                | CO_ASYNC_GENERATOR | CO_ITERABLE_COROUTINE))
           && ff_code_of_shadow(co) != NULL;
}
int ff_load_method_attr_hook(PyObject *owner, PyObject *name, _Py_CODEUNIT *instr, int oparg);
int ff_load_method_lazy_dict_hook(PyObject *owner, PyObject *name, _Py_CODEUNIT *instr, int oparg);
int ff_float_mixed_binary_hook(PyObject *lhs, PyObject *rhs, _Py_CODEUNIT *instr, int oparg);
int ff_float_mixed_compare_hook(PyObject *lhs, PyObject *rhs, _Py_CODEUNIT *instr, int oparg);
extern int ff_str_concat;          /* s2.str_concat */
extern int ff_builtin_ctors;       /* s2.builtin_ctors */
extern int ff_exc_match;           /* s2.exc_match */
extern int ff_inline_await;        /* s2.inline_await */
extern int ff_direct_coroutines;   /* s2.make_coroutine */
extern int ff_inline_generator_calls;   /* s2.inline_generator_calls */

/* s2.inline_await: SEND may resume `receiver` in the loop with `sent`: exactly a
 * coroutine over fivefold code, suspended, or not started with None sent (any
 * other value is gen_send_ex2's TypeError); a running or finished one is the
 * generic path's error to raise. */
static inline int
ff_coroutine_resumable(PyObject *receiver, PyObject *sent)
{
    if (Py_TYPE(receiver) != &PyCoro_Type) {
        return 0;
    }
    PyCoroObject *coro = (PyCoroObject *)receiver;
    return (coro->cr_frame_state == FRAME_SUSPENDED || (coro->cr_frame_state == FRAME_CREATED && sent == Py_None))
           && ff_code_of_shadow(coro->cr_code) != NULL;
}

extern int ff_call_exact_args;     /* s2.call_exact_args */
extern int ff_cheap_frames;        /* s2.cheap_frames */
extern int ff_inline_bound_calls;  /* s2.inline_bound_calls */
extern int ff_call_defaults;       /* s2.call_defaults */
extern int ff_call_varargs;        /* s2.call_varargs */
extern int ff_call_function_ex_on; /* s2.call_function_ex */
extern int ff_generator_exact_args;   /* s2.generator_exact_args */

/* s2.call_exact_args (call_exact_args.c): the CALL cache units that hold the
 * callee's version (units 1-2, FF_EXACT_ARGS_UNIT on), and the value that says
 * a callee seen at the site cannot be called with exact arguments (never a
 * function's version). ff_cache_exact_args checks func (fivefold code, plain
 * positional parameters, not a generator or coroutine), gives it a version if it
 * has none and writes it into the cache: the version, or 0 (FF_NOT_EXACT_ARGS
 * written) when the function cannot be called that way. */
#define FF_EXACT_ARGS_UNIT 1
#define FF_NOT_EXACT_ARGS 0xFFFFFFFFu
uint32_t ff_cache_exact_args(PyFunctionObject *func, _Py_CODEUNIT *cache);
/* Fivefold's own versions count down from FF_NOT_EXACT_ARGS - 1 to
 * FF_LOWEST_VERSION (CPython's count up from 1) and are given only to functions
 * whose code passed ff_cache_exact_args' checks (the code's flags and counts,
 * which cannot change; a setter of __code__ resets the version to 0); the
 * switches those checks read are set once, at import. So a callee whose version
 * is one of them can be cached at a site without checking it again: a site
 * that sees several functions in turn (copy.deepcopy's `copier(x, memo)`)
 * re-caches each one with a compare and a store instead of a call of
 * ff_cache_exact_args (CPython 3.11 backs off to its generic CALL instead,
 * which pushes the frame through the general binding). */
#define FF_LOWEST_VERSION 0x80000000u
#define FF_CHECKED_VERSION(version) ((version) >= FF_LOWEST_VERSION && (version) != FF_NOT_EXACT_ARGS)

/* s2.function_versions (call_exact_args.c): a function of fivefold code with no
 * version takes the one its Code keeps for all its functions (given on first
 * use), so a site that cached one function of a code object also fits the next
 * one MAKE_FUNCTION makes from it (comprehensions, generator expressions, inner
 * functions). 0 when its functions cannot be called with exact arguments
 * (the Code then keeps FF_NOT_EXACT_ARGS) or versions have run out. */
extern int ff_function_versions;
uint32_t ff_code_func_version(FFCode *code, PyCodeObject *shadow);

extern int ff_build_tuple_on;      /* s2.build_tuple */

/* s2.enter_resume (enter_resume.def): a pushed frame whose next unit is a
 * RESUME starts past it when the thread neither traces nor has its eval
 * breaker set, which is all that RESUME would have looked at; the unit after
 * it is dispatched here, without the tracing test DISPATCH would repeat. The
 * switch is the opcode compared with (FF_RESUME when on, -1, which no unit
 * has, when off): one load for both. FF_DISPATCH_UNTRACED: eval_macros.h. */
extern int ff_enter_resume_opcode;
#define FF_ENTER_PAST_RESUME() \
    do { \
        if (FF_OPCODE_AT(next_instr) == ff_enter_resume_opcode && !FF_TRACING() \
            && !ff_eval_breaker_set(tstate)) { \
            next_instr++; \
            opcode = FF_OPCODE_AT(next_instr); \
            oparg = FF_OPARG_AT(next_instr); \
            FF_DISPATCH_UNTRACED(); \
        } \
    } while (0)

/* s2.cheap_frames: the base loop's frame seams (shared/vm/eval_loop.c.h) done
 * inline when the change is on. The recursion level is what CPython's exported
 * Py_EnterRecursiveCall does, on the loop's own tstate (no look-up of the
 * current thread, no call): the same counter, so RecursionError strikes at
 * the same depth, raised limits included. A thread frame with no frame object
 * and no locals dict (nothing outlives the call) is popped by releasing its
 * locals, function and code, one recursion level deeper while finalizers run,
 * as ff_pop_thread_frame does; any other goes through frame.c's general clear. */
#define FF_ENTER_RECURSION() \
    (ff_cheap_frames ? _Py_EnterRecursiveCallTstate(tstate, "") : Py_EnterRecursiveCall(""))
#define FF_LEAVE_RECURSION() \
    do { if (ff_cheap_frames) { tstate->recursion_remaining++; } else { Py_LeaveRecursiveCall(); } } while (0)
#define FF_CHEAP_POP_FITS(frame) \
    (ff_cheap_frames && (frame)->frame_obj == NULL && (frame)->f_locals == NULL)
#define FF_POP_PLAIN_FRAME(tstate, frame) \
    do { \
        if (FF_CHEAP_POP_FITS(frame)) { \
            ff_pop_plain_frame((tstate), (frame)); \
        } \
        else { \
            ff_pop_thread_frame((tstate), (frame)); \
        } \
    } while (0)

/* A returning frame's recursion level and its pop in one step (the base loop's
 * seam): ff_pop_plain_frame's lowered level while finalizers run is the level
 * the frame still holds, so the level is left once, after the clear, instead
 * of raised, lowered and raised again; one test of the switch instead of two. */
#define FF_LEAVE_AND_POP_PLAIN_FRAME(tstate, frame) \
    do { \
        if (FF_CHEAP_POP_FITS(frame)) { \
            ff_leave_plain_frame((tstate), (frame)); \
        } \
        else { \
            FF_LEAVE_RECURSION(); \
            ff_pop_thread_frame((tstate), (frame)); \
        } \
    } while (0)

/* A generator or coroutine that returned in the loop (the base loop's seam):
 * with no frame object and no locals dict its frame is released inline, as a
 * returning plain frame is (its locals, function and code), instead of through
 * frame.c's general clear; the state and the exception state as
 * ff_generator_release leaves them. */
#define FF_RELEASE_RETURNED_GENERATOR(tstate, gen) \
    do { \
        PyGenObject *gen_ = (gen); \
        _PyInterpreterFrame *gen_frame_ = (_PyInterpreterFrame *)gen_->gi_iframe; \
        if (FF_CHEAP_POP_FITS(gen_frame_)) { \
            Py_CLEAR(gen_->gi_exc_state.exc_value); \
            gen_->gi_frame_state = FRAME_CLEARED; \
            ff_clear_plain_frame_locals(gen_frame_); \
        } \
        else { \
            ff_generator_release(gen_); \
        } \
    } while (0)

/* s2.c_entry: the loop is entered by stage 2's own entry (loop.c), or by the
 * default one; both have tested CO_FIVEFOLD (c_entry.h). */
#define FF_CODE_ON_ENTRY(shadow) (ff_c_entry ? ff_code_of_flagged_shadow(shadow) : ff_code_of_shadow(shadow))

/* Inlined into the return and unwind paths (two call sites, which a compiler
 * would otherwise share as a call with its register saves). */
static inline Py_ALWAYS_INLINE void
ff_clear_plain_frame_locals(_PyInterpreterFrame *frame)
{
    PyObject **locals = frame->localsplus;
    /* The count read once: a finalizer run by a decref cannot reach this frame
     * (unlinked, no frame object), so nothing changes its stacktop. */
    int n = frame->stacktop;
    for (int i = 0; i < n; i++) {
        PyObject *local = locals[i];
        if (local != NULL && --local->ob_refcnt == 0) {
            FF_DEALLOC_DROPPED(local);   /* s2.int_freelist (int_freelist.h) */
        }
    }
    Py_DECREF(frame->f_func);
    Py_DECREF(frame->f_code);
}
/* Release and pop a frame that still holds its recursion level, leaving it. */
static inline Py_ALWAYS_INLINE void
ff_leave_plain_frame(PyThreadState *tstate, _PyInterpreterFrame *frame)
{
    ff_clear_plain_frame_locals(frame);
    tstate->recursion_remaining++;
    tstate->datastack_top = (PyObject **)frame;
}
/* The same for a frame whose level was left already: one level deeper again
 * while finalizers run, as ff_pop_thread_frame. */
static inline Py_ALWAYS_INLINE void
ff_pop_plain_frame(PyThreadState *tstate, _PyInterpreterFrame *frame)
{
    tstate->recursion_remaining--;
    ff_leave_plain_frame(tstate, frame);
}

/* s2.make_generator (make_generator.c) and s2.make_coroutine
 * (make_coroutine.c): RETURN_GENERATOR's object made in one call, for the type
 * chosen by the code's kind (FF_GENERATOR_OBJECT_KINDS, as _Py_MakeCoro
 * chooses); the layouts checked once, when the changes are switched on. */
#define FF_GENERATOR_OBJECT_KINDS (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR)
int ff_gen_type_layout_known(PyTypeObject *type);
int ff_coroutine_layouts_known(void);
PyObject *ff_generator_from_frame(_PyInterpreterFrame *frame, PyTypeObject *type);

/* s2.inline_calls (inline_calls.c): a frame for a call of `func` with argv[0..nargs)
 * (the last len(kwnames) of them by keyword) pushed on the thread's data stack,
 * taking over the function's and the arguments' references, or NULL (nothing
 * taken, no exception) when the call must go the generic way: not fivefold code,
 * a generator or coroutine, *args or **kwargs, an argument shape that needs
 * CPython's binding or its error message, or no room in the stack chunk. */
#define FF_GENERATOR_KINDS (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR | CO_ITERABLE_COROUTINE)
_PyInterpreterFrame *ff_push_frame(PyThreadState *tstate, PyFunctionObject *func, PyObject **argv, int nargs,
                                   PyObject *kwnames, int refused);
static inline _PyInterpreterFrame *
ff_push_py_frame(PyThreadState *tstate, PyFunctionObject *func, PyObject **argv, int nargs, PyObject *kwnames)
{
    /* Refused before the call: CALL_PY_FUNCTION tries this push first, then the
     * generator one (s2.inline_generator_calls), for every generator call. */
    if (((PyCodeObject *)func->func_code)->co_flags & FF_GENERATOR_KINDS) {
        return NULL;
    }
    return ff_push_frame(tstate, func, argv, nargs, kwnames, FF_GENERATOR_KINDS);
}

/* s2.call_function_ex (call_function_ex.c): the frame of `func(*callargs,
 * **kwargs)` (kwargs may be NULL) for a fivefold function or a bound method of
 * one, bound as ff_push_py_frame binds a CALL's arguments, holding new
 * references of its own; NULL (nothing taken, no exception) when the call must
 * take the base instruction. At most FF_EX_MAX_ARGS arguments (self, items and
 * keywords together), gathered on the C stack. */
#define FF_EX_MAX_ARGS 32
_PyInterpreterFrame *ff_push_ex_frame(PyThreadState *tstate, PyObject *func, PyObject *callargs, PyObject *kwargs);

/* s2.inline_calls (inline_calls.c): the checks of ff_push_py_frame that need no
 * binding (code flags in `refused` refuse too); the frame's size in words, or 0
 * when it cannot be pushed. */
size_t ff_frame_size(PyThreadState *tstate, PyFunctionObject *func, int nargs, PyObject *kwnames, int refused);
static inline size_t
ff_frame_possible(PyThreadState *tstate, PyFunctionObject *func, int nargs, PyObject *kwnames)
{
    return ff_frame_size(tstate, func, nargs, kwnames, FF_GENERATOR_KINDS);
}

/* s2.inline_generator_calls (inline_generator_calls.c): the frame of a call of
 * a generator, coroutine or async generator function of fivefold code, pushed
 * as ff_push_py_frame pushes a plain function's (its RETURN_GENERATOR runs in
 * the loop and hands the new object back to the caller); NULL (nothing taken,
 * no exception) for any other function or what ff_push_py_frame refuses. */
_PyInterpreterFrame *ff_push_generator_frame(PyThreadState *tstate, PyFunctionObject *func, PyObject **argv,
                                             int nargs, PyObject *kwnames);

/* s2.inline_init (inline_init.c): for CALL_PY_CLASS of cls with args[0..nargs)
 * (args[-1] is cls's stack slot): the frame of cls.__init__ with a new object
 * first, and *self_out a second reference to it for the caller's stack; or NULL
 * with *self_out NULL (nothing done: stage 1's path), FF_INIT_FAILED (an
 * exception is set; the stack is as it was), or the object itself (__init__ ran
 * the generic way and returned None; the stack still holds the arguments). */
#define FF_INIT_FAILED ((PyObject *)(uintptr_t)1)
int ff_inline_init_ready(void);
_PyInterpreterFrame *ff_push_init_frame(PyThreadState *tstate, PyTypeObject *cls, PyObject **args, int nargs,
                                        PyObject *kwnames, PyObject **self_out);

/* The recursion level a class call took (ff_push_init_frame) is given back when
 * its __init__ frame unwinds into the caller, whose resume point is then the
 * EXIT_INIT_CHECK that would have given it back. */
#define FF_ON_UNWIND_INTO_CALLER() \
    do { if (_Py_OPCODE(*next_instr) == FF_EXIT_INIT_CHECK) { Py_LeaveRecursiveCall(); } } while (0)

/* A generator resumed in the loop returned to a resume point that takes its end
 * itself: s2.collect_generators' COLLECT_STEP (written only into a CALL's cache
 * unit, so no FOR_ITER's or SEND's resume point is one). */
#define FF_GENERATOR_RETURNS_TO_STEP() (_Py_OPCODE(*next_instr) == FF_COLLECT_STEP)
#include "collect_generators.h"

/* FF_BRANCH_ON(truth): s2.compare_branch's body, for a comparison op whose
 * inputs `left` and `right` are ints, floats or strs (releasing them runs no
 * code). When the next instruction (after this one's caches) is a conditional
 * jump of the POP_JUMP_*_IF_FALSE/TRUE families, pop the operands and do that
 * jump on `truth` (relative to the end of the jump and its cache, as it would);
 * otherwise nothing happens and the comparison makes its bool. */
#define FF_BRANCH_ON(truth) \
    do { \
        const _Py_CODEUNIT *jump_ = &next_instr[ff_cache_size[opcode]]; \
        int kind_ = ff_deopt[FF_OPCODE_AT(jump_)]; \
        int forward_ = kind_ == FF_POP_JUMP_FORWARD_IF_FALSE || kind_ == FF_POP_JUMP_FORWARD_IF_TRUE; \
        if (forward_ || kind_ == FF_POP_JUMP_BACKWARD_IF_FALSE || kind_ == FF_POP_JUMP_BACKWARD_IF_TRUE) { \
            int on_true_ = kind_ == FF_POP_JUMP_FORWARD_IF_TRUE || kind_ == FF_POP_JUMP_BACKWARD_IF_TRUE; \
            int taken_ = (truth) ? on_true_ : !on_true_; \
            Py_DECREF(left); \
            Py_DECREF(right); \
            STACK_SHRINK(2); \
            if (taken_ && !forward_) { \
                CHECK_EVAL_BREAKER(); \
            } \
            JUMPBY(ff_cache_size[opcode] + 1 + ff_cache_size[FF_OPCODE_AT(jump_)]); \
            if (taken_) { \
                JUMPBY(forward_ ? FF_OPARG_AT(jump_) : -FF_OPARG_AT(jump_)); \
            } \
            DISPATCH(); \
        } \
    } while (0)

/* Filling a new frame's locals: plain loops over the few words a frame has.
 * Written as `for` loops, GCC turns the NULL fill into a call of memset (made
 * even when nothing is to be filled, with the loop's live registers spilled
 * around it: about 30 instructions a call of `g(i)` for `def g(a, b=2)`) and
 * the copy into a vectorized loop with a prologue (14 instructions for two
 * arguments). The empty asm makes the index opaque to the optimizer, so
 * neither happens; it emits nothing. */
#if defined(__GNUC__)
#  define FF_OPAQUE_INDEX(i) __asm__("" : "+r"(i))
#else
#  define FF_OPAQUE_INDEX(i) ((void)0)
#endif
static inline Py_ALWAYS_INLINE void
ff_fill_null(PyObject **slots, int from, int to)
{
    for (int i = from; i < to; i++) {
        slots[i] = NULL;
        FF_OPAQUE_INDEX(i);
    }
}
static inline Py_ALWAYS_INLINE void
ff_copy_refs(PyObject **restrict dst, PyObject *const *restrict src, int n)
{
    for (int i = 0; i < n; i++) {
        dst[i] = src[i];
        FF_OPAQUE_INDEX(i);
    }
}

/* The frame of a call of `func` with exactly co_argcount positional arguments
 * argv[0..nargs), pushed on the data stack (taking over the function's and the
 * arguments' references, the other locals NULL), or NULL (nothing taken) when
 * the stack chunk has no room. The caller has checked that func can be called
 * this way (s2.call_exact_args: its cached version; s2.subscr_getitem: the
 * code's flags and counts). */
static inline FF_HOT_INLINE _PyInterpreterFrame *
ff_push_exact_frame(PyThreadState *tstate, PyFunctionObject *func, PyObject **argv, int nargs)
{
    PyCodeObject *co = (PyCodeObject *)func->func_code;
    /* 3.11's frame size (_PyFrame_Push): specials, locals and cells, value stack. */
    size_t size = (size_t)co->co_nlocalsplus + co->co_stacksize + FRAME_SPECIALS_SIZE;
    if (!_PyThreadState_HasStackSpace(tstate, size)) {
        return NULL;
    }
    _PyInterpreterFrame *frame = (_PyInterpreterFrame *)tstate->datastack_top;
    tstate->datastack_top += size;
    /* The stack's references, taken over (distinct memory: the frame is above
     * the caller's stack). */
    ff_copy_refs(frame->localsplus, argv, nargs);
    ff_fill_null(frame->localsplus, nargs, co->co_nlocalsplus);
    _PyFrame_InitializeSpecials(frame, func, NULL, co->co_nlocalsplus);   /* takes func */
    return frame;
}

/* FF_ENTER_FRAME(popped): leave the instruction for new_frame, which owns what
 * the top `popped` stack entries held; the caller resumes after the
 * instruction's caches (shared/vm/eval_loop.c.h, enter_frame). */
#define FF_ENTER_FRAME(popped) \
    do { STACK_SHRINK(popped); JUMPBY(ff_cache_size[opcode]); goto enter_frame; } while (0)

/* FF_FLOAT_RESULT_IN_PLACE(value): s2.float_reuse's body, for an op whose inputs
 * are the exact floats `left` and `right`: when one of them is referred to by the
 * value stack alone, it becomes the result (the other is released) and the
 * instruction ends here; otherwise nothing happens and the generic member runs. */
#define FF_FLOAT_RESULT_IN_PLACE(value) \
    do { \
        PyObject *reused_ = Py_REFCNT(left) == 1 ? left : Py_REFCNT(right) == 1 ? right : NULL; \
        if (reused_ != NULL) { \
            ((PyFloatObject *)reused_)->ob_fval = (value); \
            Py_DECREF(reused_ == left ? right : left); \
            STACK_SHRINK(1); \
            stack_pointer[-1] = reused_; \
            JUMPBY(ff_cache_size[opcode]); \
            DISPATCH(); \
        } \
    } while (0)

/* s2.builtin_ctors (builtin_ctors.c): int(arg), float(arg) or tuple(arg) for cls
 * exactly that class; a new reference, or NULL with an exception. */
PyObject *ff_construct_builtin_1(PyTypeObject *cls, PyObject *arg);

/* FF_CALL_DONE(res): end a CALL (any member) with res, a new reference or NULL
 * with an exception: the callable, self or NULL and the arguments are released
 * and replaced by res, and the next instruction follows the caches. */
#define FF_CALL_DONE(res) \
    do { \
        PyObject *res_ = (res); \
        for (int i_ = 0; i_ < oparg; i_++) { \
            FF_DECREF_DROPPED(args[i_]); \
        } \
        Py_DECREF(callable_or_self); \
        Py_XDECREF(method_or_null); \
        STACK_SHRINK(oparg + 2); \
        if (res_ == NULL) { \
            goto error; \
        } \
        STACK_GROW(1); \
        stack_pointer[-1] = res_; \
        JUMPBY(ff_cache_size[opcode]); \
        DISPATCH(); \
    } while (0)

/* FF_APPEND_IF_STORED_BACK(): s2.str_concat's body, for an addition whose inputs
 * `left` and `right` are exact strs. When the next instruction (after this one's
 * caches) stores into a local that holds `left` itself, the stack's reference to
 * `left` is dropped (the local keeps it alive), PyUnicode_Append extends the
 * local's string (in place when the local is its only reference), and the store
 * is skipped: its second half runs when it is STORE_FAST__LOAD_FAST or
 * __STORE_FAST. On failure the local is unbound, as PyUnicode_Append leaves it
 * (CPython 3.11 does the same). Otherwise nothing happens. */
#define FF_APPEND_IF_STORED_BACK() \
    do { \
        _Py_CODEUNIT store_ = next_instr[ff_cache_size[opcode]]; \
        int op_ = _Py_OPCODE(store_); \
        if ((op_ == FF_STORE_FAST || ff_deopt[op_] == FF_STORE_FAST) && GETLOCAL(_Py_OPARG(store_)) == left) { \
            PyObject **target_ = &GETLOCAL(_Py_OPARG(store_)); \
            Py_DECREF(left); \
            PyUnicode_Append(target_, right); \
            Py_DECREF(right); \
            STACK_SHRINK(2); \
            if (*target_ == NULL) { \
                goto error; \
            } \
            JUMPBY(ff_cache_size[opcode] + 1); \
            DISPATCH(); \
        } \
    } while (0)

#endif
