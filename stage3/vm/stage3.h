/* Stage 3's words in its loop (loop.c, after stage 2's headers) and the
 * interface of its parts: the hot-loop counters (hot.c), the recorder
 * (record.c), the trace store (traces.c), the optimizer's passes and what
 * Python sees of the traces (api.c).
 *
 * Rules of this file:
 * - The hooks below are the base loop's seams (eval_macros.h, eval_loop.c.h):
 *   FF_ON_LOOP_BACK at every counted back edge, FF_ON_TRACING_TEST at the top
 *   of do_tracing, FF_ON_ERROR at `error`, FF_ON_LEAVE_LOOP before a run of
 *   the loop gives its cframe back. Nothing else of the loop changes.
 * - Recording rides on the tracing flag: FF_RECORDING in the loop's own
 *   cframe while the thread has no trace or profile function means "this
 *   thread records". It is set only while neither is on, and cleared by the
 *   loop that sees the recording end, or sees the flag with no function and
 *   no recording of its thread. */
#ifndef FIVEFOLD_STAGE3_H
#define FIVEFOLD_STAGE3_H

#include "vm_internal.h"
#include "generated/opcode_ids.h"
#include "generated/uop_ids.h"   /* micro-op numbers and facts (a later stage's loop includes this too) */

typedef struct ff_trace ff_trace;   /* traces.c's, below */

/* use_tracing's value while the thread records: CPython's own "tracing", 255,
 * because CPython 3.11's loop ORs the flag into each opcode (255 is its
 * DO_TRACING), and a loop of CPython's that a recorded iteration calls into
 * (a C function calling back a non-fivefold function) inherits it. Whose
 * flag it is, the thread's trace function says (FF_NO_TRACE_FUNCTION). */
#define FF_RECORDING 255

/* ---- hot.c: counters and loop heads ---- */

/* Counters of back edges, indexed by the head's address (LuaJIT's hotcount:
 * no instruction's layout changes; two loops sharing a slot only get hot
 * sooner). */
#define FF_HOT_SLOTS 4096
#define FF_HOT_SLOT(instr) ((((uintptr_t)(instr)) >> 1) & (FF_HOT_SLOTS - 1))
extern uint16_t ff_hot_counts[FF_HOT_SLOTS];
extern uint16_t ff_hot_threshold;    /* back edges that make a head hot (knob) */
extern int ff_record_on;             /* s3.record */

/* A loop head's state: what happened when it got hot. */
typedef enum {
    FF_HEAD_NEW = 0,       /* not recorded yet, or its recordings aborted fewer than the limit */
    FF_HEAD_TRACED,        /* it has a trace */
    FF_HEAD_BLACKLISTED,   /* FF_HEAD_MAX_ATTEMPTS recordings aborted: not tried again */
} ff_head_state;
#define FF_HEAD_MAX_ATTEMPTS 4

typedef struct {
    PyCodeObject *code;    /* strong; NULL: a free slot */
    int offset;            /* the head's unit */
    ff_head_state state;
    int attempts;          /* recordings that aborted */
    int trace;             /* its trace's id, when traced */
} ff_loop_head;

/* The head at (code, offset), made if new; NULL (with an exception) only if
 * there is no memory. */
ff_loop_head *ff_head_get(PyCodeObject *code, int offset);
/* The head at (code, offset) if known, else NULL (no exception). */
ff_loop_head *ff_head_find(PyCodeObject *code, int offset);
void ff_heads_clear(void);
Py_ssize_t ff_heads_count(ff_head_state state);

/* ---- record.c: the recorder ---- */

/* A loop head got hot (FF_ON_LOOP_BACK): start recording its next iteration if
 * the recorder is free and the head wants a trace. 1: the caller sets
 * FF_RECORDING in its cframe. */
int ff_record_start(PyThreadState *tstate, _PyInterpreterFrame *frame, _Py_CODEUNIT *head);
/* The executor left `parent` at micro-op k often (in the frame of k's
 * instruction, `frame`, with next_instr where the loop goes on): start
 * recording a side trace from there, up to the loop's head (trace trees). 1:
 * the caller sets FF_RECORDING. */
