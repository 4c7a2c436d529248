/* The recorded traces (s3.record): made from a finished recording (with the
 * optimizer's passes and the peeled iteration), kept up to a limit, evicted,
 * released.
 *
 * Rules of this file:
 * - A trace's micro-ops are its instructions' (generated/uop_ids.h:
 *   ff_opcode_uops, written from the same .def text as the loops' cases), in
 *   order; each keeps the unit of the instruction it came from, which is where
 *   a guard of it exits to.
 * - What Python sees of them is api.c's.
 * - The store is bounded by ff_trace_max_traces (FIVEFOLD_TRACE_LIMIT): a new
 *   trace in a full store evicts the one entered least often (evict_one);
 *   with a limit of 0 no recording starts (counted).
 * - A trace holds strong references to the code objects it runs in. */
#include "stage3.h"

int ff_trace_max_length = 400;
int ff_trace_max_traces = 1000;

ff_trace_slot ff_trace_entries[FF_HOT_SLOTS];
int ff_execute_on = 0;

static ff_trace **traces = NULL;
static int ntraces = 0;
static int capacity = 0;

int
ff_traces_none_allowed(void)
{
    return ff_trace_max_traces == 0;
}

static Py_ssize_t evictions = 0;
static int next_id = 0;

/* The store is full: let the trace entered least often go (the oldest of
 * those), so that a loop that got hot later can have one. Its loop may be
 * recorded again when it gets hot again. */
static void
evict_one(void)
{
    int victim = 0;
    for (int i = 1; i < ntraces; i++) {
        if (traces[i]->entries < traces[victim]->entries) {
            victim = i;
        }
    }
    ff_trace *t = traces[victim];
    memmove(&traces[victim], &traces[victim + 1], (size_t)(ntraces - victim - 1) * sizeof(ff_trace *));
    ntraces--;
    PyCodeObject *root = (PyCodeObject *)PyTuple_GET_ITEM(t->codes, 0);
    ff_trace_slot *slot = &ff_trace_entries[FF_HOT_SLOT(_PyCode_CODE(root) + t->head)];
    if (slot->trace == t) {
        slot->head = NULL;
        slot->trace = NULL;
    }
    ff_loop_head *h = ff_head_find(root, t->head);
    if (h != NULL && h->trace == t->id) {
        h->state = FF_HEAD_NEW;
        h->trace = -1;
    }
    for (int i = 0; t->parent >= 0 && i < ntraces; i++) {
        /* A side trace goes from its parent too (its exit may record another). */
        for (int k = 0; k < traces[i]->nuops; k++) {
            if (traces[i]->side[k] == t) {
                traces[i]->side[k] = NULL;
                ff_trace_release(t);
            }
        }
    }
    evictions++;
    ff_trace_release(t);   /* a run in it keeps it until it leaves */
}

/* The micro-ops of a trace's n instructions that keep[] keeps, each told its
 * instruction, where control must go after it and which micro-op comes then:
 * the next instruction's first; at the end, a closed trace's (its loop's, or
 * the peeled copy's) first, a side trace's way back into its loop's trace
 * (FF_AFTER_HEAD), a linked trace's exit (FF_AFTER_EXIT). */
