/* s1.store_attr: the specializer of STORE_ATTR (store_attr.def has the members;
 * load_attr.h the object layouts). */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "specialize.h"
#include "generated/opcode_ids.h"
#include "load_global.h"   /* ff_keys_name_index */
#include "load_attr.h"
#include "internal/pycore_code.h"   /* write_u32 */

/* Cache: counter, type_version/2, index/1, or the poly layout of load_attr.h
 * (instr: the opcode unit). */
static void
specialize_store_attr(PyObject *owner, _Py_CODEUNIT *instr, PyObject *name)
{
    if (!ff_family_enabled[FF_STORE_ATTR]) {
        ff_specialize_fail(instr, FF_STORE_ATTR, "switched off");
        return;
    }
    PyTypeObject *type = Py_TYPE(owner);
    if (type->tp_setattro != PyObject_GenericSetAttr) {
        ff_specialize_fail(instr, FF_STORE_ATTR, PyModule_Check(owner) ? "module" : PyType_Check(owner) ? "class"
                                                 : "__setattr__");
        return;
    }
    PyObject *descr = _PyType_Lookup(type, name);
    uint32_t version = ff_type_version(type);
    if (version == 0) {
        ff_specialize_fail(instr, FF_STORE_ATTR, "no type version");
        return;
    }
    if (descr != NULL && Py_TYPE(descr) == &PyMemberDescr_Type) {
        PyMemberDef *member = ((PyMemberDescrObject *)descr)->d_member;
        if (member->type == T_OBJECT_EX && member->flags == 0 && member->offset > 0 && member->offset <= UINT16_MAX) {
            write_u32(&instr[2], version);
            instr[4] = (_Py_CODEUNIT)member->offset;
            ff_specialize_to(instr, FF_STORE_ATTR, FF_STORE_ATTR_SLOT);
        }
        else {
            ff_specialize_fail(instr, FF_STORE_ATTR, "member descriptor of another kind");
        }
        return;
    }
    if (descr != NULL && Py_TYPE(descr)->tp_descr_set != NULL) {
        ff_specialize_fail(instr, FF_STORE_ATTR, "data descriptor");
        return;
    }
    if (!(type->tp_flags & Py_TPFLAGS_MANAGED_DICT) || ((PyHeapTypeObject *)type)->ht_cached_keys == NULL) {
        ff_specialize_fail(instr, FF_STORE_ATTR, "instance without a managed dict");
        return;
    }
    if (ff_instance_values(owner) == NULL) {
        ff_specialize_fail(instr, FF_STORE_ATTR, "instance has a dict");
        return;
    }
    Py_ssize_t index = ff_keys_name_index(((PyHeapTypeObject *)type)->ht_cached_keys, name);
    if (index < 0) {
        ff_specialize_fail(instr, FF_STORE_ATTR, "name not among the shared keys");
        return;
    }
    int previous = _Py_OPCODE(*instr);
    if (ff_widen_to_poly(instr, previous == FF_STORE_ATTR_INSTANCE_VALUE,
                         previous == FF_STORE_ATTR_INSTANCE_VALUE_POLY,
                         previous == FF_STORE_ATTR_INSTANCE_VALUE ? instr[4] : FF_POLY_INDEX(instr),
                         (uint16_t)index, version)) {
        ff_specialize_to(instr, FF_STORE_ATTR, FF_STORE_ATTR_INSTANCE_VALUE_POLY);
        return;
    }
    write_u32(&instr[2], version);
    instr[4] = (_Py_CODEUNIT)index;
    ff_specialize_to(instr, FF_STORE_ATTR, FF_STORE_ATTR_INSTANCE_VALUE);
}

void
ff_specialize_store_attr(PyObject *owner, _Py_CODEUNIT *instr, PyObject *name)
{
    specialize_store_attr(owner, instr, name);
    ff_ask_family_hooks(FF_STORE_ATTR, owner, name, instr, 0, 0);
}
