/* s2.load_method_lazy_dict: the LOAD_METHOD hook that writes LOAD_METHOD_LAZY_DICT
 * (load_method_lazy_dict.def) for an object whose dict at an offset is not made yet. */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "stage2.h"
#include "specialize.h"
#include "internal/pycore_code.h"   /* write_u32, write_u64 */

int
ff_load_method_lazy_dict_hook(PyObject *owner, PyObject *name, _Py_CODEUNIT *instr, int oparg)
{
    (void)oparg;
    PyTypeObject *type = Py_TYPE(owner);
    /* A negative offset counts from the end of a variable-size object: not
     * constant per class, left to the generic path. */
    if (type->tp_getattro != PyObject_GenericGetAttr || (type->tp_flags & Py_TPFLAGS_MANAGED_DICT)
        || type->tp_dictoffset <= 0 || PyType_Check(owner)
        || *(PyObject **)((char *)owner + type->tp_dictoffset) != NULL) {
        return 0;
    }
    PyObject *descr = _PyType_Lookup(type, name);   /* assigns a version if it can */
    uint32_t version = ff_type_version(type);
    if (version == 0 || descr == NULL || !(Py_TYPE(descr)->tp_flags & Py_TPFLAGS_METHOD_DESCRIPTOR)) {
        return 0;
    }
    /* Borrowed, as stage 1's members keep it: the class holds it while its version lasts. */
    write_u32(&instr[2], version);
    write_u64(&instr[7], (uint64_t)(uintptr_t)descr);
    ff_specialize_to(instr, FF_LOAD_METHOD, FF_LOAD_METHOD_LAZY_DICT);
    return 1;
}
