/* s3.guard_types: the first optimizer pass. Types are propagated along a
 * trace, and a guard whose check an earlier instruction of the trace already
 * proved is removed.
 *
 * Rules of this file:
 * - The pass reads the trace's instructions (as recorded) and says, per
 *   micro-op of each, whether it stays (keep[]); traces.c builds the micro-ops
 *   from what stays. It never removes anything but the guards below, and only
 *   when both values are proved to have the exact type the guard checks.
 * - What is proved: the exact type of each stack entry and local of each frame
 *   the trace runs in, as far as the instructions below say (a constant's
 *   type, a local stored with a known type, the result of an int or float
 *   member, a range iterator's item). Everything else is unknown, and so is
 *   everything at the trace's start: nothing is assumed across the back edge
 *   (no peeled iteration yet), so a value that enters the loop from a local is
 *   checked once per iteration, where the trace first uses it.
 * - A frame's model starts empty when the trace enters it (a call, a generator
 *   resumed) and is dropped when it returns; the caller's stack follows the
 *   instruction's own stack effect (ff_stack_effect) with an unknown result.
 *   An instruction whose effect the generator does not give ends the proofs
 *   for that frame.
 * - Sound because a trace's instructions run in order on every run of it: the
 *   executor leaves the trace wherever control goes elsewhere (a guard that
 *   fails, a branch the other way), so a later micro-op only runs after every
 *   earlier one of the same run did. Locals change only through the frame's
 *   own stores, which the pass sees (a trace function, which could write
 *   f_locals, makes the executor leave before the next instruction). */
#include "stage3.h"

int ff_opt_guard_types_on = 0;

#define MAX_STACK 64
#define MAX_LOCALS 64

typedef struct {
    PyTypeObject *stack[MAX_STACK];
    int sp;                      /* entries modelled; below 0: unknown entries popped */
    PyTypeObject *locals[MAX_LOCALS];
    int lost;                    /* an effect the model could not follow: nothing is proved */
} model;

static void
model_reset(model *m)
{
    memset(m, 0, sizeof *m);
}

static PyTypeObject *
peek(const model *m, int i)   /* i = 1: the top */
{
    int at = m->sp - i;
    return (m->lost || at < 0 || at >= MAX_STACK) ? NULL : m->stack[at];
}

static void
push(model *m, PyTypeObject *type)
{
    if (m->sp >= 0 && m->sp < MAX_STACK) {
        m->stack[m->sp] = type;
    }
    m->sp++;
}

static void
set_local(model *m, int index, PyTypeObject *type)
{
    if (index >= 0 && index < MAX_LOCALS) {
        m->locals[index] = type;
    }
}

static PyTypeObject *
local(const model *m, int index)
{
    return (m->lost || index < 0 || index >= MAX_LOCALS) ? NULL : m->locals[index];
}

/* The guards the pass removes: the type they check on the top two entries. */
static PyTypeObject *
guarded_type(int uop)
{
    switch (uop) {
    case FF_UOP_GUARD_BOTH_INT: return &PyLong_Type;
    case FF_UOP_GUARD_BOTH_FLOAT: return &PyFloat_Type;
    case FF_UOP_GUARD_BOTH_UNICODE: return &PyUnicode_Type;
    default: return NULL;
    }
}

/* The members whose two inputs (exactly two) become one result of a known
 * exact type; NULL for any other instruction. */
static PyTypeObject *
binary_result(int opcode)
{
    switch (opcode) {
    case FF_BINARY_OP_ADD_INT: case FF_BINARY_OP_SUBTRACT_INT: case FF_BINARY_OP_MULTIPLY_INT:
    case FF_BINARY_OP_INT_FLOORDIV: case FF_BINARY_OP_INT_BITWISE:
        return &PyLong_Type;      /* int's own slots on two exact ints: an exact int */
    case FF_BINARY_OP_ADD_FLOAT: case FF_BINARY_OP_SUBTRACT_FLOAT: case FF_BINARY_OP_MULTIPLY_FLOAT:
    case FF_BINARY_OP_FLOAT_MIXED:
        return &PyFloat_Type;     /* computed in C doubles, boxed as an exact float */
    case FF_BINARY_OP_ADD_UNICODE:
        return &PyUnicode_Type;
    default:
        return NULL;
    }
}

/* Units an instruction spans when control goes on after it (a pair runs its
 * second unit too). */
static int
width(int opcode)
{
    switch (opcode) {
    case FF_LOAD_FAST__LOAD_FAST: case FF_LOAD_FAST__LOAD_CONST: case FF_LOAD_CONST__LOAD_FAST:
    case FF_STORE_FAST__LOAD_FAST: case FF_STORE_FAST__STORE_FAST:
        return 2;
    default:
        return 1 + ff_cache_size[opcode];
    }
}

