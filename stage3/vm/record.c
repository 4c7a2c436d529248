/* s3.record: the recorder. One iteration of a hot loop runs with the loop's
 * cframe flagged (FF_RECORDING, stage3.h); each instruction comes here from
 * do_tracing before it runs, as it was dispatched (specialized), and is
 * appended with the frame it runs in.
 *
 * Rules of this file:
 * - One recording at a time, owned by the thread that started it; another
 *   thread's loop is never flagged. A recording whose thread stopped sending
 *   instructions (its flag reset outside fivefold: sys.settrace(None), say) is
 *   found stale by the next start and dropped.
 * - Frames are followed by identity: a frame whose `previous` is the current
 *   one and that this loop pushed (not is_entry) is a call or a generator
 *   resumed, inlined at depth + 1; the caller's frame again is its return or
 *   yield. Anything else (a frame entered from C, unwinding) drops the
 *   recording: the trace would not say what runs.
 * - A recording ends closed at the loop's head in the loop's frame, linked at
 *   the head of another loop that has a trace (a back edge taken in the
 *   loop's frame), or dropped with a reason (ff_abort_names), each counted.
 *   A head whose recordings were dropped FF_HEAD_MAX_ATTEMPTS times is not
 *   tried again (LuaJIT blacklists the same way).
 * - A side trace (trace trees) is recorded the same way from where the
 *   executor left a trace often, in the frames it was in (found through
 *   `previous`), and ends at the loop's head; its drops count against that
 *   exit (FF_SIDE_MAX_TRIES), not the head.
 * - Nothing here raises into the program: a failure (no memory) drops the
 *   recording and is counted. */
#include "stage3.h"

int ff_record_active = 0;
Py_ssize_t ff_rec_started = 0;
Py_ssize_t ff_rec_aborts[FF_NUM_ABORTS];

const char *const ff_abort_names[FF_NUM_ABORTS] = {
    [FF_ABORT_EXCEPTION] = "exception raised",
    [FF_ABORT_LEFT_FRAME] = "left the loop's frame",
    [FF_ABORT_FRAME] = "frame not followed",
    [FF_ABORT_TOO_LONG] = "too long",
    [FF_ABORT_TOO_DEEP] = "calls too deep",
    [FF_ABORT_UNSUPPORTED] = "unsupported instruction",
    [FF_ABORT_TRACED] = "sys.settrace or sys.setprofile",
    [FF_ABORT_LOST] = "lost (flag reset, or stalled in another thread)",
    [FF_ABORT_FULL] = "not started: trace limit 0",
    [FF_ABORT_NO_MEMORY] = "no memory",
};

/* Starts refused while another thread records before its recording counts as
 * stalled (a thread blocked in a call, or gone) and is dropped. */
#define FF_REC_STALL_LIMIT 64

static struct {
    PyThreadState *tstate;
    PyObject *codes;                  /* list of the shadows met; [0] the loop's */
    int head;                         /* the head's unit in codes[0] */
    int depth;
    _PyInterpreterFrame *frames[FF_REC_MAX_DEPTH + 1];
    int code_index[FF_REC_MAX_DEPTH + 1];
    int pushed_by[FF_REC_MAX_DEPTH + 1];   /* the instruction (index) that entered frames[d] */
    int last;                         /* index of the last instruction, -1 before the first */
    int last_depth;
    _Py_CODEUNIT *last_unit;
    int n;
    int stalled;
    ff_trace *parent;                 /* a side trace's parent (a reference), else NULL */
    int parent_uop;
    ff_rec_instr instrs[FF_REC_MAX_LENGTH];
} rec;

static int code_index(PyCodeObject *code);

