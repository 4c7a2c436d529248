/* Adaptive specialization (stage 1, CPython 3.11's PEP 659 in fivefold):
 * counters, the per-family switches, statistics, and the specializers that
 * stage1/vm/<family>.c define.
 *
 * Every specializable instruction (the base of a `family` in the definitions)
 * has at least one inline cache unit; the first holds its adaptive counter: a
 * 12-bit value above a 4-bit back-off exponent, as in CPython 3.12. The generic
 * instruction counts down; at zero it calls its family's specializer, which
 * rewrites the opcode to a specialized member (counter: cool-down) or leaves
 * the generic one with a longer back-off. A specialized member whose guard
 * fails runs the generic body, which counts down the same counter: repeated
 * misses re-specialize it (docs/engine.md, "Stage 1"). */
#ifndef FIVEFOLD_SPECIALIZE_H
#define FIVEFOLD_SPECIALIZE_H

#include "code.h"
#include "generated/opcode_ids.h"
#include <stdint.h>

#define FF_BACKOFF_BITS 4
#define FF_MAX_BACKOFF 12
/* Specialize on the second execution (CPython 3.12's warm-up value). */
#define FF_WARMUP_VALUE 1
/* After a specialization: this many misses before re-specializing. */
#define FF_COOLDOWN_VALUE 52

static inline uint16_t ff_counter_bits(unsigned value, unsigned backoff) {
    return (uint16_t)((value << FF_BACKOFF_BITS) | backoff);
}
#define FF_COUNTER_IS_ZERO(c) (((c) >> FF_BACKOFF_BITS) == 0)
#define FF_COUNTER_DECREMENT(c) ((c) -= (1 << FF_BACKOFF_BITS))
static inline uint16_t ff_counter_warmup(void) { return ff_counter_bits(FF_WARMUP_VALUE, 1); }
static inline uint16_t ff_counter_cooldown(void) { return ff_counter_bits(FF_COOLDOWN_VALUE, 0); }
/* A switched-off family: as far from zero as the counter goes, at most back-off. */
static inline uint16_t ff_counter_never(void) { return ff_counter_bits(4095, FF_MAX_BACKOFF); }
static inline uint16_t ff_counter_backoff(uint16_t counter) {
    unsigned backoff = counter & ((1 << FF_BACKOFF_BITS) - 1);
    if (backoff < FF_MAX_BACKOFF) {
        backoff++;
    }
    return ff_counter_bits((1u << backoff) - 1, backoff);
}

/* Per-family switches, indexed by the family's generic opcode: set at import
 * from the change registry (FIVEFOLD_STAGE / FIVEFOLD_WITHOUT / FIVEFOLD_WITH)
 * through the seam (adaptive.c's configure). */
extern unsigned char ff_family_enabled[256];

/* SPECIALIZE(FAMILY, call): the body of a family's specializing micro-op
 * (_SPECIALIZE_<FAMILY> in its .def), composed in front of the base VM's
 * generic instruction and run only on the adaptive loop. The counter is the
 * instruction's first cache unit (next_instr[0]). At zero, `call` (the
 * family's specializer, given next_instr - 1) rewrites the instruction, which
 * then runs again; otherwise count down and go on to the generic body. */