static int
always_jumps(int opcode)
{
    return opcode == FF_JUMP_FORWARD || opcode == FF_JUMP_BACKWARD
           || opcode == FF_JUMP_BACKWARD_NO_INTERRUPT;
}

void
ff_opt_guard_types(PyObject *codes, const ff_rec_instr *instrs, int n,
                   unsigned char keep[][FF_MAX_UOPS_PER_OPCODE + 1], int *removed)
{
    model *frames = PyMem_Calloc(FF_REC_MAX_DEPTH + 1, sizeof(model));
    if (frames == NULL) {
        return;   /* nothing removed: the trace runs as recorded */
    }
    int depth = n > 0 ? instrs[0].depth : 0;
    for (int i = 0; i < n; i++) {
        const ff_rec_instr *in = &instrs[i];
        if (in->depth > depth) {
            model_reset(&frames[in->depth]);   /* a frame entered: nothing known in it */
        }
        depth = in->depth;
        model *m = &frames[depth];
        int opcode = in->opcode, oparg = in->oparg;
        /* The guards this instruction's state already proves. */
        for (int j = 0; ff_opcode_uops[opcode][j] >= 0; j++) {
            PyTypeObject *type = guarded_type(ff_opcode_uops[opcode][j]);
            if (type != NULL && peek(m, 1) == type && peek(m, 2) == type) {
                keep[i][j] = 0;
                (*removed)++;
            }
        }
        /* Its effect on the model. */
        PyCodeObject *code = (PyCodeObject *)PyTuple_GET_ITEM(codes, in->code);
        _Py_CODEUNIT *unit = _PyCode_CODE(code) + in->offset;
        int second = _Py_OPARG(unit[1]);    /* a pair's second argument */
        PyTypeObject *top = peek(m, 1);
        PyTypeObject *result = binary_result(opcode);
        switch (opcode) {
        case FF_LOAD_CONST:
            push(m, Py_TYPE(PyTuple_GET_ITEM(code->co_consts, oparg)));
            break;
        case FF_LOAD_FAST:
            push(m, local(m, oparg));
            break;
        case FF_STORE_FAST:
            set_local(m, oparg, top);
            m->sp--;
            break;
        case FF_LOAD_FAST__LOAD_FAST:
            push(m, local(m, oparg));
            push(m, local(m, second));
            break;
        case FF_LOAD_FAST__LOAD_CONST:
            push(m, local(m, oparg));
            push(m, Py_TYPE(PyTuple_GET_ITEM(code->co_consts, second)));
            break;
        case FF_LOAD_CONST__LOAD_FAST:
            push(m, Py_TYPE(PyTuple_GET_ITEM(code->co_consts, oparg)));
            push(m, local(m, second));
            break;
        case FF_STORE_FAST__LOAD_FAST:
            set_local(m, oparg, top);
            m->sp--;
            push(m, local(m, second));
            break;
        case FF_STORE_FAST__STORE_FAST:
            set_local(m, oparg, top);
            set_local(m, second, peek(m, 2));
            m->sp -= 2;
            break;
        case FF_FOR_ITER_RANGE:
            if (!(in->flags & FF_REC_JUMPED)) {
                push(m, &PyLong_Type);   /* the next int of a range; the iterator stays */
                break;
            }
            /* fall through */
        default:
            if (result != NULL) {
                m->sp -= 2;
                push(m, result);
                break;
            }
            /* Any other instruction: its net effect on the depth (exact, from the
             * definitions), and nothing known of the stack's entries after it. */
            int effect = ff_stack_effect(opcode, oparg, (in->flags & FF_REC_JUMPED) != 0);
            if (effect == INT_MIN) {
                m->lost = 1;
                break;
            }
            m->sp += effect;
            for (int k = 0; k < MAX_STACK; k++) {
                m->stack[k] = NULL;
            }
            if (opcode == FF_DELETE_FAST) {
                set_local(m, oparg, NULL);
            }
            break;
        }
        /* An instruction that went on somewhere else than after itself without
         * being a jump skipped what the model did not see (a fused store): the
         * frame's model is lost. */
        if (i + 1 < n && instrs[i + 1].depth == depth && instrs[i + 1].code == in->code
            && !(in->flags & FF_REC_JUMPED) && !always_jumps(opcode)
            && instrs[i + 1].offset - instrs[i + 1].ext != in->offset + width(opcode)) {
            m->lost = 1;
        }
    }
    PyMem_Free(frames);
}