/* Conditional branches (generic opcodes): whether one was taken is recorded. */
static int
is_branch(int generic)
{
    switch (generic) {
    case FF_POP_JUMP_FORWARD_IF_FALSE: case FF_POP_JUMP_FORWARD_IF_TRUE:
    case FF_POP_JUMP_FORWARD_IF_NONE: case FF_POP_JUMP_FORWARD_IF_NOT_NONE:
    case FF_POP_JUMP_BACKWARD_IF_FALSE: case FF_POP_JUMP_BACKWARD_IF_TRUE:
    case FF_POP_JUMP_BACKWARD_IF_NONE: case FF_POP_JUMP_BACKWARD_IF_NOT_NONE:
    case FF_JUMP_IF_FALSE_OR_POP: case FF_JUMP_IF_TRUE_OR_POP:
    case FF_FOR_ITER: case FF_SEND:
        return 1;
    default:
        return 0;
    }
}

/* Instructions a trace does not follow (generic opcodes): exception handling,
 * imports, class and annotation set-up. They run in a loop's iteration only on
 * its rare paths, which the executor leaves for the loop; the ones with a
 * micro-op the executor has no case for are ff_opcode_traceable's too. */
static int
is_unsupported(int generic)
{
    switch (generic) {
    case FF_PUSH_EXC_INFO: case FF_POP_EXCEPT: case FF_RERAISE: case FF_RAISE_VARARGS:
    case FF_CHECK_EXC_MATCH: case FF_CHECK_EG_MATCH: case FF_PREP_RERAISE_STAR:
    case FF_WITH_EXCEPT_START:
    case FF_IMPORT_NAME: case FF_IMPORT_FROM: case FF_IMPORT_STAR:
    case FF_LOAD_BUILD_CLASS: case FF_SETUP_ANNOTATIONS:
        return 1;
    default:
        return 0;
    }
}

static int
generic_of(int opcode)
{
    return ff_deopt[opcode] != 0 ? ff_deopt[opcode] : opcode;
}

/* The recording is over: release it, and count a drop against its head. */
static void
finish(int reason)
{
    PyObject *codes = rec.codes;
    PyCodeObject *root = (PyCodeObject *)PyList_GET_ITEM(codes, 0);
    ff_trace *parent = rec.parent;
    if (reason >= 0) {
        ff_rec_aborts[reason]++;
        if (parent != NULL) {
            parent->side_tries[rec.parent_uop]++;
        }
        else {
            ff_loop_head *h = ff_head_find(root, rec.head);
            if (h != NULL && h->state == FF_HEAD_NEW && ++h->attempts >= FF_HEAD_MAX_ATTEMPTS) {
                h->state = FF_HEAD_BLACKLISTED;
            }
        }
    }
    ff_record_active = 0;
    rec.tstate = NULL;
    rec.codes = NULL;
    rec.parent = NULL;
    Py_DECREF(codes);
    if (parent != NULL) {
        ff_trace_release(parent);
    }
}

void
ff_record_abort(PyThreadState *tstate, int reason)
{
    if (ff_record_active && rec.tstate == tstate) {
        finish(reason);
    }
}

/* Free to record, taking over a stale recording: this thread's flag is clear,
 * so a recording of its own is not running; another thread's is dropped once
 * it has refused FF_REC_STALL_LIMIT starts. */
static int
recorder_free(PyThreadState *tstate)
{
    if (ff_record_active) {
        if (rec.tstate != tstate && ++rec.stalled < FF_REC_STALL_LIMIT) {
            return 0;
        }
        finish(FF_ABORT_LOST);
    }
    return 1;
}

/* Start recording towards the head `head` of `root`, in frames[0..depth] (the
 * loop's frame first), for `parent`'s micro-op k (a side trace) or for the
 * loop itself (parent NULL). 1 if started. */
static int
begin(PyThreadState *tstate, PyCodeObject *root, int head, _PyInterpreterFrame **frames,
      int depth, ff_trace *parent, int k)
{
    PyObject *codes = PyList_New(1);
    if (codes == NULL) {
        PyErr_Clear();
        ff_rec_aborts[FF_ABORT_NO_MEMORY]++;
        return 0;
    }
    Py_INCREF(root);
    PyList_SET_ITEM(codes, 0, (PyObject *)root);
    rec.codes = codes;
    for (int d = 0; d <= depth; d++) {
        int index = code_index(frames[d]->f_code);
        if (index < 0) {
            rec.codes = NULL;
            Py_DECREF(codes);
            ff_rec_aborts[FF_ABORT_NO_MEMORY]++;
            return 0;
        }
        rec.frames[d] = frames[d];
        rec.code_index[d] = index;
        rec.pushed_by[d] = -1;
    }
    if (parent != NULL) {
        parent->refs++;
    }
    rec.tstate = tstate;
    rec.head = head;
    rec.depth = depth;
    rec.last = -1;
    rec.last_unit = NULL;
    rec.n = 0;
    rec.stalled = 0;
    rec.parent = parent;
    rec.parent_uop = k;
    ff_record_active = 1;
    ff_rec_started++;
    return 1;
}

