/* s1.superinstructions: the quickening pass that writes them (the
 * instructions are in superinstructions.def). */
#include "specialize.h"
#include "generated/opcode_ids.h"

/* The superinstruction for FIRST followed by SECOND, or 0. */
static int
pair(int first, int second)
{
    switch (first) {
    case FF_LOAD_FAST:
        return second == FF_LOAD_FAST ? FF_LOAD_FAST__LOAD_FAST
             : second == FF_LOAD_CONST ? FF_LOAD_FAST__LOAD_CONST : 0;
    case FF_LOAD_CONST:
        return second == FF_LOAD_FAST ? FF_LOAD_CONST__LOAD_FAST : 0;
    case FF_STORE_FAST:
        return second == FF_LOAD_FAST ? FF_STORE_FAST__LOAD_FAST
             : second == FF_STORE_FAST ? FF_STORE_FAST__STORE_FAST : 0;
    default:
        return 0;
    }
}

void
ff_insert_superinstructions(FFCode *code)
{
    _Py_CODEUNIT *instrs = code->instrs;
    Py_ssize_t n = code->ninstrs;
    /* Left to right; a unit that became the first half of a pair is not also
     * the second half of the pair before it (as CPython 3.11 does it, the
     * second of three LOAD_FASTs pairs with the third). */
    for (Py_ssize_t i = 0; i + 1 < n;) {
        int op = _Py_OPCODE(instrs[i]);
        int size = 1 + ff_cache_size[op];
        if (size == 1) {
            int super = pair(op, _Py_OPCODE(instrs[i + 1]));
            if (super) {
                _Py_SET_OPCODE(instrs[i], super);
                i += 2;
                continue;
            }
        }
        i += size;
    }
}