int ff_record_start_side(PyThreadState *tstate, _PyInterpreterFrame *frame, ff_trace *parent, int k);
/* The instruction at instr (opcode and oparg as dispatched) is about to run in
 * a recording run of the loop: 1 to go on recording, 0 when the recording has
 * ended (the caller clears FF_RECORDING; the instruction runs either way). */
int ff_record_instr(PyThreadState *tstate, _PyInterpreterFrame *frame, _Py_CODEUNIT *instr,
                    int opcode, int oparg);
/* The recording this thread makes, if any, ends (dropped) for `reason`. */
void ff_record_abort(PyThreadState *tstate, int reason);
extern int ff_record_active;         /* a recording is in progress (any thread) */

/* Why a recording was dropped; ff_abort_names has their words. */
enum {
    FF_ABORT_EXCEPTION,     /* an exception was raised in the recorded iteration */
    FF_ABORT_LEFT_FRAME,    /* the loop's frame returned, yielded or left the loop's run */
    FF_ABORT_FRAME,         /* a frame the recorder cannot follow (entered from C, say) */
    FF_ABORT_TOO_LONG,      /* the length limit */
    FF_ABORT_TOO_DEEP,      /* calls nested deeper than FF_REC_MAX_DEPTH */
    FF_ABORT_UNSUPPORTED,   /* an instruction a trace does not follow */
    FF_ABORT_TRACED,        /* sys.settrace or sys.setprofile was switched on */
    FF_ABORT_LOST,          /* the flag was reset outside fivefold (another recording began) */
    FF_ABORT_FULL,          /* FIVEFOLD_TRACE_LIMIT=0: no trace may be kept */
    FF_ABORT_NO_MEMORY,
    FF_NUM_ABORTS
};
extern const char *const ff_abort_names[FF_NUM_ABORTS];

/* ---- traces.c: what a recording makes ---- */

/* One instruction as it ran. */
typedef struct {
    int32_t code;      /* index into the trace's codes */
    int32_t offset;    /* its unit in that code */
    int32_t oparg;     /* with EXTENDED_ARG's high bits */
    uint8_t opcode;    /* as it ran (specialized; a generic one after EXTENDED_ARG) */
    uint8_t depth;     /* 0: the loop's frame; n: the n-th frame it called */
    uint8_t flags;     /* FF_REC_* */
    uint8_t ext;       /* EXTENDED_ARG units before it */
} ff_rec_instr;
#define FF_REC_JUMPED 1   /* a branch taken: control went past the next unit */

/* One micro-op (generated/uop_ids.h) as the executor (executor.c.h) runs it:
 * its instruction (the live unit, its opcode as recorded, its argument, where
 * this micro-op's cache entries start), where the trace goes on after the
 * instruction, and which micro-op that is. A guard that fails leaves the trace
 * before the instruction (at instr - ext, its first EXTENDED_ARG). */
typedef struct ff_uop {
    int16_t uop;
    uint8_t depth;
    uint8_t flags;           /* FF_UOP_* */
    uint8_t opcode;
    uint8_t cache;           /* t2_cache: ff_opcode_uop_cache */
    uint8_t ext;
    uint8_t caches;          /* its instruction's cache units (ff_cache_size) */
    int32_t oparg;
    int32_t code;            /* index into the trace's codes */
    int32_t target;          /* the instruction's unit there */
    int32_t after;           /* the first micro-op of the next instruction; FF_AFTER_* at the end */
    _Py_CODEUNIT *instr;
    _Py_CODEUNIT *next;      /* where the instruction must leave control for the trace to go on */
    const struct ff_uop *go; /* the micro-op at `after` (NULL at the end) */
} ff_uop;
#define FF_AFTER_EXIT (-1)   /* a linked trace's end: leave (the loop enters the other) */
#define FF_AFTER_HEAD (-2)   /* a side trace's end, at its root's head: enter the trace there */
#define FF_UOP_FIRST 1       /* the first micro-op of its instruction */
#define FF_UOP_LAST 2        /* the last */
#define FF_UOP_ANY_OPCODE 4  /* runs whatever member the unit holds now (after EXTENDED_ARG) */

