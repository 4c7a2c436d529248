/* The recorded traces (s3.record): made from a finished recording, kept up to
 * a limit, shown to Python (fivefold._fivefold.traces(), trace_stats(),
 * clear_traces(); `fivefold dis --traces`).
 *
 * Rules of this file:
 * - A trace's micro-ops are its instructions' (generated/uop_ids.h:
 *   ff_opcode_uops, written from the same .def text as the loops' cases), in
 *   order; each keeps the unit of the instruction it came from, which is where
 *   a guard of it exits to.
 * - The store is bounded by ff_trace_max_traces (FIVEFOLD_TRACE_LIMIT); when
 *   it is full no recording starts (counted). Traces are kept until
 *   clear_traces(); eviction comes with the executor (issue 14, item 4).
 * - A trace holds strong references to the code objects it runs in. */
#include "stage3.h"
#include "generated/uop_ids.h"

int ff_trace_max_length = 400;
int ff_trace_max_traces = 1000;

static ff_trace **traces = NULL;
static int ntraces = 0;
static int capacity = 0;

int
ff_traces_full(void)
{
    return ntraces >= ff_trace_max_traces;
}

int
ff_trace_add(PyObject *codes, int head, int end, int link, const ff_rec_instr *instrs, int n)
{
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
    int nuops = 0;
    for (int i = 0; i < n; i++) {
        for (const short *u = ff_opcode_uops[instrs[i].opcode]; *u >= 0; u++) {
            nuops++;
        }
    }
    ff_trace *t = PyMem_Calloc(1, sizeof(ff_trace));
    ff_rec_instr *copy = PyMem_Malloc((size_t)(n > 0 ? n : 1) * sizeof(ff_rec_instr));
    ff_uop *uops = PyMem_Malloc((size_t)(nuops > 0 ? nuops : 1) * sizeof(ff_uop));
    if (t == NULL || copy == NULL || uops == NULL) {
        PyMem_Free(t);
        PyMem_Free(copy);
        PyMem_Free(uops);
        PyErr_NoMemory();
        return -1;
    }
    memcpy(copy, instrs, (size_t)n * sizeof(ff_rec_instr));
    int k = 0;
    for (int i = 0; i < n; i++) {
        for (const short *u = ff_opcode_uops[instrs[i].opcode]; *u >= 0; u++) {
            uops[k].uop = *u;
            uops[k].depth = instrs[i].depth;
            uops[k].oparg = instrs[i].oparg;
            uops[k].code = instrs[i].code;
            uops[k].target = instrs[i].offset;
            k++;
        }
    }
    Py_INCREF(codes);
    t->id = ntraces;
    t->codes = codes;
    t->head = head;
    t->end = end;
    t->link = link;
    t->ninstrs = n;
    t->instrs = copy;
    t->nuops = nuops;
    t->uops = uops;
    traces[ntraces++] = t;
    return t->id;
}

void
ff_traces_clear(void)
{
    ff_trace **old = traces;
    int n = ntraces;
    traces = NULL;
    ntraces = capacity = 0;
    for (int i = 0; i < n; i++) {
        Py_DECREF(old[i]->codes);
        PyMem_Free(old[i]->instrs);
        PyMem_Free(old[i]->uops);
        PyMem_Free(old[i]);
    }
    PyMem_Free(old);
}

/* ---- shown to Python ---- */

static PyObject *
instr_tuple(const ff_trace *t, const ff_rec_instr *in)
{
    const char *name = ff_opcode_names[in->opcode] ? ff_opcode_names[in->opcode] : "<unknown>";
    return Py_BuildValue("(iOisiO)", in->depth, PyTuple_GET_ITEM(t->codes, in->code), in->offset,
                         name, in->oparg, (in->flags & FF_REC_JUMPED) ? Py_True : Py_False);
}

static PyObject *
uop_tuple(const ff_trace *t, const ff_uop *u)
{
    return Py_BuildValue("(isiOi)", u->depth, ff_uop_names[u->uop], u->oparg,
                         PyTuple_GET_ITEM(t->codes, u->code), u->target);
}

