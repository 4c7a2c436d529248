/* Stage 1's machinery shared by every family, and its registration with the
 * base VM (tiers.h): the per-family switches, quickening of new code objects,
 * and the statistics (specialize.h says how counters work). */
#include "specialize.h"
#include "tiers.h"
#include <string.h>

unsigned char ff_family_enabled[256];
/* Later stages' hooks per family (specialize.h), NULL-terminated. */
static ff_family_hook family_hooks[256][FF_MAX_FAMILY_HOOKS + 1];
/* Whether any stage-1 change is on: frames then run on the adaptive loop. */
static int adaptive = 0;

int
ff_set_family_hook(int family, ff_family_hook hook, int on)
{
    ff_family_hook *hooks = family_hooks[family & 0xff];
    int n = 0;
    while (hooks[n] != NULL && hooks[n] != hook) {
        n++;
    }
    if (!on) {
        /* Close the gap, keeping the others' order. */
        for (; hooks[n] != NULL; n++) {
            hooks[n] = hooks[n + 1];
        }
        return 0;
    }
    if (hooks[n] == NULL) {
        if (n == FF_MAX_FAMILY_HOOKS) {
            PyErr_Format(PyExc_RuntimeError, "fivefold: more than %d hooks for family %d",
                         FF_MAX_FAMILY_HOOKS, family);
            return -1;
        }
        hooks[n] = hook;
    }
    return 0;
}

void
ff_ask_family_hooks(int family, PyObject *first, PyObject *second, _Py_CODEUNIT *instr, int oparg,
                    int polymorphic)
{
    if ((_Py_OPCODE(*instr) != family && !polymorphic) || !ff_family_enabled[family]) {
        return;   /* stage 1 specialized it, or the family is off */
    }
    for (ff_family_hook *hook = family_hooks[family]; *hook != NULL; hook++) {
        if ((*hook)(first, second, instr, oparg)) {
            return;
        }
    }
}

static void
quicken(FFCode *code)
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

static int
configure(const unsigned char *on)
{
    /* Each stage-1 change on switches on the instructions its change(...)
     * declaration names (generated/changes.h); s1.quickening names none: it is
     * the loop alone. A family cannot run without the loop: the registry
     * switches s1.quickening on with any of them, and so does this. */
    unsigned char enabled[256] = {0};
    int any = 0;
    for (int i = 0; ff_change_defs[i].id != NULL; i++) {
        const ff_change_def *c = &ff_change_defs[i];
        if (c->stage != 1 || !on[i]) {
            continue;
        }
        any = 1;
        for (int k = 0; k < c->nopcodes; k++) {
            enabled[c->opcodes[k]] = 1;
        }
    }
    memcpy(ff_family_enabled, enabled, sizeof enabled);
    adaptive = any;
    return 0;
}

static int
active(void)
{
    return adaptive;
}

static PyObject *ff_specialization_stats(void);
static void ff_reset_specialization_stats(void);
PyObject *ff_run_stage1_frame(PyThreadState *tstate, struct _PyInterpreterFrame *frame, int throwflag);

const ff_stage ff_stage1 = {
    .number = 1,
    .configure = configure,
    .active = active,
    .loop = ff_run_stage1_frame,
    .quicken = quicken,
    .stats = ff_specialization_stats,
    .reset_stats = ff_reset_specialization_stats,
};

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

static PyObject *
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

static void
ff_reset_specialization_stats(void)
{
#ifdef FIVEFOLD_STATS
    memset(ff_spec_stats, 0, sizeof ff_spec_stats);
#endif
}
