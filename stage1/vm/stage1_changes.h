/* Stage 1's changes and the instruction families each one switches on.
 * The ids are those stage1/__init__.py registers (shared/change_registry.py);
 * a change switched off leaves its families generic: their counters never
 * reach zero (specialize.h). */
#ifndef FIVEFOLD_STAGE1_CHANGES_H
#define FIVEFOLD_STAGE1_CHANGES_H

#include "opcode_ids.h"

#define FF_MAX_CHANGE_FAMILIES 4

typedef struct {
    const char *id;
    unsigned char families[FF_MAX_CHANGE_FAMILIES];   /* generic opcodes; 0 ends the list */
} ff_change_families;

static const ff_change_families ff_stage1_changes[] = {
    /* The adaptive loop alone: no family (the loop runs when it or any family is on). */
    {"s1.quickening", {0}},
    {"s1.binary_op", {FF_BINARY_OP}},
    {"s1.compare_op", {FF_COMPARE_OP}},
    {"s1.truth", {FF_POP_JUMP_FORWARD_IF_FALSE, FF_POP_JUMP_FORWARD_IF_TRUE,
                  FF_POP_JUMP_BACKWARD_IF_FALSE, FF_POP_JUMP_BACKWARD_IF_TRUE}},
    {"s1.load_attr", {FF_LOAD_ATTR, FF_LOAD_METHOD}},
    {"s1.store_attr", {FF_STORE_ATTR}},
    {"s1.load_global", {FF_LOAD_GLOBAL}},
    {"s1.subscr", {FF_BINARY_SUBSCR, FF_STORE_SUBSCR}},
    {"s1.call", {FF_CALL}},
    {"s1.for_iter", {FF_FOR_ITER}},
    {"s1.unpack_sequence", {FF_UNPACK_SEQUENCE}},
    /* Not a family: its switch is keyed by its first superinstruction. */
    {"s1.superinstructions", {FF_LOAD_FAST__LOAD_FAST}},
    {NULL, {0}},
};

#endif
