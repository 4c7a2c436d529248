/* s1.load_attr: the specializers of LOAD_ATTR and LOAD_METHOD (load_attr.def
 * has the members, load_attr.h the object layouts they rely on). */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "specialize.h"
#include "generated/opcode_ids.h"
#include "load_global.h"   /* dict key versions and indexes (s1.load_global) */
#include "load_attr.h"
#include "internal/pycore_code.h"   /* write_u32, write_u64 */

/* Cache layout, LOAD_ATTR and LOAD_METHOD (instr: the opcode unit). */
#define TYPE_VERSION(instr) (&(instr)[2])
#define KEYS_VERSION(instr) (&(instr)[4])
#define INDEX(instr) ((instr)[6])
#define DESCR(instr) (&(instr)[7])

static void
write_descr(_Py_CODEUNIT *instr, PyObject *descr)
{
    write_u64(DESCR(instr), (uint64_t)(uintptr_t)descr);
}

/* owner is a module: its dict's key version and the name's entry. */
static int
specialize_module(PyObject *owner, _Py_CODEUNIT *instr, PyObject *name, int family, int member)
{
    PyObject *dict = ff_module_dict(owner);
    Py_ssize_t index = dict != NULL ? ff_dict_name_index(dict, name) : -1;
    uint32_t version = index >= 0 && index <= UINT16_MAX ? ff_dict_guard_version(dict) : 0;
    if (version == 0) {
        ff_specialize_fail(instr, family, index < 0 ? "module attribute not in its dict" : "module dict not guardable");
        return 0;
    }
    write_u32(KEYS_VERSION(instr), version);
    INDEX(instr) = (_Py_CODEUNIT)index;
    ff_specialize_to(instr, family, member);
    return 1;
}

/* owner is a class whose metaclass is `type`: a plain class attribute or a
 * function (a function read from a class is the function itself). */
static void
specialize_class(PyObject *owner, _Py_CODEUNIT *instr, PyObject *name, int family, int member)
{
    if (Py_TYPE(owner) != &PyType_Type) {
        ff_specialize_fail(instr, family, "class with a metaclass");
        return;
    }
    if (_PyType_Lookup(&PyType_Type, name) != NULL) {
        ff_specialize_fail(instr, family, "attribute of type itself");
        return;
    }
    PyObject *descr = _PyType_Lookup((PyTypeObject *)owner, name);
    uint32_t version = ff_type_version((PyTypeObject *)owner);
    if (descr == NULL) {
        ff_specialize_fail(instr, family, "class attribute not found");
    }
    else if (Py_TYPE(descr)->tp_descr_get != NULL && !PyFunction_Check(descr)) {
        ff_specialize_fail(instr, family, "class attribute with __get__");
    }
    else if (version == 0) {
        ff_specialize_fail(instr, family, "no type version");
    }
    else {
        write_u32(TYPE_VERSION(instr), version);
        write_descr(instr, descr);
        ff_specialize_to(instr, family, member);
    }
}

