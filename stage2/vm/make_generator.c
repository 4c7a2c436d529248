/* s2.make_generator: generators made as CPython 3.11 makes them. */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "stage2.h"

/* 1 when `type` (PyGen_Type, PyCoro_Type or PyAsyncGen_Type: one head,
 * _PyGenObject_HEAD) is laid out as 3.11's cpython/genobject.h says: the frame
 * inline at gi_iframe, one word per slot after it. */
int
ff_gen_type_layout_known(PyTypeObject *type)
{
    return PY_VERSION_HEX >= 0x030B0000 && PY_VERSION_HEX < 0x030C0000
           && type->tp_basicsize
              == (Py_ssize_t)(offsetof(PyGenObject, gi_iframe) + offsetof(_PyInterpreterFrame, localsplus))
           && type->tp_itemsize == (Py_ssize_t)sizeof(PyObject *);
}

/* A new object of `type` (make_gen in 3.11's Objects/genobject.c) that takes
 * this frame over (_PyFrame_Copy), leaving the frame as CPython's
 * RETURN_GENERATOR leaves it for the caller to pop; NULL on MemoryError. The
 * one way generators, coroutines and async generators are made here (the
 * callers, RETURN_GENERATOR's stage-2 micro-ops, have chosen the type from the
 * code's flags and checked its layout, the frame has no frame object). All
 * fields are written once, in place: origin/finalizer NULL (a coroutine made
 * while origin tracking is on takes the base VM's way), an async generator's
 * hooks not inited (its first iteration runs sys.set_asyncgen_hooks'
 * firstiter). Tracked by the cycle GC as make_gen does it (_PyObject_GC_TRACK,
 * inline: the object is new, so PyObject_GC_Track's check that it is not
 * tracked yet cannot fail). */
PyObject *
ff_generator_from_frame(_PyInterpreterFrame *frame, PyTypeObject *type)
{
    PyCodeObject *co = frame->f_code;
    PyFunctionObject *func = frame->f_func;
    PyGenObject *gen = PyObject_GC_NewVar(PyGenObject, type, co->co_nlocalsplus + co->co_stacksize);
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
    _PyObject_GC_TRACK(gen);
    return (PyObject *)gen;
}
