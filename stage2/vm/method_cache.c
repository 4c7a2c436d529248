/* s2.method_cache: filling the global method cache (method_cache.h), and the
 * LOAD_METHOD hook that writes LOAD_METHOD_CACHED (method_cache.def). */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "stage2.h"
#include "specialize.h"

ff_method_entry ff_method_cache[1 << FF_METHOD_CACHE_BITS];

/* A version of the class's shared instance keys that does not hold `name`, or 0. */
static uint32_t
keys_without(PyTypeObject *type, PyObject *name)
{
    if (!(type->tp_flags & Py_TPFLAGS_MANAGED_DICT)) {
        return 0;
    }
    PyDictKeysObject *keys = ((PyHeapTypeObject *)type)->ht_cached_keys;
    if (keys == NULL || ff_keys_name_index(keys, name) >= 0) {
        return 0;
    }
    return ff_keys_guard_version(keys);
}

ff_method_entry *
ff_method_cache_fill(PyTypeObject *type, PyObject *name)
{
    if (type->tp_getattro != PyObject_GenericGetAttr || !PyUnicode_CheckExact(name)) {
        return NULL;
    }
    PyObject *method = _PyType_Lookup(type, name);   /* assigns a version if it can */
    uint32_t version = ff_type_version(type);
    if (method == NULL || !(Py_TYPE(method)->tp_flags & Py_TPFLAGS_METHOD_DESCRIPTOR) || version == 0) {
        return NULL;
    }
    ff_method_entry *entry = ff_method_slot(version, name);
    entry->version = version;
    entry->keys_version = keys_without(type, name);
    Py_INCREF(name);
    Py_XSETREF(entry->name, name);   /* a str: releasing one runs no code */
    entry->method = method;
    return entry;
}

int
ff_method_cache_hook(PyObject *owner, PyObject *name, _Py_CODEUNIT *instr, int oparg)
{
    (void)oparg;
    ff_method_entry *entry = ff_method_cache_lookup(Py_TYPE(owner), name);
    if (entry == NULL || !ff_instance_lacks(owner, name, entry)) {
        return 0;
    }
    ff_specialize_to(instr, FF_LOAD_METHOD, FF_LOAD_METHOD_CACHED);
    return 1;
}
