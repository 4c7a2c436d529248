/* The vocabulary of instruction bodies and generated cases, shared by every
 * loop (tier 0 in eval.c, each stage's loop in its stageN/vm/loop.c): dispatch,
 * stack, jumps, locals, the eval breaker. Included once per loop's C file,
 * before eval_loop.c.h. A stage adds words of its own in its own headers
 * (the adaptive stage's SPECIALIZE, say). */
#ifndef FIVEFOLD_EVAL_MACROS_H
#define FIVEFOLD_EVAL_MACROS_H

#include "vm_internal.h"
#include "generated/opcode_ids.h"

#ifdef FIVEFOLD_STATS
#define FF_STAT_INC(op) (ff_opcode_counts[(op)]++)
#else
#define FF_STAT_INC(op) ((void)0)
#endif

/* Dispatch. With GCC or clang each instruction ends by jumping straight to the
 * next one's code through a table of label addresses (computed gotos, as
 * CPython 3.10 and 3.11 do: one indirect jump per instruction, which the
 * branch predictor learns per instruction); elsewhere a plain switch. */
#if defined(__GNUC__) && !defined(FF_NO_COMPUTED_GOTOS)
#  define FF_COMPUTED_GOTOS 1
#  define TARGET(op) TARGET_##op: case FF_##op:
#  define DISPATCH() \
    do { \
        opcode = FF_OPCODE_AT(next_instr); \
        oparg = FF_OPARG_AT(next_instr); \
        if (FF_TRACING()) { \
            next_instr++; \
            goto do_tracing; \
        } \
        FF_DISPATCH_UNTRACED(); \
    } while (0)
/* The unit at next_instr, whose opcode and oparg are read, run without the
 * tracing test: for a path that has just made it (s2.enter_resume's). */
#  define FF_DISPATCH_UNTRACED() \
    do { frame->prev_instr = next_instr++; FF_STAT_INC(opcode); goto *opcode_targets[opcode]; } while (0)
#else
#  define FF_COMPUTED_GOTOS 0
#  define TARGET(op) case FF_##op:
#  define DISPATCH() goto dispatch
#  define FF_DISPATCH_UNTRACED() do { next_instr++; goto dispatch_opcode; } while (0)
#endif
/* Is sys.settrace or sys.setprofile on for this thread (and no trace function
 * running)? The thread's current cframe says so as CPython 3.11's loop reads
 * it (0 or 255): the one this loop was entered on, which CPython's own loops
 * update on their way back and PyThreadState_EnterTracing clears. */
#define FF_TRACING() (cframe->use_tracing)
/* The unit of the instruction about to run (CPython reads prev_instr for
 * f_lasti, line numbers and generators): the bytecode runs in the shadow code
 * object's own code array, so it is CPython's position too, as in 3.11's
 * INSTRUCTION_START. */
#define SET_PREV_INSTR() (frame->prev_instr = next_instr - 1)
#define PREDICTED(op) PREDICTED_##op: ;
#define JUMPBY(n) (next_instr += (n))
#define STACK_GROW(n) (stack_pointer += (n))
#define STACK_SHRINK(n) (stack_pointer -= (n))
/* Inline cache readers: read_u32/read_u64 come from pycore_code.h; 3.11 has no
 * 16-bit one (its caches read single units directly), so here it is. */
static inline uint16_t read_u16(const uint16_t *p) { return *p; }

#define GETLOCAL(i) (frame->localsplus[(i)])
/* SETLOCAL's release of the local's old value. A stage's loop may define
 * FF_DEALLOC_DROPPED(o) before this header: what happens to an old value whose
 * count reached zero (stage 2's s2.int_freelist, stage2/vm/int_freelist.h);
 * other loops keep Py_XDECREF. */
#ifdef FF_DEALLOC_DROPPED
#define SETLOCAL(i, value) do { PyObject *old_ = GETLOCAL(i); GETLOCAL(i) = (value); \
                                if (old_ != NULL && --old_->ob_refcnt == 0) { \
                                    FF_DEALLOC_DROPPED(old_); \
                                } } while (0)
#else
#define SETLOCAL(i, value) do { PyObject *old_ = GETLOCAL(i); GETLOCAL(i) = (value); \
                                Py_XDECREF(old_); } while (0)
#endif
/* DECREF_INPUTS() (tools/cases_generator) releases each consumed input with
 * FF_DECREF_INPUT, and the CALL members their arguments with FF_DECREF_DROPPED
 * (never NULL): Py_XDECREF and Py_DECREF, or with FF_DEALLOC_DROPPED that seam
 * for a reference whose count reaches zero. */
#ifdef FF_DEALLOC_DROPPED
#define FF_DECREF_INPUT(o) do { PyObject *in_ = (o); \
                                if (in_ != NULL && --in_->ob_refcnt == 0) { \
                                    FF_DEALLOC_DROPPED(in_); \
                                } } while (0)
#define FF_DECREF_DROPPED(o) do { PyObject *in_ = (o); \
                                  if (--in_->ob_refcnt == 0) { \
                                      FF_DEALLOC_DROPPED(in_); \
                                  } } while (0)
#else
#define FF_DECREF_INPUT(o) Py_XDECREF(o)
#define FF_DECREF_DROPPED(o) Py_DECREF(o)
#endif
/* FF_CHEAP_C_CALLS: whether the bodies may do inline what CPython's generic
 * paths do through exported functions (stage1/vm/call.h lists what); 0 unless
 * a later stage's loop defines it before this header (stage 2's
 * s2.cheap_c_calls: stage2/vm/cheap_c_calls.h, a switch read at run time). */
#ifndef FF_CHEAP_C_CALLS
#define FF_CHEAP_C_CALLS 0
#endif

/* FF_LIST_APPEND_TAKE(list, v): append v to the exact list `list`, taking the
 * caller's reference to v; 0, or -1 with an exception. With FF_CHEAP_C_CALLS a
 * list with room stores v in place (ff_list_append_take_ref, vm_internal.h);
 * otherwise PyList_Append. */
#define FF_LIST_APPEND_TAKE(list, v) \
    (FF_CHEAP_C_CALLS ? ff_list_append_take_ref((list), (v)) : ff_list_append_take((list), (v)))

/* FF_ON_LOOP_BACK(): run by every backward jump that checks the eval breaker
 * (JUMP_BACKWARD_BY in the definitions), after the jump, with next_instr at the
 * loop's head and the stack consistent. Stage 3's loop counts hot loops there
 * (stage3/vm/stage3.h); nothing in the other loops. */
#ifndef FF_ON_LOOP_BACK
#define FF_ON_LOOP_BACK() ((void)0)
#endif

/* Signals, pending calls, GIL drop requests; checked on backward jumps and at
 * function entry. The stack must be consistent where this is used. */
#define CHECK_EVAL_BREAKER() \
    do { if (ff_eval_breaker_set(tstate) && ff_handle_pending(tstate) != 0) goto error; } while (0)

#endif
