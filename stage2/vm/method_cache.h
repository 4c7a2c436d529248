/* s2.method_cache: the global method cache and the instance check that
 * LOAD_METHOD_CACHED's body uses (method_cache.def; method_cache.c fills it). */
#ifndef FIVEFOLD_S2_METHOD_CACHE_H
#define FIVEFOLD_S2_METHOD_CACHE_H

#include "vm_internal.h"
#include "internal/pycore_dict.h"
#include "load_attr.h"     /* ff_instance_values, ff_instance_dict */
#include "load_global.h"   /* ff_keys_name_index */

/* One entry: the method descriptor (a function, a method_descriptor...) that
 * looking `name` up on a class at type version `version` finds, the class's
 * tp_getattro being object's. A type version names one state of one class and
 * is never given out again, so an entry whose version is the owner's type's
 * current one is right, and the class (alive: the owner refers to it) holds
 * the method. The entry holds `name` so that its address is not reused by
 * another str. keys_version: a version of the class's shared instance keys in
 * which `name` is not, 0 if none. */
typedef struct {
    uint32_t version;
    uint32_t keys_version;
    PyObject *name;
    PyObject *method;
} ff_method_entry;

#define FF_METHOD_CACHE_BITS 12  /* 4096 entries */
extern ff_method_entry ff_method_cache[1 << FF_METHOD_CACHE_BITS];

/* The slot of (version, name): from the name's string hash (a name is an
 * interned str, hashed when it was interned), not its address, so that which
 * names collide does not change from run to run with where the strings were
 * allocated (address-keyed slots made a stage-2 instruction-count test vary by
 * millions between runs of one build). */
static inline ff_method_entry *
ff_method_slot(uint32_t version, PyObject *name)
{
    Py_hash_t hash = ((PyASCIIObject *)name)->hash;
    uint32_t key = hash != -1 ? (uint32_t)hash : (uint32_t)((uintptr_t)name >> 4);
    uint32_t h = (version ^ key) * 2654435761u;
    return &ff_method_cache[h >> (32 - FF_METHOD_CACHE_BITS)];
}

/* The entry for (type, name), filled on a miss; NULL when the class has no
 * method of that name to cache (not found, not a method descriptor, a
 * __getattribute__ of its own, no type version). */
ff_method_entry *ff_method_cache_fill(PyTypeObject *type, PyObject *name);

static inline ff_method_entry *
ff_method_cache_lookup(PyTypeObject *type, PyObject *name)
{
    uint32_t version = type->tp_version_tag;   /* 0 once the class changed */
    ff_method_entry *entry = ff_method_slot(version, name);
    if (version != 0 && entry->version == version && entry->name == name) {
        return entry;
    }
    return ff_method_cache_fill(type, name);
}

/* 1 when `owner` itself has no attribute `name` (so the class's method is what
 * owner.name means), 0 when it has one or that is not known cheaply (a dict
 * keyed by other objects than strs, a dict at an offset): the generic path
 * then decides. `entry` is (type(owner), name)'s. */
static inline int
ff_instance_lacks(PyObject *owner, PyObject *name, const ff_method_entry *entry)
{
    PyTypeObject *type = Py_TYPE(owner);
    if (!(type->tp_flags & Py_TPFLAGS_MANAGED_DICT)) {
        return type->tp_dictoffset == 0;
    }
    PyDictValues *values = ff_instance_values(owner);
    if (values != NULL) {
        /* Shared keys only grow, and growing resets their version. */
        PyDictKeysObject *keys = ((PyHeapTypeObject *)type)->ht_cached_keys;
        if (entry->keys_version != 0 && keys->dk_version == entry->keys_version) {
            return 1;
        }
        Py_ssize_t index = ff_keys_name_index(keys, name);
        return index < 0 || values->values[index] == NULL;
    }
    PyDictObject *dict = ff_instance_dict(owner);
    if (dict == NULL) {
        return 1;
    }
    if (!DK_IS_UNICODE(dict->ma_keys) || !PyUnicode_CheckExact(name)) {
        return 0;   /* a lookup could run a key's __eq__ */
    }
    return _PyDict_GetItem_KnownHash((PyObject *)dict, name, ((PyASCIIObject *)name)->hash) == NULL;
}

#endif
