/* s2.subscr_getitem: the BINARY_SUBSCR hook that writes BINARY_SUBSCR_GETITEM
 * (subscr_getitem.def) for an object whose class's __getitem__ is a fivefold
 * function the loop can push with (obj, key). */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "stage2.h"
#include "specialize.h"
#include "internal/pycore_code.h"   /* write_u32 */

static PyObject *str_getitem;

int
ff_subscr_getitem_ready(void)
{
    if (str_getitem == NULL) {
        str_getitem = PyUnicode_InternFromString("__getitem__");
    }
    return str_getitem == NULL ? -1 : 0;
}

int
ff_subscr_getitem_hook(PyObject *container, PyObject *sub, _Py_CODEUNIT *instr, int oparg)
{
    (void)sub;
    (void)oparg;
    PyTypeObject *tp = Py_TYPE(container);
    /* Only a heap type has the _spec_cache; its mp_subscript is then the slot
     * that calls the __getitem__ found on the class, which is what runs here. */
    if (!(tp->tp_flags & Py_TPFLAGS_HEAPTYPE) || str_getitem == NULL) {
        return 0;
    }
    PyObject *descr = _PyType_Lookup(tp, str_getitem);
    if (descr == NULL || !PyFunction_Check(descr)) {
        return 0;
    }
    if (!ff_plain_two_parameters((PyCodeObject *)((PyFunctionObject *)descr)->func_code)) {
        return 0;   /* the member would refuse it on every subscript */
    }
    uint32_t version = ff_type_version(tp);
    if (version == 0) {
        return 0;
    }
    /* Borrowed, as CPython's specializer keeps it: the class's dict holds it
     * while the class keeps this version (CPython writes the same function
     * there for the same version). */
    ((PyHeapTypeObject *)tp)->_spec_cache.getitem = descr;
    write_u32(&instr[2], version);
    ff_specialize_to(instr, FF_BINARY_SUBSCR, FF_BINARY_SUBSCR_GETITEM);
    return 1;
}