static void
fill_uops(ff_uop *uops, PyObject *codes, const ff_rec_instr *instrs, int n,
          unsigned char keep[][FF_MAX_UOPS_PER_OPCODE + 1], int end, int end_unit, int peeled,
          int side)
{
    int kept_before[FF_REC_MAX_LENGTH + 1];   /* micro-ops kept before instruction i */
    kept_before[0] = 0;
    for (int i = 0; i < n; i++) {
        kept_before[i + 1] = kept_before[i];
        for (int j = 0; ff_opcode_uops[instrs[i].opcode][j] >= 0; j++) {
            kept_before[i + 1] += keep[i][j];
        }
    }
    int k = 0;
    for (int i = 0; i < n; i++) {
        const ff_rec_instr *in = &instrs[i];
        PyCodeObject *code = (PyCodeObject *)PyTuple_GET_ITEM(codes, in->code);
        _Py_CODEUNIT *next;
        int after;
        if (i + 1 < n) {
            PyCodeObject *next_code = (PyCodeObject *)PyTuple_GET_ITEM(codes, instrs[i + 1].code);
            next = _PyCode_CODE(next_code) + instrs[i + 1].offset - instrs[i + 1].ext;
            after = kept_before[i + 1];
        }
        else {
            /* A closed trace starts again at its head; a side trace enters the
             * trace of its root's head; a linked one ends there. */
            next = _PyCode_CODE((PyCodeObject *)PyTuple_GET_ITEM(codes, 0)) + end_unit;
            after = end != FF_TRACE_CLOSED ? FF_AFTER_EXIT : side ? FF_AFTER_HEAD
                    : peeled >= 0 ? kept_before[peeled] : 0;
        }
        int first = k;
        for (int j = 0; ff_opcode_uops[in->opcode][j] >= 0; j++) {
            if (!keep[i][j]) {
                continue;
            }
            ff_uop *u = &uops[k];
            u->uop = ff_opcode_uops[in->opcode][j];
            u->depth = in->depth;
            u->flags = (k == first ? FF_UOP_FIRST : 0) | (in->ext ? FF_UOP_ANY_OPCODE : 0);
            k++;
            u->opcode = in->opcode;
            u->cache = ff_opcode_uop_cache[in->opcode][j];
            u->ext = in->ext;
            u->caches = ff_cache_size[in->opcode];
            u->oparg = in->oparg;
            u->code = in->code;
            u->target = in->offset;
            u->after = after;
            u->instr = _PyCode_CODE(code) + in->offset;
            u->next = next;
        }
        uops[k - 1].flags |= FF_UOP_LAST;
    }
    for (int i = 0; i < k; i++) {
        uops[i].go = uops[i].after >= 0 ? &uops[uops[i].after] : NULL;
    }
}

