/* s1.load_attr, s1.store_attr: inline helpers for the bodies in load_attr.def
 * and store_attr.def (included through stage1.h).
 *
 * CPython 3.11 objects of ordinary classes keep their attributes in a values
 * array indexed like their class's shared keys (ht_cached_keys) until a dict
 * is asked for; then a dict replaces the array. A type's tp_version_tag names
 * the state of its whole MRO: any change to the class or a base resets it. */
#ifndef FIVEFOLD_S1_LOAD_ATTR_H
#define FIVEFOLD_S1_LOAD_ATTR_H

#include "vm_internal.h"
#include "internal/pycore_dict.h"
#include "internal/pycore_moduleobject.h"
#include "structmember.h"   /* PyMemberDef, T_OBJECT_EX */

/* The values array of an object of a managed-dict class, NULL once it has a dict. */
static inline PyDictValues *
ff_instance_values(PyObject *owner)
{
    return *_PyObject_ValuesPointer(owner);
}

/* The materialized __dict__ of an object of a managed-dict class, or NULL. */
static inline PyDictObject *
ff_instance_dict(PyObject *owner)
{
    return (PyDictObject *)*_PyObject_ManagedDictPointer(owner);
}

/* The value of `name` at entry `hint` of an instance dict, or NULL if the
 * entry holds another key (or none). */
static inline PyObject *
ff_dict_hint_value(PyDictObject *dict, uint16_t hint, PyObject *name)
{
    PyDictKeysObject *keys = dict->ma_keys;
    if (hint >= keys->dk_nentries || !DK_IS_UNICODE(keys)) {
        return NULL;
    }
    PyDictUnicodeEntry *entry = DK_UNICODE_ENTRIES(keys) + hint;
    if (entry->me_key != name) {
        return NULL;
    }
    return dict->ma_values != NULL ? dict->ma_values->values[hint] : entry->me_value;
}

static inline PyObject *
ff_module_dict(PyObject *module)
{
    return ((PyModuleObject *)module)->md_dict;
}

#endif