static void
specialize_load_attr(PyObject *owner, _Py_CODEUNIT *instr, PyObject *name)
{
    if (!ff_family_enabled[FF_LOAD_ATTR]) {
        ff_specialize_fail(instr, FF_LOAD_ATTR, "switched off");
        return;
    }
    if (PyModule_CheckExact(owner)) {
        specialize_module(owner, instr, name, FF_LOAD_ATTR, FF_LOAD_ATTR_MODULE);
        return;
    }
    if (PyType_Check(owner)) {
        specialize_class(owner, instr, name, FF_LOAD_ATTR, FF_LOAD_ATTR_CLASS);
        return;
    }
    PyTypeObject *type = Py_TYPE(owner);
    if (type->tp_getattro != PyObject_GenericGetAttr) {
        ff_specialize_fail(instr, FF_LOAD_ATTR, "__getattribute__ or __getattr__");
        return;
    }
    PyObject *descr = _PyType_Lookup(type, name);
    uint32_t version = ff_type_version(type);
    if (version == 0) {
        ff_specialize_fail(instr, FF_LOAD_ATTR, "no type version");
        return;
    }
    /* The cache is written once the member is chosen: widening a polymorphic
     * site reads what it holds. */
    if (descr != NULL) {
        PyTypeObject *kind = Py_TYPE(descr);
        if (kind == &PyProperty_Type) {
            write_u32(TYPE_VERSION(instr), version);
            write_descr(instr, descr);
            ff_specialize_to(instr, FF_LOAD_ATTR, FF_LOAD_ATTR_PROPERTY);
            return;
        }
        if (kind == &PyMemberDescr_Type) {
            PyMemberDef *member = ((PyMemberDescrObject *)descr)->d_member;
            if (member->type == T_OBJECT_EX && (member->flags & ~READONLY) == 0
                && member->offset > 0 && member->offset <= UINT16_MAX) {
                write_u32(TYPE_VERSION(instr), version);
                INDEX(instr) = (_Py_CODEUNIT)member->offset;
                ff_specialize_to(instr, FF_LOAD_ATTR, FF_LOAD_ATTR_SLOT);
            }
            else {
                ff_specialize_fail(instr, FF_LOAD_ATTR, "member descriptor of another kind");
            }
            return;
        }
        if (kind->tp_descr_set != NULL) {
            ff_specialize_fail(instr, FF_LOAD_ATTR, "data descriptor");
            return;
        }
        /* A non-data descriptor or a plain class attribute: the instance's
         * own attribute, if it has one, comes first. */
    }
    int plain_class_attribute = descr != NULL && Py_TYPE(descr)->tp_descr_get == NULL;
    if (!(type->tp_flags & Py_TPFLAGS_MANAGED_DICT)) {
        if (plain_class_attribute && type->tp_dictoffset == 0) {
            write_u32(TYPE_VERSION(instr), version);
            write_descr(instr, descr);
            ff_specialize_to(instr, FF_LOAD_ATTR, FF_LOAD_ATTR_NONDESCRIPTOR_NO_DICT);
            return;
        }
        ff_specialize_fail(instr, FF_LOAD_ATTR, descr != NULL ? "class attribute through an instance"
                                                              : "instance without a managed dict");
        return;
    }
    PyDictValues *values = ff_instance_values(owner);
    if (values != NULL) {
        PyDictKeysObject *keys = ((PyHeapTypeObject *)type)->ht_cached_keys;
        Py_ssize_t index = keys != NULL ? ff_keys_name_index(keys, name) : -1;
        if (index < 0 && plain_class_attribute && keys != NULL) {
            uint32_t keys_version = ff_keys_guard_version(keys);
            if (keys_version != 0) {
                write_u32(TYPE_VERSION(instr), version);
                write_u32(KEYS_VERSION(instr), keys_version);
                write_descr(instr, descr);
                ff_specialize_to(instr, FF_LOAD_ATTR, FF_LOAD_ATTR_NONDESCRIPTOR_WITH_VALUES);
                return;
            }
        }
        if (index < 0 || values->values[index] == NULL) {
            ff_specialize_fail(instr, FF_LOAD_ATTR, descr != NULL ? "class attribute through an instance"
                                                                  : "attribute not set");
            return;
        }
        int previous = _Py_OPCODE(*instr);
        if (ff_widen_to_poly(instr, previous == FF_LOAD_ATTR_INSTANCE_VALUE,
                             previous == FF_LOAD_ATTR_INSTANCE_VALUE_POLY,
                             previous == FF_LOAD_ATTR_INSTANCE_VALUE ? INDEX(instr) : FF_POLY_INDEX(instr),
                             (uint16_t)index, version)) {
            ff_specialize_to(instr, FF_LOAD_ATTR, FF_LOAD_ATTR_INSTANCE_VALUE_POLY);
            return;
        }
        write_u32(TYPE_VERSION(instr), version);
        INDEX(instr) = (_Py_CODEUNIT)index;
        ff_specialize_to(instr, FF_LOAD_ATTR, FF_LOAD_ATTR_INSTANCE_VALUE);
        return;
    }
    PyDictObject *dict = ff_instance_dict(owner);
    Py_ssize_t hint = dict != NULL && DK_IS_UNICODE(dict->ma_keys) ? ff_keys_name_index(dict->ma_keys, name) : -1;
    if (hint < 0 || hint > UINT16_MAX || ff_dict_hint_value(dict, (uint16_t)hint, name) == NULL) {
        ff_specialize_fail(instr, FF_LOAD_ATTR, dict == NULL ? "no instance dict"
                                                : "name not in the instance dict (or an equal, other str)");
        return;
    }
    write_u32(TYPE_VERSION(instr), version);
    INDEX(instr) = (_Py_CODEUNIT)hint;
    ff_specialize_to(instr, FF_LOAD_ATTR, FF_LOAD_ATTR_WITH_HINT);
}

