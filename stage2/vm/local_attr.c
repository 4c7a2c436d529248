/* s2.local_attr: the quickening pass that writes LOAD_FAST__LOAD_ATTR (the
 * instruction is in local_attr.def, its reads in local_attr.h). */
#include "local_attr.h"

void
ff_insert_local_attr(FFCode *code)
{
    _Py_CODEUNIT *instrs = code->instrs;
    Py_ssize_t n = code->ninstrs;
    /* Instruction by instruction (caches skipped): a LOAD_FAST that stage 1
     * left plain (not the first half of one of its pairs) and whose next unit
     * is a LOAD_ATTR (so no EXTENDED_ARG comes between them). */
    for (Py_ssize_t i = 0; i + 1 < n; i += 1 + ff_cache_size[_Py_OPCODE(instrs[i])]) {
        if (_Py_OPCODE(instrs[i]) == FF_LOAD_FAST && _Py_OPCODE(instrs[i + 1]) == FF_LOAD_ATTR) {
            _Py_SET_OPCODE(instrs[i], FF_LOAD_FAST__LOAD_ATTR);
        }
    }
}
