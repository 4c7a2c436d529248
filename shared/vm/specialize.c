/* Stage 1 machinery shared by every family: the switches, quickening of new
 * code objects, and the statistics (specialize.h says how counters work). */
#include "specialize.h"
#include "opcode_ids.h"
#include "stage1_changes.h"
#include <string.h>

unsigned char ff_family_enabled[256];
int ff_adaptive = 0;

void
ff_quicken(FFCode *code)
{
    _Py_CODEUNIT *instrs = code->instrs;
    Py_ssize_t n = code->ninstrs;
    for (Py_ssize_t i = 0; i < n;) {
        int op = _Py_OPCODE(instrs[i]);
        int caches = ff_cache_size[op];
        if (ff_deopt[op] == op && caches > 0 && i + 1 < n) {
            instrs[i + 1] = ff_family_enabled[op] ? ff_counter_warmup() : ff_counter_never();
        }
        i += 1 + caches;
    }
    if (ff_family_enabled[FF_LOAD_FAST__LOAD_FAST]) {
        ff_insert_superinstructions(code);
    }
}

static const ff_change_families *
find_change(const char *id)
{
    for (const ff_change_families *c = ff_stage1_changes; c->id != NULL; c++) {
        if (strcmp(c->id, id) == 0) {
            return c;
        }
    }
    return NULL;
}

int
ff_configure_changes(PyObject *ids)
{
    /* ids: the enabled change ids (any stage). Ids of stage 1 switch families
     * on; every stage-1 id must be known here, or registry and C disagree. */
    unsigned char enabled[256] = {0};
    int quickening = 0;
    PyObject *iter = PyObject_GetIter(ids);
    if (iter == NULL) {
        return -1;
    }
    PyObject *item;
    while ((item = PyIter_Next(iter)) != NULL) {
        const char *id = PyUnicode_Check(item) ? PyUnicode_AsUTF8(item) : NULL;
        if (id == NULL) {
            if (!PyErr_Occurred()) {
                PyErr_Format(PyExc_TypeError, "change ids must be str, not %.100s", Py_TYPE(item)->tp_name);
            }
            Py_DECREF(item);
            Py_DECREF(iter);
            return -1;
        }
        const ff_change_families *c = find_change(id);
        if (c == NULL && strncmp(id, "s1.", 3) == 0) {
            PyErr_Format(PyExc_ValueError, "fivefold: change %R is registered but this build of the "
                         "engine does not know it (stage1/vm/changes.h)", item);
            Py_DECREF(item);
            Py_DECREF(iter);
            return -1;
        }
        if (c != NULL && c->families[0] == 0) {
            quickening = 1;   /* s1.quickening: the adaptive loop, no family */
        }
        if (c != NULL) {
            for (int k = 0; k < FF_MAX_CHANGE_FAMILIES && c->families[k]; k++) {
                enabled[c->families[k]] = 1;
            }
        }
        Py_DECREF(item);
    }
    Py_DECREF(iter);
    if (PyErr_Occurred()) {
        return -1;
    }
    memcpy(ff_family_enabled, enabled, sizeof enabled);
    /* A family cannot run without the adaptive loop: the registry switches
     * s1.quickening on with any of them, and so does this. */
    ff_adaptive = quickening;
    for (int op = 0; op < 256; op++) {
        ff_adaptive |= ff_family_enabled[op];
    }
    return 0;
}

PyObject *
ff_enabled_change_ids(void)
{
    PyObject *result = PyList_New(0);
    if (result == NULL) {
        return NULL;
    }
    for (const ff_change_families *c = ff_stage1_changes; c->id != NULL; c++) {
        if (c->families[0] == 0 ? ff_adaptive : ff_family_enabled[c->families[0]]) {
            PyObject *id = PyUnicode_FromString(c->id);
            if (id == NULL || PyList_Append(result, id) < 0) {
                Py_XDECREF(id);
                Py_DECREF(result);
                return NULL;
            }
            Py_DECREF(id);
        }
    }
    return result;
}

#ifdef FIVEFOLD_STATS
ff_family_stats ff_spec_stats[256];

void
ff_stat_failure(int family, const char *kind)
{
    ff_family_stats *s = &ff_spec_stats[family];
    s->failures++;
    for (int k = 0; k < FF_MAX_FAILURE_KINDS; k++) {
        if (s->failure_kind[k] == kind || s->failure_kind[k] == NULL) {
            s->failure_kind[k] = kind;
            s->failure_count[k]++;
            return;
        }
    }
    /* More kinds than slots: count them under the last one. */
    s->failure_count[FF_MAX_FAILURE_KINDS - 1]++;
}

static int
set_count(PyObject *dict, const char *key, unsigned long long value)
{
    PyObject *v = PyLong_FromUnsignedLongLong(value);
    if (v == NULL) {
        return -1;
    }
    int rc = PyDict_SetItemString(dict, key, v);
    Py_DECREF(v);
    return rc;
}
#endif

PyObject *
ff_specialization_stats(void)
{
    /* {family: {"specialized_runs", "misses", "deopts", "successes", "failures",
     *           "failure_kinds": {kind: count}}}; None without a statistics build. */
#ifdef FIVEFOLD_STATS
    PyObject *result = PyDict_New();
    if (result == NULL) {
        return NULL;
    }
    for (int op = 0; op < 256; op++) {
        if (ff_deopt[op] != op || op == 0) {
            continue;
        }
        ff_family_stats *s = &ff_spec_stats[op];
        PyObject *entry = PyDict_New();
        PyObject *kinds = PyDict_New();
        if (entry == NULL || kinds == NULL
            || PyDict_SetItemString(result, ff_opcode_names[op], entry) < 0
            || set_count(entry, "specialized_runs", s->specialized_runs) < 0
            || set_count(entry, "misses", s->misses) < 0
            || set_count(entry, "deopts", s->deopts) < 0
            || set_count(entry, "successes", s->successes) < 0
            || set_count(entry, "failures", s->failures) < 0
            || PyDict_SetItemString(entry, "failure_kinds", kinds) < 0) {
            Py_XDECREF(entry);
            Py_XDECREF(kinds);
            Py_DECREF(result);
            return NULL;
        }
        for (int k = 0; k < FF_MAX_FAILURE_KINDS && s->failure_kind[k]; k++) {
            if (set_count(kinds, s->failure_kind[k], s->failure_count[k]) < 0) {
                Py_DECREF(entry);
                Py_DECREF(kinds);
                Py_DECREF(result);
                return NULL;
            }
        }
        Py_DECREF(entry);
        Py_DECREF(kinds);
    }
    return result;
#else
    Py_RETURN_NONE;
#endif
}

void
ff_reset_specialization_stats(void)
{
#ifdef FIVEFOLD_STATS
    memset(ff_spec_stats, 0, sizeof ff_spec_stats);
#endif
}
