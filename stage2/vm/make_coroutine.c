/* s2.make_coroutine: coroutines and async generators made as CPython 3.11
 * makes them (_Py_MakeCoro), by make_generator.c's ff_generator_from_frame. */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "stage2.h"

/* The three share _PyGenObject_HEAD: ff_generator_from_frame fills a
 * PyGenObject's fields, which must sit where the others' do. */
_Static_assert(offsetof(PyCoroObject, cr_iframe) == offsetof(PyGenObject, gi_iframe), "PyCoroObject's head");
_Static_assert(offsetof(PyAsyncGenObject, ag_iframe) == offsetof(PyGenObject, gi_iframe), "PyAsyncGenObject's head");
_Static_assert(offsetof(PyCoroObject, cr_origin_or_finalizer) == offsetof(PyGenObject, gi_origin_or_finalizer),
               "PyCoroObject's origin");

/* PyCoro_Type's and PyAsyncGen_Type's layouts, checked once, when the change is
 * switched on (stage.c): if either differs, the change stays off. */
int
ff_coroutine_layouts_known(void)
{
    return ff_gen_type_layout_known(&PyCoro_Type) && ff_gen_type_layout_known(&PyAsyncGen_Type);
}
