/* s2.make_generator: generators made as CPython 3.11 makes them. */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "stage2.h"

/* 1 when PyGen_Type is laid out as 3.11's cpython/genobject.h says (the frame
 * inline at gi_iframe, one word per slot after it), 0 if not: then the base
 * VM's way is used. Checked once. */
int
ff_generator_layout_known(void)
{
    static int known = -1;
    if (known < 0) {
        known = PY_VERSION_HEX >= 0x030B0000 && PY_VERSION_HEX < 0x030C0000
                && PyGen_Type.tp_basicsize
                   == (Py_ssize_t)(offsetof(PyGenObject, gi_iframe) + offsetof(_PyInterpreterFrame, localsplus))
                && PyGen_Type.tp_itemsize == (Py_ssize_t)sizeof(PyObject *);
    }
    return known;
}

/* RETURN_GENERATOR for a plain generator: a new generator (make_gen in 3.11's
 * Objects/genobject.c) that takes this frame over (_PyFrame_Copy), leaving the
 * frame as CPython's RETURN_GENERATOR leaves it for the caller to pop. NULL with
 * no exception for a coroutine or async generator (the base VM's way). */
PyObject *
ff_new_generator(PyThreadState *tstate, _PyInterpreterFrame *frame)
{
    PyCodeObject *co = frame->f_code;
    if ((co->co_flags & (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR)) != CO_GENERATOR
        || frame->frame_obj != NULL) {
        return NULL;   /* (a frame object this early: the base VM's way handles it) */
    }
    PyFunctionObject *func = frame->f_func;
    PyGenObject *gen = PyObject_GC_NewVar(PyGenObject, &PyGen_Type, co->co_nlocalsplus + co->co_stacksize);
    if (gen == NULL) {
        return NULL;
    }
    gen->gi_code = (PyCodeObject *)Py_NewRef(co);
    gen->gi_weakreflist = NULL;
    gen->gi_name = Py_NewRef(func->func_name);
    gen->gi_qualname = Py_NewRef(func->func_qualname);
    gen->gi_exc_state.exc_value = NULL;
    gen->gi_exc_state.previous_item = NULL;
    gen->gi_origin_or_finalizer = NULL;
    gen->gi_hooks_inited = 0;
    gen->gi_closed = 0;
    gen->gi_running_async = 0;
    /* Specials, locals and the (empty) value stack move into the generator. */
    _PyInterpreterFrame *gen_frame = (_PyInterpreterFrame *)gen->gi_iframe;
    size_t size = (char *)&frame->localsplus[frame->stacktop] - (char *)frame;
    memcpy(gen_frame, frame, size);
    gen_frame->frame_obj = NULL;
    gen_frame->previous = NULL;
    gen_frame->owner = FRAME_OWNED_BY_GENERATOR;
    gen->gi_frame_state = FRAME_CREATED;
    ff_frame_moved_out(frame);
    PyObject_GC_Track(gen);
    return (PyObject *)gen;
}
