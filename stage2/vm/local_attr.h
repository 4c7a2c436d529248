/* s2.local_attr: the LOAD_ATTR after a LOAD_FAST read with the object borrowed
 * from the local (local_attr.def says when; local_attr.c writes the pair).
 *
 * Each case is the member of stage 1's LOAD_ATTR family it names, with the
 * same guards on the same cache entries (stage1/vm/load_attr.def; the offsets
 * are the generator's FF_CACHE_<member>_<entry>, so a changed layout follows),
 * minus the owner's reference, which the local keeps. A guard that fails, a
 * member not listed or an unspecialized LOAD_ATTR gives NULL: the LOAD_ATTR
 * runs as usual and does what it would do (de-specialize, count down, raise). */
#ifndef FIVEFOLD_S2_LOCAL_ATTR_H
#define FIVEFOLD_S2_LOCAL_ATTR_H

#include "vm_internal.h"
#include "code.h"
#include "generated/opcode_ids.h"
#include "load_attr.h"   /* ff_instance_values, ff_instance_dict, ff_dict_hint_value */

extern int ff_local_attr_on;   /* s2.local_attr (stage.c): its quickening writes pairs */

/* The unit after `attr` (a LOAD_ATTR family member) is its cache's first. */
#define FF_LA_U32(attr, member, entry) read_u32(&(attr)[1 + FF_CACHE_##member##_##entry])
#define FF_LA_U16(attr, member, entry) ((attr)[1 + FF_CACHE_##member##_##entry])

/* The two instance-values members' read once their type guard held: the
 * owner's values array (_CHECK_INSTANCE_VALUES) at `index`, borrowed, or NULL. */
static inline PyObject *
ff_values_item(PyObject *owner, uint16_t index)
{
    PyDictValues *values = ff_instance_values(owner);
    return values == NULL ? NULL : values->values[index];
}

/* The attribute's value (a new reference), or NULL (nothing set) to let the
 * LOAD_ATTR at `attr` run. */
static inline PyObject *
ff_local_attr(PyObject *owner, const _Py_CODEUNIT *attr, PyObject *names)
{
    uint32_t tag = Py_TYPE(owner)->tp_version_tag;
    PyObject *res;
    switch (FF_OPCODE_AT(attr)) {
    case FF_LOAD_ATTR_INSTANCE_VALUE:
        if (tag != FF_LA_U32(attr, LOAD_ATTR_INSTANCE_VALUE, type_version)) {
            return NULL;
        }
        res = ff_values_item(owner, FF_LA_U16(attr, LOAD_ATTR_INSTANCE_VALUE, index));
        break;
    case FF_LOAD_ATTR_INSTANCE_VALUE_POLY:
        if (tag == 0 || (tag != FF_LA_U32(attr, LOAD_ATTR_INSTANCE_VALUE_POLY, v0)
                         && tag != FF_LA_U32(attr, LOAD_ATTR_INSTANCE_VALUE_POLY, v1)
                         && tag != FF_LA_U32(attr, LOAD_ATTR_INSTANCE_VALUE_POLY, v2)
                         && tag != FF_LA_U32(attr, LOAD_ATTR_INSTANCE_VALUE_POLY, v3))) {
            return NULL;
        }
        res = ff_values_item(owner, FF_LA_U16(attr, LOAD_ATTR_INSTANCE_VALUE_POLY, index));
        break;
    case FF_LOAD_ATTR_WITH_HINT: {
        if (tag != FF_LA_U32(attr, LOAD_ATTR_WITH_HINT, type_version)) {
            return NULL;
        }
        PyDictObject *dict = ff_instance_dict(owner);
        if (dict == NULL) {
            return NULL;
        }
        res = ff_dict_hint_value(dict, FF_LA_U16(attr, LOAD_ATTR_WITH_HINT, index),
                                 PyTuple_GET_ITEM(names, FF_OPARG_AT(attr)));
        break;
    }
    case FF_LOAD_ATTR_SLOT:
        if (tag != FF_LA_U32(attr, LOAD_ATTR_SLOT, type_version)) {
            return NULL;
        }
        res = *(PyObject **)((char *)owner + FF_LA_U16(attr, LOAD_ATTR_SLOT, index));
        break;
    default:
        return NULL;
    }
    if (res != NULL) {
        Py_INCREF(res);
    }
    return res;
}

/* Stage 2's quickening pass (local_attr.c): LOAD_FAST__LOAD_ATTR over each
 * plain LOAD_FAST whose next unit is a LOAD_ATTR. */
void ff_insert_local_attr(FFCode *code);

#endif
