/* s2.load_method_attr: the LOAD_METHOD hook that writes LOAD_METHOD_INSTANCE_ATTR
 * (load_method_attr.def) where the name is the object's own attribute. */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "stage2.h"
#include "specialize.h"
#include "load_attr.h"     /* ff_instance_values */
#include "load_global.h"   /* ff_keys_name_index */
#include "internal/pycore_code.h"   /* write_u32 */

/* What object.__getattribute__ finds on the class before the instance's own
 * attribute: a data descriptor. None at all, or one of a static type without
 * __set__ (a heap type could gain one without the owner's class changing), lets
 * the instance's value through for as long as the class keeps its version. */
static int
instance_comes_first(PyObject *descr)
{
    return descr == NULL
           || (!(Py_TYPE(descr)->tp_flags & Py_TPFLAGS_HEAPTYPE) && Py_TYPE(descr)->tp_descr_set == NULL);
}

int
ff_load_method_attr_hook(PyObject *owner, PyObject *name, _Py_CODEUNIT *instr, int oparg)
{
    (void)oparg;
    PyTypeObject *type = Py_TYPE(owner);
    if (type->tp_getattro != PyObject_GenericGetAttr || !(type->tp_flags & Py_TPFLAGS_MANAGED_DICT)
        || !PyUnicode_CheckExact(name)) {
        return 0;
    }
    PyDictValues *values = ff_instance_values(owner);
    PyDictKeysObject *keys = ((PyHeapTypeObject *)type)->ht_cached_keys;
    if (values == NULL || keys == NULL) {
        return 0;
    }
    Py_ssize_t index = ff_keys_name_index(keys, name);
    if (index < 0 || index > UINT16_MAX || values->values[index] == NULL) {
        return 0;
    }
    PyObject *descr = _PyType_Lookup(type, name);   /* assigns a version if it can */
    uint32_t version = ff_type_version(type);
    if (version == 0 || !instance_comes_first(descr)) {
        return 0;
    }
    write_u32(&instr[2], version);
    instr[6] = (_Py_CODEUNIT)index;
    ff_specialize_to(instr, FF_LOAD_METHOD, FF_LOAD_METHOD_INSTANCE_ATTR);
    return 1;
}