static void
specialize_load_method(PyObject *owner, _Py_CODEUNIT *instr, PyObject *name)
{
    if (!ff_family_enabled[FF_LOAD_METHOD]) {
        ff_specialize_fail(instr, FF_LOAD_METHOD, "switched off");
        return;
    }
    if (PyModule_CheckExact(owner)) {
        specialize_module(owner, instr, name, FF_LOAD_METHOD, FF_LOAD_METHOD_MODULE);
        return;
    }
    if (PyType_Check(owner)) {
        specialize_class(owner, instr, name, FF_LOAD_METHOD, FF_LOAD_METHOD_CLASS);
        return;
    }
    PyTypeObject *type = Py_TYPE(owner);
    if (type->tp_getattro != PyObject_GenericGetAttr) {
        ff_specialize_fail(instr, FF_LOAD_METHOD, "__getattribute__ or __getattr__");
        return;
    }
    PyObject *descr = _PyType_Lookup(type, name);
    uint32_t version = ff_type_version(type);
    if (descr == NULL || !(Py_TYPE(descr)->tp_flags & Py_TPFLAGS_METHOD_DESCRIPTOR)) {
        ff_specialize_fail(instr, FF_LOAD_METHOD, descr == NULL ? "not found on the class" : "not a method");
        return;
    }
    if (version == 0) {
        ff_specialize_fail(instr, FF_LOAD_METHOD, "no type version");
        return;
    }
    write_u32(TYPE_VERSION(instr), version);
    write_descr(instr, descr);
    if (type->tp_flags & Py_TPFLAGS_MANAGED_DICT) {
        PyDictKeysObject *keys = ((PyHeapTypeObject *)type)->ht_cached_keys;
        if (ff_instance_values(owner) == NULL || keys == NULL) {
            ff_specialize_fail(instr, FF_LOAD_METHOD, "instance has a dict");
            return;
        }
        if (ff_keys_name_index(keys, name) >= 0) {
            ff_specialize_fail(instr, FF_LOAD_METHOD, "name among the instance keys");
            return;
        }
        uint32_t keys_version = ff_keys_guard_version(keys);
        if (keys_version == 0) {
            ff_specialize_fail(instr, FF_LOAD_METHOD, "keys versions used up");
            return;
        }
        write_u32(KEYS_VERSION(instr), keys_version);
        ff_specialize_to(instr, FF_LOAD_METHOD, FF_LOAD_METHOD_WITH_VALUES);
    }
    else if (type->tp_dictoffset == 0) {
        ff_specialize_to(instr, FF_LOAD_METHOD, FF_LOAD_METHOD_NO_DICT);
    }
    else {
        ff_specialize_fail(instr, FF_LOAD_METHOD, "instance dict at an offset");
    }
}

/* Stage 1's members first; then later stages' (ff_ask_family_hooks). */
void
ff_specialize_load_attr(PyObject *owner, _Py_CODEUNIT *instr, PyObject *name)
{
    specialize_load_attr(owner, instr, name);
    ff_ask_family_hooks(FF_LOAD_ATTR, owner, name, instr, 0, 0);
}

void
ff_specialize_load_method(PyObject *owner, _Py_CODEUNIT *instr, PyObject *name)
{
    /* A member for one class that missed and now gives way to one for another:
     * the site sees several classes (and stage 1 would keep re-specializing). */
    int previous = _Py_OPCODE(*instr);
    uint32_t seen = read_u32(TYPE_VERSION(instr));
    specialize_load_method(owner, instr, name);
    int polymorphic = (previous == FF_LOAD_METHOD_WITH_VALUES || previous == FF_LOAD_METHOD_NO_DICT)
                      && _Py_OPCODE(*instr) != FF_LOAD_METHOD && read_u32(TYPE_VERSION(instr)) != seen;
    ff_ask_family_hooks(FF_LOAD_METHOD, owner, name, instr, 0, polymorphic);
}