enum { FF_TRACE_CLOSED, FF_TRACE_LINKED };

struct ff_trace {
    int id;
    Py_ssize_t refs;       /* the store's, its parent's, and each run of the executor in it */
    PyObject *codes;       /* tuple of the shadows of the frames it runs; [0] the loop's */
    int head;              /* the head's unit in codes[0] */
    int end;               /* FF_TRACE_CLOSED: back at its head; FF_TRACE_LINKED: at `link`'s */
    int link;
    int ninstrs;
    ff_rec_instr *instrs;
    int nuops;
    int removed;           /* micro-ops the optimizer's passes removed */
    int peeled;            /* instructions of the peeled first iteration (the loop
                              runs the copy after them); -1: not peeled */
    ff_uop *uops;
    Py_ssize_t entries;    /* times the executor entered it */
    uint32_t *exits;       /* per micro-op: times the executor left the trace there */
    /* Trace trees: per micro-op, the side trace recorded where the trace was
     * left there often (a reference), and the recordings of one dropped. */
    ff_trace **side;
    uint8_t *side_tries;
    int parent;            /* a side trace's parent's id (-1: a loop's own trace) */
    int parent_uop;        /* and the micro-op of the parent it starts from */
    _Py_CODEUNIT *start;   /* where its first instruction starts (a side trace is entered there) */
};
#define FF_SIDE_MAX_TRIES 4

/* Take a finished recording: its micro-ops are made from the instructions.
 * `end_unit` is where the last instruction goes (the head, or the linked
 * trace's head, in codes[0]). The trace's id (>= 0), or -1 (with an exception)
 * with nothing kept. */
int ff_trace_add(PyObject *codes, int head, int end, int link, int end_unit,
                 const ff_rec_instr *instrs, int n, ff_trace *parent, int parent_uop);
/* FIVEFOLD_TRACE_LIMIT=0: no trace may be kept, so no recording starts. */
int ff_traces_none_allowed(void);
/* Forget every trace (ids start again at 0). */
void ff_traces_clear(void);
/* The traces kept, oldest first, and how many were evicted. */
int ff_traces_count(void);
ff_trace *ff_trace_at(int i);
Py_ssize_t ff_traces_evicted(void);
/* A run of the executor lets go of its trace (freed when it was cleared). */
void ff_trace_release(ff_trace *trace);

/* The trace to enter at each hot slot's head (s3.execute): head NULL, none. */
typedef struct {
    _Py_CODEUNIT *head;
    ff_trace *trace;
} ff_trace_slot;
extern ff_trace_slot ff_trace_entries[FF_HOT_SLOTS];
extern int ff_execute_on;            /* s3.execute */

/* ---- the optimizer's passes, each a change ---- */

/* s3.guard_types (guard_types.c): the guards of instruction i whose check the
 * trace already proved get keep[i][j] = 0, counted in *removed. */
extern int ff_opt_guard_types_on;
void ff_opt_guard_types(PyObject *codes, const ff_rec_instr *instrs, int n,
                        unsigned char keep[][FF_MAX_UOPS_PER_OPCODE + 1], int *removed);

/* Knobs (stage.c reads them from the environment). */
extern int ff_trace_max_length;     /* instructions a recording may take */
extern int ff_trace_max_traces;     /* traces kept */
#define FF_REC_MAX_LENGTH 4000      /* the most ff_trace_max_length may be */
#define FF_REC_MAX_DEPTH 16

/* Counts for trace_stats(): recordings started, traces made, aborts by reason. */
extern Py_ssize_t ff_rec_started;
extern Py_ssize_t ff_rec_aborts[FF_NUM_ABORTS];

