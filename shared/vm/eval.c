/* The tier-0 evaluator: a PEP 523 frame evaluator that runs fivefold code on
 * CPython's own _PyInterpreterFrame (docs/engine.md sections 1-2).
 *
 * A plain `switch` over the generated cases. Tier 0 runs every operation through
 * the generic C API: the honest baseline later stages are measured against.
 * Stage 1's adaptive loop is the same loop compiled with FF_ADAPTIVE 1. */
#include "vm_internal.h"
#include "opcode_ids.h"
#include "specialize.h"
#include "stage1.h"

#ifdef FIVEFOLD_STATS
unsigned long long ff_opcode_counts[256];
#define FF_STAT_INC(op) (ff_opcode_counts[(op)]++)
#else
#define FF_STAT_INC(op) ((void)0)
#endif

/* ---- The vocabulary of instructions.def bodies and the generated cases */
/* Dispatch. With GCC or clang each instruction ends by jumping straight to the
 * next one's code through a table of label addresses (computed gotos, as
 * CPython 3.10 and 3.11 do: one indirect jump per instruction, which the
 * branch predictor learns per instruction); elsewhere a plain switch. */
#if defined(__GNUC__) && !defined(FF_NO_COMPUTED_GOTOS)
#  define FF_COMPUTED_GOTOS 1
#  define TARGET(op) TARGET_##op: case FF_##op:
#  define DISPATCH() \
    do { \
        opcode = _Py_OPCODE(*next_instr); \
        oparg = _Py_OPARG(*next_instr); \
        next_instr++; \
        SET_PREV_INSTR(); \
        FF_STAT_INC(opcode); \
        goto *opcode_targets[opcode]; \
    } while (0)
#else
#  define FF_COMPUTED_GOTOS 0
#  define TARGET(op) case FF_##op:
#  define DISPATCH() goto dispatch
#endif
/* The shadow unit of the instruction about to run (CPython reads prev_instr
 * for f_lasti, line numbers and generators): fivefold's copy of the bytecode
 * and the shadow's have the same layout, a fixed byte distance apart. */
#define SET_PREV_INSTR() \
    (frame->prev_instr = (_Py_CODEUNIT *)((char *)next_instr + shadow_delta) - 1)
#define PREDICTED(op) PREDICTED_##op: ;
#define JUMPBY(n) (next_instr += (n))
#define STACK_GROW(n) (stack_pointer += (n))
#define STACK_SHRINK(n) (stack_pointer -= (n))
/* Inline cache readers: read_u32/read_u64 come from pycore_code.h; 3.11 has no
 * 16-bit one (its caches read single units directly), so here it is. */
static inline uint16_t read_u16(const uint16_t *p) { return *p; }

#define GETLOCAL(i) (frame->localsplus[(i)])
#define SETLOCAL(i, value) do { PyObject *old_ = GETLOCAL(i); GETLOCAL(i) = (value); \
                                Py_XDECREF(old_); } while (0)
/* Signals, pending calls, GIL drop requests; checked on backward jumps and at
 * function entry. The stack must be consistent where this is used. */
#define CHECK_EVAL_BREAKER() \
    do { if (ff_eval_breaker_set(tstate) && ff_handle_pending(tstate) != 0) goto error; } while (0)
/* SPECIALIZE(FAMILY, call): the adaptive step at the top of a generic
 * instruction whose first cache unit is its counter. At zero, `call` (the
 * family's specializer, given next_instr - 1) rewrites the instruction, which
 * then runs again; otherwise count down and run the generic body. On the
 * tier-0 loop it is nothing at all. */
#define SPECIALIZE(FAMILY, call) \
    do { \
        if (FF_ADAPTIVE) { \
            if (FF_COUNTER_IS_ZERO(next_instr[0])) { \
                if (opcode != FF_##FAMILY) { STAT_DEOPT(FF_##FAMILY); } \
                call; \
                next_instr--; \
                goto dispatch_same_oparg; \
            } \
            FF_COUNTER_DECREMENT(next_instr[0]); \
        } \
    } while (0)

#define FF_ADAPTIVE 0
#define FF_RUN_FRAME run_tier0_frame
#include "eval_loop.c.h"
#undef FF_ADAPTIVE
#undef FF_RUN_FRAME

#define FF_ADAPTIVE 1
#define FF_RUN_FRAME run_adaptive_frame
#include "eval_loop.c.h"
#undef FF_ADAPTIVE
#undef FF_RUN_FRAME



PyObject *
ff_eval_frame(PyThreadState *tstate, _PyInterpreterFrame *frame, int throwflag)
{
    /* One C stack check for every frame, CPython's too: deep recursion under a
     * raised recursion limit gives RecursionError instead of a crash. */
    if (ff_c_stack_exhausted(tstate)) {
        return NULL;
    }
    if (frame->f_code->co_flags & CO_FIVEFOLD) {
        return ff_adaptive ? run_adaptive_frame(tstate, frame, throwflag)
                           : run_tier0_frame(tstate, frame, throwflag);
    }
    return _PyEval_EvalFrameDefault(tstate, frame, throwflag);
}