int
ff_trace_add(PyObject *codes, int head, int end, int link, int end_unit,
             const ff_rec_instr *instrs, int n, ff_trace *parent, int parent_uop)
{
    while (ntraces > 0 && ntraces >= ff_trace_max_traces) {
        evict_one();
    }
    if (ntraces == capacity) {
        int more = capacity ? capacity * 2 : 16;
        ff_trace **grown = PyMem_Realloc(traces, (size_t)more * sizeof(ff_trace *));
        if (grown == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        traces = grown;
        capacity = more;
    }
    /* s3.guard_types peels one iteration off a loop's own trace: the trace runs
     * its instructions once with every guard, then loops over a second copy,
     * which the pass optimizes knowing the types the first copy proved (LuaJIT's
     * loop optimization), so that a guard on a value carried round the loop
     * runs once per entry instead of once per iteration. */
    ff_rec_instr *doubled = NULL;
    int peeled = -1;
    if (ff_opt_guard_types_on && end == FF_TRACE_CLOSED && parent == NULL && n > 0
        && 2 * n <= FF_REC_MAX_LENGTH) {
        doubled = PyMem_Malloc((size_t)(2 * n) * sizeof(ff_rec_instr));
        if (doubled == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        memcpy(doubled, instrs, (size_t)n * sizeof(ff_rec_instr));
        memcpy(doubled + n, instrs, (size_t)n * sizeof(ff_rec_instr));
        instrs = doubled;
        peeled = n;
        n = 2 * n;
    }
    /* The optimizer's passes say which micro-ops stay (all, with none on). */
    unsigned char (*keep)[FF_MAX_UOPS_PER_OPCODE + 1] =
        PyMem_Malloc((size_t)(n > 0 ? n : 1) * sizeof *keep);
    if (keep == NULL) {
        PyMem_Free(doubled);
        PyErr_NoMemory();
        return -1;
    }
    memset(keep, 1, (size_t)(n > 0 ? n : 1) * sizeof *keep);
    int removed = 0;
    if (ff_opt_guard_types_on) {
        ff_opt_guard_types(codes, instrs, n, keep, &removed);
    }
    int nuops = 0;
    for (int i = 0; i < n; i++) {
        for (int j = 0; ff_opcode_uops[instrs[i].opcode][j] >= 0; j++) {
            nuops += keep[i][j];
        }
    }
    ff_trace *t = PyMem_Calloc(1, sizeof(ff_trace));
    ff_rec_instr *copy = PyMem_Malloc((size_t)(n > 0 ? n : 1) * sizeof(ff_rec_instr));
    ff_uop *uops = PyMem_Calloc((size_t)(nuops > 0 ? nuops : 1), sizeof(ff_uop));
    uint32_t *exits = PyMem_Calloc((size_t)(nuops > 0 ? nuops : 1), sizeof(uint32_t));
    ff_trace **side = PyMem_Calloc((size_t)(nuops > 0 ? nuops : 1), sizeof(ff_trace *));
    uint8_t *side_tries = PyMem_Calloc((size_t)(nuops > 0 ? nuops : 1), sizeof(uint8_t));
    if (t == NULL || copy == NULL || uops == NULL || exits == NULL || side == NULL
        || side_tries == NULL) {
        PyMem_Free(t);
        PyMem_Free(copy);
        PyMem_Free(uops);
        PyMem_Free(exits);
        PyMem_Free(side);
        PyMem_Free(side_tries);
        PyMem_Free(keep);
        PyMem_Free(doubled);
        PyErr_NoMemory();
        return -1;
    }
    memcpy(copy, instrs, (size_t)n * sizeof(ff_rec_instr));
    fill_uops(uops, codes, instrs, n, keep, end, end_unit, peeled, parent != NULL);
    PyMem_Free(keep);
    PyMem_Free(doubled);   /* `copy` holds the instructions, both copies */
    Py_INCREF(codes);
    t->id = next_id++;
    t->refs = 1;
    t->codes = codes;
    t->head = head;
    t->end = end;
    t->link = link;
    t->ninstrs = n;
    t->instrs = copy;
    t->nuops = nuops;
    t->removed = removed;
    t->peeled = peeled;
    t->uops = uops;
    t->exits = exits;
    t->side = side;
    t->side_tries = side_tries;
    t->parent = parent != NULL ? parent->id : -1;
    t->parent_uop = parent_uop;
    t->start = uops[0].instr - uops[0].ext;
    traces[ntraces++] = t;
    if (parent != NULL) {
        /* Its parent enters it where it was left at that micro-op (a reference). */
        t->refs++;
        ff_trace *old = parent->side[parent_uop];
        parent->side[parent_uop] = t;
        if (old != NULL) {
            ff_trace_release(old);
        }
    }
    else if (end == FF_TRACE_CLOSED) {
        /* The executor's way in: the slot of its head (the newest trace of a
         * slot two heads share). */
        _Py_CODEUNIT *at = _PyCode_CODE((PyCodeObject *)PyTuple_GET_ITEM(codes, 0)) + head;
        ff_trace_entries[FF_HOT_SLOT(at)] = (ff_trace_slot){at, t};
    }
    return t->id;
}

static void
trace_free(ff_trace *t)
{
    for (int k = 0; k < t->nuops; k++) {
        if (t->side[k] != NULL) {
            ff_trace_release(t->side[k]);
        }
    }
    Py_DECREF(t->codes);
    PyMem_Free(t->instrs);
    PyMem_Free(t->uops);
    PyMem_Free(t->exits);
    PyMem_Free(t->side);
    PyMem_Free(t->side_tries);
    PyMem_Free(t);
}

void
ff_trace_release(ff_trace *t)
{
    if (--t->refs == 0) {
        trace_free(t);
    }
}

void
ff_traces_clear(void)
{
    ff_trace **old = traces;
    int n = ntraces;
    traces = NULL;
    ntraces = capacity = 0;
    memset(ff_trace_entries, 0, sizeof ff_trace_entries);
    for (int i = 0; i < n; i++) {
        /* A run of the executor in it keeps it until it leaves (its entry is
         * gone, so it is not entered again). */
        ff_trace_release(old[i]);
    }
    PyMem_Free(old);
    evictions = 0;
    next_id = 0;
}

int
ff_traces_count(void)
{
    return ntraces;
}

ff_trace *
ff_trace_at(int i)
{
    return traces[i];
}

Py_ssize_t
ff_traces_evicted(void)
{
    return evictions;
}
