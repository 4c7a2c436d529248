/* The seam's registry (tiers.h): switches changes on by id, picks the loop,
 * and forwards quickening and statistics to the registered stages. */
#include "tiers.h"
#include "generated/stages.h"
#include <string.h>

unsigned char ff_change_on[FF_NUM_CHANGES > 0 ? FF_NUM_CHANGES : 1];
ff_loop_fn ff_active_loop = ff_run_tier0_frame;
ff_loop_fn ff_active_entry = ff_default_entry;

static int
find_change(const char *id)
{
    for (int i = 0; ff_change_defs[i].id != NULL; i++) {
        if (strcmp(ff_change_defs[i].id, id) == 0) {
            return i;
        }
    }
    return -1;
}

/* "sN.name" -> N, or -1 when the id has no stage prefix. */
static int
stage_of_id(const char *id)
{
    if (id[0] != 's' || id[1] < '0' || id[1] > '9') {
        return -1;
    }
    char *end;
    long n = strtol(id + 1, &end, 10);
    return *end == '.' ? (int)n : -1;
}

static int
stage_is_built(int number)
{
    for (const ff_stage *const *s = ff_registered_stages; *s != NULL; s++) {
        if ((*s)->number == number) {
            return 1;
        }
    }
    return 0;
}

int
ff_configure_changes(PyObject *ids)
{
    unsigned char on[FF_NUM_CHANGES > 0 ? FF_NUM_CHANGES : 1] = {0};
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
        int index = find_change(id);
        if (index >= 0) {
            on[index] = 1;
        }
        else if (stage_is_built(stage_of_id(id))) {
            PyErr_Format(PyExc_ValueError, "fivefold: change %R is registered but this build of the "
                         "engine does not know it (no change(...) declares it in stage%d/vm/*.def)",
                         item, stage_of_id(id));
            Py_DECREF(item);
            Py_DECREF(iter);
            return -1;
        }
        /* else: a change of a stage with no C code (a Python-only change). */
        Py_DECREF(item);
    }
    Py_DECREF(iter);
    if (PyErr_Occurred()) {
        return -1;
    }
    memcpy(ff_change_on, on, sizeof on);
    ff_loop_fn loop = ff_run_tier0_frame;
    ff_loop_fn entry = ff_default_entry;
    for (const ff_stage *const *s = ff_registered_stages; *s != NULL; s++) {
        if ((*s)->configure != NULL && (*s)->configure(ff_change_on) < 0) {
            return -1;
        }
        if ((*s)->loop != NULL && (*s)->active != NULL && (*s)->active()) {
            loop = (*s)->loop;   /* ascending: the highest active stage's loop wins */
            /* A stage's entry runs its own loop: it goes with that loop. */
            ff_loop_fn own = (*s)->entry != NULL ? (*s)->entry() : NULL;
            entry = own != NULL ? own : ff_default_entry;
        }
    }
    ff_active_loop = loop;
    ff_active_entry = entry;
    return 0;
}

PyObject *
ff_enabled_change_ids(void)
{
    PyObject *result = PyList_New(0);
    if (result == NULL) {
        return NULL;
    }
    for (int i = 0; ff_change_defs[i].id != NULL; i++) {
        if (!ff_change_on[i]) {
            continue;
        }
        PyObject *id = PyUnicode_FromString(ff_change_defs[i].id);
        if (id == NULL || PyList_Append(result, id) < 0) {
            Py_XDECREF(id);
            Py_DECREF(result);
            return NULL;
        }
        Py_DECREF(id);
    }
    return result;
}

PyObject *
ff_declared_changes(void)
{
    /* {id: (stage, ())}: the shape of the generated opcodes.CHANGES table that
     * changes.check_declarations reads, without importing that module at start-up
     * (the instructions are not needed for the check). */
    PyObject *result = PyDict_New();
    if (result == NULL) {
        return NULL;
    }
    for (int i = 0; ff_change_defs[i].id != NULL; i++) {
        PyObject *entry = Py_BuildValue("(i())", ff_change_defs[i].stage);
        if (entry == NULL || PyDict_SetItemString(result, ff_change_defs[i].id, entry) < 0) {
            Py_XDECREF(entry);
            Py_DECREF(result);
            return NULL;
        }
        Py_DECREF(entry);
    }
    return result;
}

PyObject *
ff_built_stages(void)
{
    PyObject *result = PyList_New(0);
    if (result == NULL) {
        return NULL;
    }
    for (const ff_stage *const *s = ff_registered_stages; *s != NULL; s++) {
        PyObject *n = PyLong_FromLong((*s)->number);
        if (n == NULL || PyList_Append(result, n) < 0) {
            Py_XDECREF(n);
            Py_DECREF(result);
            return NULL;
        }
        Py_DECREF(n);
    }
    Py_SETREF(result, PyList_AsTuple(result));
    return result;
}

int
ff_tiers_add_methods(PyObject *module)
{
    for (const ff_stage *const *s = ff_registered_stages; *s != NULL; s++) {
        if ((*s)->methods != NULL && PyModule_AddFunctions(module, (*s)->methods) < 0) {
            return -1;
        }
    }
    return 0;
}

void
ff_tiers_quicken(FFCode *code)
{
    for (const ff_stage *const *s = ff_registered_stages; *s != NULL; s++) {
        if ((*s)->quicken != NULL) {
            (*s)->quicken(code);
        }
    }
}

PyObject *
ff_tiers_stats(void)
{
    /* The stages' statistics merged into one dict; None when no stage has any
     * (not a statistics build). */
    PyObject *merged = NULL;
    for (const ff_stage *const *s = ff_registered_stages; *s != NULL; s++) {
        if ((*s)->stats == NULL) {
            continue;
        }
        PyObject *part = (*s)->stats();
        if (part == NULL) {
            Py_XDECREF(merged);
            return NULL;
        }
        if (part == Py_None) {
            Py_DECREF(part);
            continue;
        }
        if (merged == NULL) {
            merged = part;
            continue;
        }
        int rc = PyDict_Update(merged, part);
        Py_DECREF(part);
        if (rc < 0) {
            Py_DECREF(merged);
            return NULL;
        }
    }
    if (merged == NULL) {
        Py_RETURN_NONE;
    }
    return merged;
}

void
ff_tiers_reset_stats(void)
{
    for (const ff_stage *const *s = ff_registered_stages; *s != NULL; s++) {
        if ((*s)->reset_stats != NULL) {
            (*s)->reset_stats();
        }
    }
}
