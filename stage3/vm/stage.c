/* Stage 3's registration with the base VM (shared/vm/tiers.h): its switches
 * and knobs, its loop while any stage-3 change is on, and the module's trace
 * functions. */
#include <errno.h>
#include <stdlib.h>

#include "stage3.h"
#include "tiers.h"

static int any_on = 0;

/* A knob from the environment: its value if set, else `fallback`; -1 with a
 * ValueError naming it if it is not a whole number in [low, high]. */
static long
knob(const char *name, long fallback, long low, long high)
{
    const char *text = getenv(name);
    if (text == NULL || *text == '\0') {
        return fallback;
    }
    char *end;
    errno = 0;
    long value = strtol(text, &end, 10);
    if (errno != 0 || *end != '\0' || value < low || value > high) {
        PyErr_Format(PyExc_ValueError, "%s=%s: expected a whole number from %ld to %ld",
                     name, text, low, high);
        return -1;
    }
    return value;
}

static int
configure(const unsigned char *on)
{
    any_on = 0;
    for (int i = 0; ff_change_defs[i].id != NULL; i++) {
        any_on |= ff_change_defs[i].stage == 3 && on[i];
    }
    ff_record_on = on[FF_CHANGE_s3_record];
    /* It runs what the recorder made (its requirement, so on with it). */
    ff_execute_on = on[FF_CHANGE_s3_execute] && ff_record_on;
    ff_opt_guard_types_on = on[FF_CHANGE_s3_guard_types];
    /* Back edges that make a loop hot (CPython 3.13 starts at 16, LuaJIT at 56). */
    long threshold = knob("FIVEFOLD_HOT_LOOP", 64, 1, 65535);
    long length = knob("FIVEFOLD_TRACE_LENGTH", 400, 1, FF_REC_MAX_LENGTH);
    long limit = knob("FIVEFOLD_TRACE_LIMIT", 1000, 0, 1000000);
    if (threshold < 0 || length < 0 || limit < 0) {
        return -1;
    }
    ff_hot_threshold = (uint16_t)threshold;
    ff_trace_max_length = (int)length;
    ff_trace_max_traces = (int)limit;
    return 0;
}

static int
active(void)
{
    return any_on;
}

PyObject *ff_run_stage3_frame(PyThreadState *tstate, struct _PyInterpreterFrame *frame, int throwflag);

static PyMethodDef methods[] = {
    {"traces", ff_traces_list, METH_NOARGS,
     "traces() -> the traces stage 3 recorded (s3.record), oldest first: dicts with the\n"
     "loop's code and head unit, how the trace ended, its instructions as\n"
     "(depth, code, unit, name, oparg, branch taken, micro-ops as recorded), its\n"
     "micro-ops after the optimizer's passes as (depth, name, oparg, code, unit,\n"
     "exits taken there), entries, the parent of a side trace and the micro-ops removed."},
    {"trace_stats", ff_traces_stats, METH_NOARGS,
     "trace_stats() -> recordings started, traces made, recordings dropped by reason,\n"
     "loops given up, the knobs, and the memory the traces take."},
    {"clear_traces", ff_traces_reset, METH_NOARGS,
     "clear_traces(): forget every trace, loop head and count (hot loops record again)."},
    {NULL, NULL, 0, NULL},
};

const ff_stage ff_stage3 = {
    .number = 3,
    .configure = configure,
    .active = active,
    .loop = ff_run_stage3_frame,
    .methods = methods,
};