int
ff_record_start(PyThreadState *tstate, _PyInterpreterFrame *frame, _Py_CODEUNIT *head)
{
    if (!recorder_free(tstate)) {
        return 0;
    }
    PyCodeObject *code = frame->f_code;
    int offset = (int)(head - _PyCode_CODE(code));
    ff_loop_head *h = ff_head_get(code, offset);
    if (h == NULL) {
        PyErr_Clear();   /* at a back edge no exception is set: this is ff_head_get's */
        ff_rec_aborts[FF_ABORT_NO_MEMORY]++;
        return 0;
    }
    if (h->state != FF_HEAD_NEW) {
        return 0;
    }
    if (ff_traces_none_allowed()) {
        ff_rec_aborts[FF_ABORT_FULL]++;
        return 0;
    }
    return begin(tstate, code, offset, &frame, 0, NULL, -1);
}

int
ff_record_start_side(PyThreadState *tstate, _PyInterpreterFrame *frame, ff_trace *parent, int k)
{
    if (!recorder_free(tstate) || ff_traces_none_allowed()) {
        return 0;
    }
    /* The frames from the loop's down to this one, as the parent ran them: each
     * pushed by the loop (not entered from C), the first the loop's code. */
    int depth = parent->uops[k].depth;
    _PyInterpreterFrame *frames[FF_REC_MAX_DEPTH + 1];
    frames[depth] = frame;
    for (int d = depth; d > 0; d--) {
        if (frames[d]->is_entry || frames[d]->previous == NULL) {
            return 0;
        }
        frames[d - 1] = frames[d]->previous;
    }
    PyCodeObject *root = (PyCodeObject *)PyTuple_GET_ITEM(parent->codes, 0);
    if (frames[0]->f_code != root) {
        return 0;
    }
    return begin(tstate, root, parent->head, frames, depth, parent, k);
}

/* The index of `code` among the recording's codes, appended if new; -1 if
 * there is no memory. */
static int
code_index(PyCodeObject *code)
{
    Py_ssize_t n = PyList_GET_SIZE(rec.codes);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (PyList_GET_ITEM(rec.codes, i) == (PyObject *)code) {
            return (int)i;
        }
    }
    if (PyList_Append(rec.codes, (PyObject *)code) < 0) {
        PyErr_Clear();
        return -1;
    }
    return (int)n;
}

/* The unit after the instruction at `unit` and its caches, as `opcode` ran. */
static _Py_CODEUNIT *
fall_through(_Py_CODEUNIT *unit, int opcode)
{
    return unit + 1 + ff_cache_size[generic_of(opcode)];
}

/* The recording reached a head (`end_unit` in the loop's code): keep it as a
 * trace. 0 (the recording ended). */
static int
close_trace(int end, int link, int end_unit)
{
    PyCodeObject *root = (PyCodeObject *)PyList_GET_ITEM(rec.codes, 0);
    PyObject *codes = PyList_AsTuple(rec.codes);
    int id = codes != NULL ? ff_trace_add(codes, rec.head, end, link, end_unit, rec.instrs, rec.n,
                                          rec.parent, rec.parent_uop)
                           : -1;
    Py_XDECREF(codes);
    if (id < 0) {
        PyErr_Clear();
        finish(FF_ABORT_NO_MEMORY);
        return 0;
    }
    ff_loop_head *h = rec.parent == NULL ? ff_head_find(root, rec.head) : NULL;
    if (h != NULL) {
        h->state = FF_HEAD_TRACED;
        h->trace = id;
    }
    finish(-1);
    return 0;
}

