/* The seam between the base VM and the stages: all the base knows of them.
 *
 * Rules of this file:
 * - A stage with C code (stageN/vm/, built when stageN/vm/meson.build exists)
 *   defines one `const ff_stage ff_stageN` and nothing else the base calls; the
 *   generator lists the stages it found in generated/stages.h, which tiers.c
 *   includes: that list is the registration.
 * - Changes are switched on by id. Which instructions a change switches is
 *   declared once, in its .def file (`change(sN.name) = {...};`), and reaches C
 *   as generated/changes.h; a stage's configure() reads ff_change_on[] through
 *   that table.
 * - Frames run on the loop of the highest stage whose active() says so, else
 *   on tier 0 (eval.c). A stage's loop is shared/vm/eval_loop.c.h compiled with
 *   FF_LOOP_STAGE = N (eval_macros.h is the vocabulary of every loop). */
#ifndef FIVEFOLD_TIERS_H
#define FIVEFOLD_TIERS_H

#include "code.h"
#include "generated/changes.h"

/* Frames are CPython 3.11's _PyInterpreterFrame (vm_internal.h has the header;
 * this one is included by files that need no internals). */
struct _PyInterpreterFrame;
typedef PyObject *(*ff_loop_fn)(PyThreadState *tstate, struct _PyInterpreterFrame *frame, int throwflag);

typedef struct {
    int number;                               /* N of stageN */
    /* Apply the change switches (on[FF_CHANGE_*] for every change of every
     * stage); -1 with an exception set on failure. */
    int (*configure)(const unsigned char *on);
    /* Whether frames should run on this stage's loop under the last configure(). */
    int (*active)(void);
    ff_loop_fn loop;                          /* NULL: runs no loop of its own */
    /* Prepare a new code object (make_code, after its checks); NULL: nothing. */
    void (*quicken)(FFCode *code);
    /* {name: counts} of a statistics build, or None; NULL: none. */
    PyObject *(*stats)(void);
    void (*reset_stats)(void);
    /* The PEP 523 entry to use while this stage's loop is the active one, under
     * the last configure(): a function that does what ff_default_entry does
     * (the C stack guard, then this stage's loop for fivefold code and
     * CPython's for any other), cheaper; NULL (or no function): the default. */
    ff_loop_fn (*entry)(void);
    /* Functions the stage adds to fivefold._fivefold (a NULL-ended table, whose
     * docstrings say what they are); NULL: none. */
    PyMethodDef *methods;
} ff_stage;

/* Which changes are on, by FF_CHANGE_* index (set by ff_configure_changes). */
extern unsigned char ff_change_on[FF_NUM_CHANGES > 0 ? FF_NUM_CHANGES : 1];
/* The loop frames of fivefold code run on now (tier 0's unless a stage is active). */
extern ff_loop_fn ff_active_loop;
/* What the PEP 523 function (ff_eval_frame) runs: ff_default_entry unless the
 * active loop's stage gives an entry of its own. */
extern ff_loop_fn ff_active_entry;

/* ids: the enabled change ids, any stage. An id of a built stage that no .def
 * declares is an error (registry and engine disagree). */
int ff_configure_changes(PyObject *ids);
PyObject *ff_enabled_change_ids(void);
/* Every built stage's number, ascending (a tuple). */
PyObject *ff_built_stages(void);
/* {change id: (stage, ())} for every change(...) the .def files declare. */
PyObject *ff_declared_changes(void);
void ff_tiers_quicken(FFCode *code);
/* Add every built stage's functions (ff_stage.methods) to the module; -1 with
 * an exception on failure. */
int ff_tiers_add_methods(PyObject *module);
PyObject *ff_tiers_stats(void);
void ff_tiers_reset_stats(void);

/* eval.c: the tier-0 loop, and the default entry: the C stack guard (a
 * thread-local look-up), then ff_active_loop for fivefold code. */
PyObject *ff_run_tier0_frame(PyThreadState *tstate, struct _PyInterpreterFrame *frame, int throwflag);
PyObject *ff_default_entry(PyThreadState *tstate, struct _PyInterpreterFrame *frame, int throwflag);

#endif