#define SPECIALIZE(FAMILY, call) \
    do { \
        if (FF_COUNTER_IS_ZERO(next_instr[0])) { \
            /* Not while tracing: the generic instruction runs (and stays \
             * due) until tracing stops, as every traced one must. */ \
            if (!FF_TRACING()) { \
                if (opcode != FF_##FAMILY) { STAT_DEOPT(FF_##FAMILY); } \
                call; \
                next_instr--; \
                goto dispatch_same_oparg; \
            } \
        } \
        else { \
            FF_COUNTER_DECREMENT(next_instr[0]); \
        } \
    } while (0)

/* A type's version tag, 0 if it has none: the guard value of the members that
 * depend on a class (take it after a _PyType_Lookup, which assigns one when it
 * can; PyType_Modified clears it). */
static inline uint32_t ff_type_version(PyTypeObject *type) {
    return (type->tp_flags & Py_TPFLAGS_VALID_VERSION_TAG) ? type->tp_version_tag : 0;
}

/* superinstructions.c: write FIRST__SECOND over pairs (s1.superinstructions). */
void ff_insert_superinstructions(FFCode *code);

/* Statistics (statistics build only; the macros vanish otherwise). */
#define FF_MAX_FAILURE_KINDS 16
typedef struct {
    unsigned long long specialized_runs;   /* executions of specialized members */
    unsigned long long misses;             /* guards that failed (generic body ran) */
    unsigned long long deopts;             /* re-specializations after misses */
    unsigned long long successes;          /* specializer calls that specialized */
    unsigned long long failures;           /* ... that did not */
    const char *failure_kind[FF_MAX_FAILURE_KINDS];
    unsigned long long failure_count[FF_MAX_FAILURE_KINDS];
} ff_family_stats;
#ifdef FIVEFOLD_STATS
extern ff_family_stats ff_spec_stats[256];
void ff_stat_failure(int family, const char *kind);
#define STAT_SPECIALIZED(family) (ff_spec_stats[(family)].specialized_runs++)
#define STAT_MISS(family) (ff_spec_stats[(family)].misses++)
#define STAT_DEOPT(family) (ff_spec_stats[(family)].deopts++)
#define STAT_SUCCESS(family) (ff_spec_stats[(family)].successes++)
#define STAT_FAILURE(family, kind) ff_stat_failure((family), (kind))
#else
#define STAT_SPECIALIZED(family) ((void)0)
#define STAT_MISS(family) ((void)0)
#define STAT_DEOPT(family) ((void)0)
#define STAT_SUCCESS(family) ((void)0)
#define STAT_FAILURE(family, kind) ((void)(kind))
#endif

/* What a specializer does with its instruction: `instr` is the opcode unit,
 * instr[1] the counter. */
static inline void
ff_specialize_to(_Py_CODEUNIT *instr, int family, int opcode)
{
    _Py_SET_OPCODE(*instr, opcode);
    instr[1] = ff_counter_cooldown();
    STAT_SUCCESS(family);
}

static inline void
ff_specialize_fail(_Py_CODEUNIT *instr, int family, const char *kind)
{
    _Py_SET_OPCODE(*instr, family);
    instr[1] = ff_family_enabled[family] ? ff_counter_backoff(instr[1]) : ff_counter_never();
    STAT_FAILURE(family, kind);
}

/* Members that later stages add to stage 1's families (`family(X) += {...};` in
 * their .def): a later stage registers, from its configure(), a hook for each
 * family it adds to while its change is on. When stage 1's own specializer of X
 * finds no member, it asks the hooks in the order they were registered; the
 * first that rewrites the instruction (ff_specialize_to) wins, else stage 1's
 * failure (opcode and back-off) stands. A specializer that can tell a
 * polymorphic site (its member for one class just gave way to one for
 * another) asks them too, and a hook may then replace stage 1's new member. A switched-off change registers no hook,
 * so stage 1 then behaves exactly as on its own. A hook returns 1 when it
 * specialized, 0 otherwise; it never raises and leaves the operands as they are.
 * Operands: the owner and the name for LOAD_ATTR, LOAD_METHOD and STORE_ATTR
 * (oparg 0); the two operands and the operator for BINARY_OP. */
typedef int (*ff_family_hook)(PyObject *first, PyObject *second, _Py_CODEUNIT *instr, int oparg);
#define FF_MAX_FAMILY_HOOKS 4
/* Add (on) or remove (!on) `hook` for `family`; adding one already there does
 * nothing. -1 with an exception set when the family has no free slot. */
int ff_set_family_hook(int family, ff_family_hook hook, int on);
/* The last step of stage 1's specializer of `family`: if it left `instr` the
 * generic instruction, or the site is `polymorphic`, ask the hooks (when the
 * family is on). */
void ff_ask_family_hooks(int family, PyObject *first, PyObject *second, _Py_CODEUNIT *instr, int oparg,
                         int polymorphic);

/* The specializers, one per family (stage1/vm/<family>.c). Each looks at the
 * operands the generic instruction is about to work on and rewrites `instr`;
 * none raises or changes the operands. */
void ff_specialize_binary_op(PyObject *lhs, PyObject *rhs, _Py_CODEUNIT *instr, int oparg);
void ff_specialize_compare_op(PyObject *left, PyObject *right, _Py_CODEUNIT *instr, int oparg);
void ff_specialize_truth(PyObject *value, _Py_CODEUNIT *instr, int family);
void ff_specialize_load_attr(PyObject *owner, _Py_CODEUNIT *instr, PyObject *name);
void ff_specialize_load_method(PyObject *owner, _Py_CODEUNIT *instr, PyObject *name);
void ff_specialize_store_attr(PyObject *owner, _Py_CODEUNIT *instr, PyObject *name);
void ff_specialize_load_global(PyObject *globals, PyObject *builtins, _Py_CODEUNIT *instr, PyObject *name);
void ff_specialize_binary_subscr(PyObject *container, PyObject *sub, _Py_CODEUNIT *instr);
void ff_specialize_store_subscr(PyObject *container, PyObject *sub, _Py_CODEUNIT *instr);
void ff_specialize_call(PyObject *callable, PyObject *self_or_null, _Py_CODEUNIT *instr, int nargs, PyObject *kwnames);
void ff_specialize_for_iter(PyObject *iter, _Py_CODEUNIT *instr);
void ff_specialize_unpack_sequence(PyObject *seq, _Py_CODEUNIT *instr, int oparg);

#endif
