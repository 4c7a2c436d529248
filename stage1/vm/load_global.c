/* s1.load_global: the specializer of LOAD_GLOBAL and the dict-version helpers
 * (load_global.def has the members, load_global.h says why versions). */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "specialize.h"
#include "generated/opcode_ids.h"
#include "load_global.h"
#include "internal/pycore_code.h"   /* write_u32 */

/* CPython numbers keys versions upwards from 2 (dictobject.c); fivefold counts
 * down from the top, so the two never hand out the same number unless four
 * billion versions are assigned in one process. 0 means "none"; at 0 we stop. */
static uint32_t next_keys_version = UINT32_MAX;

static int
guardable(PyObject *dict)
{
    PyDictKeysObject *keys;
    if (!PyDict_CheckExact(dict)) {
        return 0;
    }
    keys = ((PyDictObject *)dict)->ma_keys;
    return keys->dk_kind == DICT_KEYS_UNICODE && ((PyDictObject *)dict)->ma_values == NULL
           && keys->dk_nentries > 0;
}

uint32_t
ff_keys_guard_version(PyDictKeysObject *keys)
{
    if (keys->dk_version == 0 && next_keys_version != 0) {
        keys->dk_version = next_keys_version--;
    }
    return keys->dk_version;
}

uint32_t
ff_dict_guard_version(PyObject *dict)
{
    return guardable(dict) ? ff_keys_guard_version(((PyDictObject *)dict)->ma_keys) : 0;
}

Py_ssize_t
ff_keys_name_index(PyDictKeysObject *keys, PyObject *name)
{
    if (!DK_IS_UNICODE(keys) || !PyUnicode_CheckExact(name)) {
        return -1;
    }
    PyDictUnicodeEntry *entries = DK_UNICODE_ENTRIES(keys);
    Py_hash_t hash = PyObject_Hash(name);   /* str: cached, never fails */
    /* A linear scan (only when specializing): the dict's own lookup is not
     * exported, and the index is what the cache needs. Deleted entries have
     * no key. */
    for (Py_ssize_t i = 0; i < keys->dk_nentries; i++) {
        PyObject *key = entries[i].me_key;
        if (key == NULL) {
            continue;
        }
        if (key == name || (((PyASCIIObject *)key)->hash == hash && _PyUnicode_Equal(key, name))) {
            return i;
        }
    }
    return -1;
}

Py_ssize_t
ff_dict_name_index(PyObject *dict, PyObject *name)
{
    if (!guardable(dict)) {
        return -1;
    }
    Py_ssize_t index = ff_keys_name_index(((PyDictObject *)dict)->ma_keys, name);
    /* A combined table keeps values in its entries; a deleted one has none. */
    if (index >= 0 && DK_UNICODE_ENTRIES(((PyDictObject *)dict)->ma_keys)[index].me_value == NULL) {
        return -1;
    }
    return index;
}

void
ff_specialize_load_global(PyObject *globals, PyObject *builtins, _Py_CODEUNIT *instr, PyObject *name)
{
    if (!ff_family_enabled[FF_LOAD_GLOBAL]) {
        ff_specialize_fail(instr, FF_LOAD_GLOBAL, "switched off");
        return;
    }
    if (!guardable(globals)) {
        ff_specialize_fail(instr, FF_LOAD_GLOBAL, "globals not a plain str-keyed dict");
        return;
    }
    Py_ssize_t index = ff_dict_name_index(globals, name);
    int builtin = 0;
    if (index < 0) {
        if (!guardable(builtins)) {
            ff_specialize_fail(instr, FF_LOAD_GLOBAL, "builtins not a plain str-keyed dict");
            return;
        }
        index = ff_dict_name_index(builtins, name);
        builtin = 1;
        if (index < 0) {
            ff_specialize_fail(instr, FF_LOAD_GLOBAL, "name not found");
            return;
        }
    }
    if (index > UINT16_MAX) {
        ff_specialize_fail(instr, FF_LOAD_GLOBAL, "index out of range");
        return;
    }
    uint32_t globals_version = ff_dict_guard_version(globals);
    uint32_t builtins_version = builtin ? ff_dict_guard_version(builtins) : 0;
    if (globals_version == 0 || (builtin && builtins_version == 0)) {
        ff_specialize_fail(instr, FF_LOAD_GLOBAL, "keys versions used up");
        return;
    }
    /* Cache: counter, globals version/2, builtins version/2, index/1. */
    write_u32(&instr[2], globals_version);
    write_u32(&instr[4], builtins_version);
    instr[6] = (_Py_CODEUNIT)index;
    ff_specialize_to(instr, FF_LOAD_GLOBAL, builtin ? FF_LOAD_GLOBAL_BUILTIN : FF_LOAD_GLOBAL_MODULE);
}
