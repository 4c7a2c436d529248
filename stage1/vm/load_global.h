/* s1.load_global: dictionary key versions for LOAD_GLOBAL's guards.
 *
 * A dict's keys object carries dk_version: 0, or a number that names its exact
 * key set and layout; CPython resets it to 0 whenever a key is added or removed
 * (insertdict, delitem_common, popitem, a resize makes a new keys object). A
 * cached (version, index) therefore says "this name sits at entry `index`"
 * for as long as the version stays. CPython hands out versions through
 * _PyDictKeys_GetVersionForCurrentState, which libpython does not export, so
 * fivefold assigns its own (load_global.c). */
#ifndef FIVEFOLD_S1_LOAD_GLOBAL_H
#define FIVEFOLD_S1_LOAD_GLOBAL_H

#include "vm_internal.h"         /* Py_BUILD_CORE_MODULE before Python.h */
#include "internal/pycore_dict.h"

static inline uint32_t
ff_dict_keys_version(PyObject *dict)
{
    return ((PyDictObject *)dict)->ma_keys->dk_version;
}

/* The value at entry `index` of an exact, combined, str-keyed dict (borrowed; NULL if deleted). */
static inline PyObject *
ff_dict_entry_value(PyObject *dict, uint16_t index)
{
    return DK_UNICODE_ENTRIES(((PyDictObject *)dict)->ma_keys)[index].me_value;
}

/* The entry index of `name` in `dict`'s keys, -1 if absent or not indexable here;
 * and a nonzero version for those keys (assigned if they had none), 0 if the
 * dict cannot be guarded this way. */
Py_ssize_t ff_dict_name_index(PyObject *dict, PyObject *name);
uint32_t ff_dict_guard_version(PyObject *dict);
/* The same on a str-keyed keys object (a dict's, or a class's shared instance
 * keys for s1.load_attr and s1.store_attr). */
Py_ssize_t ff_keys_name_index(PyDictKeysObject *keys, PyObject *name);
uint32_t ff_keys_guard_version(PyDictKeysObject *keys);

#endif
