/* What Python sees of stage 3's traces: fivefold._fivefold.traces(),
 * trace_stats() and clear_traces() (stage.c registers them; `fivefold dis
 * --traces` and `fivefold run --stats` print them). It reads the recorder's
 * counts (record.c), the heads (hot.c) and the traces (traces.c), none of
 * which reads it. */
#include "stage3.h"


static PyObject *
instr_tuple(const ff_trace *t, const ff_rec_instr *in)
{
    const char *name = ff_opcode_names[in->opcode] ? ff_opcode_names[in->opcode] : "<unknown>";
    /* Its micro-ops as recorded, before the optimizer's passes. */
    int count = 0;
    while (ff_opcode_uops[in->opcode][count] >= 0) {
        count++;
    }
    PyObject *recorded = PyTuple_New(count);
    if (recorded == NULL) {
        return NULL;
    }
    for (int j = 0; j < count; j++) {
        PyObject *uop = PyUnicode_FromString(ff_uop_names[ff_opcode_uops[in->opcode][j]]);
        if (uop == NULL) {
            Py_DECREF(recorded);
            return NULL;
        }
        PyTuple_SET_ITEM(recorded, j, uop);
    }
    return Py_BuildValue("(iOisiON)", in->depth, PyTuple_GET_ITEM(t->codes, in->code), in->offset,
                         name, in->oparg, (in->flags & FF_REC_JUMPED) ? Py_True : Py_False, recorded);
}

static PyObject *
uop_tuple(const ff_trace *t, const ff_uop *u)
{
    return Py_BuildValue("(isiOiI)", u->depth, ff_uop_names[u->uop], u->oparg,
                         PyTuple_GET_ITEM(t->codes, u->code), u->target,
                         (unsigned int)t->exits[u - t->uops]);
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
    PyObject *parent = t->parent >= 0 ? Py_BuildValue("(ii)", t->parent, t->parent_uop)
                                      : Py_NewRef(Py_None);
    if (link == NULL || parent == NULL) {
        Py_XDECREF(link);
        Py_XDECREF(parent);
        goto done;
    }
    PyObject *peeled = t->peeled >= 0 ? PyLong_FromLong(t->peeled) : Py_NewRef(Py_None);
    if (peeled == NULL) {
        Py_DECREF(link);
        Py_DECREF(parent);
        goto done;
    }
    result = Py_BuildValue("{s:i,s:O,s:i,s:s,s:N,s:O,s:O,s:n,s:N,s:i,s:N}", "id", t->id,
                           "code", PyTuple_GET_ITEM(t->codes, 0), "head", t->head,
                           "end", t->end == FF_TRACE_CLOSED ? "closed" : "linked", "link", link,
                           "instructions", instrs, "uops", uops, "entries", t->entries,
                           "parent", parent, "removed", t->removed, "peeled", peeled);
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
    for (int i = 0; i < ff_traces_count(); i++) {
        PyObject *d = trace_dict(ff_trace_at(i));
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
    Py_ssize_t instrs = 0, uops = 0, entries = 0, exits = 0;
    int ntraces = ff_traces_count();
    for (int i = 0; i < ntraces; i++) {
        const ff_trace *t = ff_trace_at(i);
        instrs += t->ninstrs;
        uops += t->nuops;
        entries += t->entries;
        for (int k = 0; k < t->nuops; k++) {
            exits += t->exits[k];
        }
    }
    Py_ssize_t bytes = instrs * (Py_ssize_t)sizeof(ff_rec_instr)
                       + uops * (Py_ssize_t)(sizeof(ff_uop) + sizeof(uint32_t))
                       + ntraces * (Py_ssize_t)sizeof(ff_trace);
    return Py_BuildValue("{s:n,s:i,s:n,s:n,s:N,s:n,s:i,s:i,s:i,s:n,s:n,s:n,s:n}",
                         "recordings", ff_rec_started, "traces", ntraces,
                         "instructions", instrs, "uops", uops, "aborted", aborts,
                         "blacklisted", ff_heads_count(FF_HEAD_BLACKLISTED),
                         "threshold", (int)ff_hot_threshold, "max_length", ff_trace_max_length,
                         "max_traces", ff_trace_max_traces, "trace_bytes", bytes,
                         "entries", entries, "exits", exits, "evicted", ff_traces_evicted());
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
