/* s2.store_attr_hint: helpers for STORE_ATTR_WITH_HINT's body (store_attr_hint.def). */
#ifndef FIVEFOLD_S2_STORE_ATTR_HINT_H
#define FIVEFOLD_S2_STORE_ATTR_HINT_H

#include "vm_internal.h"
#include "internal/pycore_dict.h"
#include "internal/pycore_object.h"   /* _PyObject_GC_IS_TRACKED, _PyObject_GC_MAY_BE_TRACKED */

/* Where the value of `name` sits in an instance dict if its entry `hint` holds
 * that very str with a value; NULL otherwise (then the key is elsewhere, absent,
 * or the dict is keyed by other kinds of object). */
static inline PyObject **
ff_dict_hint_slot(PyDictObject *dict, uint16_t hint, PyObject *name)
{
    PyDictKeysObject *keys = dict->ma_keys;
    if (hint >= keys->dk_nentries || !DK_IS_UNICODE(keys)) {
        return NULL;
    }
    PyDictUnicodeEntry *entry = DK_UNICODE_ENTRIES(keys) + hint;
    if (entry->me_key != name) {
        return NULL;
    }
    PyObject **slot = dict->ma_values != NULL ? &dict->ma_values->values[hint] : &entry->me_value;
    return *slot != NULL ? slot : NULL;
}

/* The cache unit of STORE_ATTR_WITH_HINT's hint (counter, type_version/2, hint/1). */
#define FF_STORE_ATTR_HINT_UNIT 3

/* After a store that missed the hint: write into `hint_unit` the index of
 * `name`'s entry in `owner`'s instance dict as it is now (read again: the store
 * may have run a finalizer that replaced the dict), or leave it if there is
 * none within the cache's reach. */
void ff_store_attr_rehint(PyObject *owner, PyObject *name, _Py_CODEUNIT *hint_unit);

/* A new PEP 509 version tag for a dict whose value was replaced in place. The
 * tags CPython hands out come from a counter it does not export; ours come
 * from a counter of our own that starts at 2**63, which CPython's never
 * reaches: each tag is still unique and new, which is all a reader compares
 * (3.11 keeps no watcher bits in the tag). */
extern uint64_t ff_dict_version_counter;

/* After `value` replaced an existing value of `dict` in place: what
 * PyDict_SetItem would have done besides (the version tag, and tracking a dict
 * that now holds an object the collector must see). */
static inline void
ff_dict_value_replaced(PyDictObject *dict, PyObject *value)
{
    dict->ma_version_tag = ++ff_dict_version_counter;
    if (!_PyObject_GC_IS_TRACKED(dict) && _PyObject_GC_MAY_BE_TRACKED(value)) {
        PyObject_GC_Track(dict);
    }
}

#endif