static PyObject *
trace_dict(const ff_trace *t)
{
    PyObject *instrs = PyList_New(t->ninstrs);
    PyObject *uops = PyList_New(t->nuops);
    PyObject *result = NULL;
    if (instrs == NULL || uops == NULL) {
        goto done;
    }
    for (int i = 0; i < t->ninstrs; i++) {
        PyObject *item = instr_tuple(t, &t->instrs[i]);
        if (item == NULL) {
            goto done;
        }
        PyList_SET_ITEM(instrs, i, item);
    }
    for (int i = 0; i < t->nuops; i++) {
        PyObject *item = uop_tuple(t, &t->uops[i]);
        if (item == NULL) {
            goto done;
        }
        PyList_SET_ITEM(uops, i, item);
    }
    PyObject *link = t->link >= 0 ? PyLong_FromLong(t->link) : Py_NewRef(Py_None);
    if (link == NULL) {
        goto done;
    }
    result = Py_BuildValue("{s:i,s:O,s:i,s:s,s:N,s:O,s:O}", "id", t->id,
                           "code", PyTuple_GET_ITEM(t->codes, 0), "head", t->head,
                           "end", t->end == FF_TRACE_CLOSED ? "closed" : "linked", "link", link,
                           "instructions", instrs, "uops", uops);
done:
    Py_XDECREF(instrs);
    Py_XDECREF(uops);
    return result;
}

PyObject *
ff_traces_list(PyObject *module, PyObject *unused)
{
    PyObject *result = PyList_New(0);
    if (result == NULL) {
        return NULL;
    }
    for (int i = 0; i < ntraces; i++) {
        PyObject *d = trace_dict(traces[i]);
        if (d == NULL || PyList_Append(result, d) < 0) {
            Py_XDECREF(d);
            Py_DECREF(result);
            return NULL;
        }
        Py_DECREF(d);
    }
    return result;
}

PyObject *
ff_traces_stats(PyObject *module, PyObject *unused)
{
    PyObject *aborts = PyDict_New();
    if (aborts == NULL) {
        return NULL;
    }
    for (int r = 0; r < FF_NUM_ABORTS; r++) {
        if (ff_rec_aborts[r] == 0) {
            continue;
        }
        PyObject *count = PyLong_FromSsize_t(ff_rec_aborts[r]);
        if (count == NULL || PyDict_SetItemString(aborts, ff_abort_names[r], count) < 0) {
            Py_XDECREF(count);
            Py_DECREF(aborts);
            return NULL;
        }
        Py_DECREF(count);
    }
    Py_ssize_t instrs = 0, uops = 0;
    for (int i = 0; i < ntraces; i++) {
        instrs += traces[i]->ninstrs;
        uops += traces[i]->nuops;
    }
    return Py_BuildValue("{s:n,s:i,s:n,s:n,s:N,s:n,s:i,s:i,s:i,s:n}",
                         "recordings", ff_rec_started, "traces", ntraces,
                         "instructions", instrs, "uops", uops, "aborted", aborts,
                         "blacklisted", ff_heads_count(FF_HEAD_BLACKLISTED),
                         "threshold", (int)ff_hot_threshold, "max_length", ff_trace_max_length,
                         "max_traces", ff_trace_max_traces,
                         "trace_bytes", (Py_ssize_t)(instrs * (Py_ssize_t)sizeof(ff_rec_instr)
                                                     + uops * (Py_ssize_t)sizeof(ff_uop)
                                                     + ntraces * (Py_ssize_t)sizeof(ff_trace)));
}

PyObject *
ff_traces_reset(PyObject *module, PyObject *unused)
{
    ff_record_abort(PyThreadState_Get(), FF_ABORT_LOST);
    ff_traces_clear();
    ff_heads_clear();
    ff_rec_started = 0;
    memset(ff_rec_aborts, 0, sizeof ff_rec_aborts);
    Py_RETURN_NONE;
}
