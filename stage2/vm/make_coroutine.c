/* s2.make_coroutine: coroutines and async generators made as CPython 3.11
 * makes them (_Py_MakeCoro), with make_generator.c's copy of the frame. */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "stage2.h"

/* The three share _PyGenObject_HEAD: ff_generator_from_frame fills a
 * PyGenObject's fields, which must sit where the others' do. */
_Static_assert(offsetof(PyCoroObject, cr_iframe) == offsetof(PyGenObject, gi_iframe), "PyCoroObject's head");
_Static_assert(offsetof(PyAsyncGenObject, ag_iframe) == offsetof(PyGenObject, gi_iframe), "PyAsyncGenObject's head");
_Static_assert(offsetof(PyCoroObject, cr_origin_or_finalizer) == offsetof(PyGenObject, gi_origin_or_finalizer),
               "PyCoroObject's origin");

/* PyCoro_Type's and PyAsyncGen_Type's layouts, checked once each. */
static int
layout_known(PyTypeObject *type)
{
    static int coro = -1, async_gen = -1;
    int *known = type == &PyCoro_Type ? &coro : &async_gen;
    if (*known < 0) {
        *known = ff_gen_type_layout_known(type);
    }
    return *known;
}

PyObject *
ff_new_coroutine(PyThreadState *tstate, _PyInterpreterFrame *frame)
{
    int kind = frame->f_code->co_flags & (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR);
    PyTypeObject *type = kind == CO_COROUTINE ? &PyCoro_Type
                         : kind == CO_ASYNC_GENERATOR ? &PyAsyncGen_Type : NULL;
    /* With sys.set_coroutine_origin_tracking_depth on, a coroutine records
     * cr_origin from the frames above it: the base VM's way (PyCoro_New, which
     * fivefold's frame unlinking makes start at the caller) does that as
     * CPython does; it is a debugging aid (asyncio's debug mode), not a hot path.
     * A frame object this early is the base VM's way's too. */
    if (type == NULL || frame->frame_obj != NULL || !layout_known(type)
        || (kind == CO_COROUTINE && tstate->coroutine_origin_tracking_depth != 0)) {
        return NULL;
    }
    /* cr_origin / ag_finalizer start NULL, the async generator's hooks uninited
     * (its first iteration runs sys.set_asyncgen_hooks' firstiter). */
    return ff_generator_from_frame(frame, type);
}
