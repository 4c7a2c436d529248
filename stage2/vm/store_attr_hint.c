/* s2.store_attr_hint: the STORE_ATTR hook that writes STORE_ATTR_WITH_HINT
 * (store_attr_hint.def) where stage 1 found the object's attributes in a dict. */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "stage2.h"
#include "specialize.h"
#include "load_attr.h"     /* ff_instance_values, ff_instance_dict */
#include "load_global.h"   /* ff_keys_name_index */
#include "internal/pycore_code.h"   /* write_u32 */

uint64_t ff_dict_version_counter = (uint64_t)1 << 63;

/* A class attribute of that name that storing cannot meet: none, or one of an
 * immutable type without __set__ (a later __set__ could only come with a class
 * statement's type, which is a heap type). */
static int
store_goes_to_dict(PyObject *descr)
{
    return descr == NULL
           || (!(Py_TYPE(descr)->tp_flags & Py_TPFLAGS_HEAPTYPE) && Py_TYPE(descr)->tp_descr_set == NULL);
}

int
ff_store_attr_hint_hook(PyObject *owner, PyObject *name, _Py_CODEUNIT *instr, int oparg)
{
    (void)oparg;
    PyTypeObject *type = Py_TYPE(owner);
    if (type->tp_setattro != PyObject_GenericSetAttr || !(type->tp_flags & Py_TPFLAGS_MANAGED_DICT)
        || ff_instance_values(owner) != NULL || ff_instance_dict(owner) == NULL) {
        return 0;
    }
    PyDictKeysObject *keys = ff_instance_dict(owner)->ma_keys;
    Py_ssize_t hint = DK_IS_UNICODE(keys) ? ff_keys_name_index(keys, name) : -1;
    PyObject *descr = _PyType_Lookup(type, name);
    uint32_t version = ff_type_version(type);
    if (version == 0 || !store_goes_to_dict(descr)) {
        return 0;
    }
    write_u32(&instr[2], version);
    /* A name not in the dict yet (or past the cache's reach): no entry matches
     * the hint; the first store puts it there (ff_store_attr_rehint). */
    instr[1 + FF_STORE_ATTR_HINT_UNIT] = (_Py_CODEUNIT)(hint >= 0 && hint < UINT16_MAX ? hint : UINT16_MAX);
    ff_specialize_to(instr, FF_STORE_ATTR, FF_STORE_ATTR_WITH_HINT);
    return 1;
}

#define REHINT_MAX 64

void
ff_store_attr_rehint(PyObject *owner, PyObject *name, _Py_CODEUNIT *hint_unit)
{
    PyDictObject *dict = ff_instance_dict(owner);
    /* ff_keys_name_index scans the entries: a dict of more than REHINT_MAX of
     * them keeps the hint it has (each store through PyDict_SetItem, as before)
     * rather than pay a long scan after every store at a site whose objects
     * differ in layout. */
    if (dict == NULL || !DK_IS_UNICODE(dict->ma_keys) || dict->ma_keys->dk_nentries > REHINT_MAX) {
        return;
    }
    Py_ssize_t index = ff_keys_name_index(dict->ma_keys, name);
    if (index >= 0 && index < UINT16_MAX) {
        *hint_unit = (_Py_CODEUNIT)index;
    }
}