int
ff_record_instr(PyThreadState *tstate, _PyInterpreterFrame *frame, _Py_CODEUNIT *unit,
                int opcode, int oparg)
{
    if (!ff_record_active || rec.tstate != tstate) {
        return 0;   /* dropped meanwhile (stalled, or a new start): stop */
    }
    rec.stalled = 0;
    int ext = 0;
    if (opcode == FF_EXTENDED_ARG) {
        /* EXTENDED_ARG runs the unit after it itself, as its generic instruction
         * while the flag is set (instructions.def): that is what runs. */
        do {
            unit++;
            ext++;
            oparg = (oparg << 8) | FF_OPARG_AT(unit);
            opcode = FF_OPCODE_AT(unit);
        } while (opcode == FF_EXTENDED_ARG);
        opcode = generic_of(opcode);
    }
    int moved = 0;   /* a frame was entered or left since the last instruction */
    if (frame != rec.frames[rec.depth]) {
        if (frame->previous == rec.frames[rec.depth] && !frame->is_entry) {
            if (rec.depth == FF_REC_MAX_DEPTH) {
                finish(FF_ABORT_TOO_DEEP);
                return 0;
            }
            int index = code_index(frame->f_code);
            if (index < 0) {
                finish(FF_ABORT_NO_MEMORY);
                return 0;
            }
            rec.depth++;
            rec.frames[rec.depth] = frame;
            rec.code_index[rec.depth] = index;
            rec.pushed_by[rec.depth] = rec.last;
        }
        else if (rec.depth > 0 && frame == rec.frames[rec.depth - 1]) {
            /* Back from a call or a yield: a generator that returned to a
             * FOR_ITER or SEND ended its loop (the jump it takes). */
            int by = rec.pushed_by[rec.depth];
            rec.depth--;
            if (by >= 0 && is_branch(generic_of(rec.instrs[by].opcode))
                && unit != _PyCode_CODE(frame->f_code) + rec.instrs[by].offset + 1
                            + ff_cache_size[generic_of(rec.instrs[by].opcode)]) {
                rec.instrs[by].flags |= FF_REC_JUMPED;
            }
        }
        else {
            finish(FF_ABORT_FRAME);
            return 0;
        }
        moved = 1;
    }
    int offset = (int)(unit - _PyCode_CODE(frame->f_code));
    int backward = 0;
    if (!moved && rec.last >= 0) {
        ff_rec_instr *last = &rec.instrs[rec.last];
        backward = unit <= rec.last_unit;
        if (is_branch(generic_of(last->opcode)) && unit != fall_through(rec.last_unit, last->opcode)) {
            last->flags |= FF_REC_JUMPED;
        }
    }
    if (rec.depth == 0 && rec.n > 0) {
        if (offset == rec.head) {
            return close_trace(FF_TRACE_CLOSED, -1, offset);
        }
        if (backward) {
            ff_loop_head *other = ff_head_find(frame->f_code, offset);
            if (other != NULL && other->state == FF_HEAD_TRACED) {
                return close_trace(FF_TRACE_LINKED, other->trace, offset);
            }
        }
    }
    int generic = generic_of(opcode);
    if (rec.depth == 0 && (generic == FF_RETURN_VALUE || generic == FF_YIELD_VALUE)) {
        finish(FF_ABORT_LEFT_FRAME);
        return 0;
    }
    if (is_unsupported(generic) || !ff_opcode_traceable[opcode]) {
        finish(FF_ABORT_UNSUPPORTED);
        return 0;
    }
    if (rec.n >= ff_trace_max_length) {
        finish(FF_ABORT_TOO_LONG);
        return 0;
    }
    ff_rec_instr *in = &rec.instrs[rec.n];
    in->code = rec.code_index[rec.depth];
    in->offset = offset;
    in->oparg = oparg;
    in->opcode = (uint8_t)opcode;
    in->depth = (uint8_t)rec.depth;
    in->flags = 0;
    in->ext = (uint8_t)(ext < 255 ? ext : 255);
    rec.last = rec.n++;
    rec.last_unit = unit;
    return 1;
}
