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
#include "internal/pycore_code.h"   /* read_u32, write_u32 */

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

/* Polymorphic instance-value sites (LOAD_ATTR / STORE_ATTR ..._INSTANCE_VALUE_POLY):
 * objects of up to FF_POLY_TYPES classes whose shared keys hold the name at the
 * same index, as when subclasses inherit one __init__. Their cache: counter,
 * FF_POLY_TYPES type versions (2 units each, 0 = unused), then the index. */
#define FF_POLY_TYPES 4
#define FF_POLY_VERSION(instr, i) (&(instr)[2 + 2 * (i)])
#define FF_POLY_INDEX(instr) ((instr)[2 + 2 * FF_POLY_TYPES])

/* When a site specialized for one class (mono: its version at instr[2], its
 * index `old_index`) or several (poly) meets another class with the name at
 * the same index: write the poly cache with the new version added (the oldest
 * dropped when full) and return 1; 0 when it cannot be widened. */
static inline int
ff_widen_to_poly(_Py_CODEUNIT *instr, int was_mono, int was_poly, uint16_t old_index,
                 uint16_t index, uint32_t version)
{
    uint32_t seen[FF_POLY_TYPES + 1];
    int n = 0;
    if ((!was_mono && !was_poly) || old_index != index) {
        return 0;
    }
    if (was_mono) {
        seen[n++] = read_u32(&instr[2]);
        if (seen[0] == version) {
            return 0;   /* the same class missed for another reason */
        }
    }
    else {
        for (int i = 0; i < FF_POLY_TYPES; i++) {
            uint32_t v = read_u32(FF_POLY_VERSION(instr, i));
            if (v != 0 && v != version) {
                seen[n++] = v;
            }
        }
    }
    seen[n++] = version;
    int first = n > FF_POLY_TYPES ? n - FF_POLY_TYPES : 0;
    for (int i = 0; i < FF_POLY_TYPES; i++) {
        write_u32(FF_POLY_VERSION(instr, i), first + i < n ? seen[first + i] : 0);
    }
    FF_POLY_INDEX(instr) = index;
    return 1;
}

static inline PyObject *
ff_module_dict(PyObject *module)
{
    return ((PyModuleObject *)module)->md_dict;
}

#endif