/* The module's functions (api.c): traces(), trace_stats(), clear_traces(). */
PyObject *ff_traces_list(PyObject *module, PyObject *unused);
PyObject *ff_traces_stats(PyObject *module, PyObject *unused);
PyObject *ff_traces_reset(PyObject *module, PyObject *unused);

/* ---- the loop's hooks ---- */

/* The loop's own state: the trace the executor runs (NULL: none), holding a
 * reference, and the micro-op it is at. */
#define FF_LOOP_LOCALS \
    ff_trace *t2_trace = NULL; \
    const ff_uop *t2_u = NULL;
#define FF_LOOP_MORE_CODE "executor.c.h"
/* Leave the trace the executor runs (its reference let go). */
#define FF_T2_DROP() \
    do { ff_trace_release(t2_trace); t2_trace = NULL; } while (0)

/* A back edge reached a head: enter its trace (s3.execute), or count the head
 * and, when it gets hot, record the next iteration. The stack is consistent
 * (JUMP_BACKWARD_BY's effect applied). */
#define FF_ON_LOOP_BACK() \
    do { \
        if (ff_record_on) { \
            size_t slot_ = FF_HOT_SLOT(next_instr); \
            if (ff_execute_on && ff_trace_entries[slot_].head == next_instr && !FF_TRACING()) { \
                t2_trace = ff_trace_entries[slot_].trace; \
                t2_trace->refs++; \
                goto t2_enter; \
            } \
            uint16_t *count_ = &ff_hot_counts[slot_]; \
            if (++*count_ >= ff_hot_threshold) { \
                *count_ = 0; \
                if (!FF_TRACING() && ff_record_start(tstate, frame, next_instr)) { \
                    cframe->use_tracing = FF_RECORDING; \
                } \
            } \
        } \
    } while (0)

/* The flag is the recorder's when the thread has no trace or profile function
 * (with one, it is sys.settrace's or sys.setprofile's). */
#define FF_NO_TRACE_FUNCTION(tstate) \
    ((tstate)->c_tracefunc == NULL && (tstate)->c_profilefunc == NULL)

/* At do_tracing: with no trace function the instruction goes to the recorder
 * and runs as dispatched (specialized, no events); a flag no recording owns
 * any more (dropped, or taken by another thread) is cleared there. With a
 * trace function, a recording this thread made is dropped. */
#define FF_ON_TRACING_TEST() \
    do { \
        if (FF_NO_TRACE_FUNCTION(tstate)) { \
            if (!ff_record_instr(tstate, frame, next_instr - 1, (int)opcode, (int)oparg)) { \
                cframe->use_tracing = 0; \
            } \
            goto dispatch_opcode; \
        } \
        if (ff_record_active) { \
            ff_record_abort(tstate, FF_ABORT_TRACED); \
        } \
    } while (0)

/* An exception in a recording run ends the recording; in a trace, the trace. */
#define FF_ON_ERROR() \
    do { \
        if (t2_trace != NULL) { \
            FF_T2_DROP(); \
        } \
        if (FF_TRACING() && FF_NO_TRACE_FUNCTION(tstate)) { \
            ff_record_abort(tstate, FF_ABORT_EXCEPTION); \
            cframe->use_tracing = 0; \
        } \
    } while (0)

/* A run of the loop that returns while recording: the loop's frame left. A
 * trace never returns from the loop's frame; should it, it is left too. */
#define FF_ON_LEAVE_LOOP() \
    do { \
        if (t2_trace != NULL) { \
            FF_T2_DROP(); \
        } \
        if (own_cframe.use_tracing && FF_NO_TRACE_FUNCTION(tstate)) { \
            ff_record_abort(tstate, FF_ABORT_LEFT_FRAME); \
            own_cframe.use_tracing = 0; \
        } \
    } while (0)

/* Where a trace that runs goes on after a frame was entered, returned from or
 * yielded from: the new frame's next instruction must be the trace's. */
#define FF_AFTER_FRAME_CHANGE() \
    do { \
        if (t2_trace != NULL) { \
            goto t2_jumped; \
        } \
    } while (0)

#endif
