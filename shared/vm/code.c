/* The fivefold code object and make_code (docs/engine.md section 6).
 *
 * make_code checks the bytecode before anything runs it: every opcode is
 * known, every argument indexes what it names (constants, names, locals of the
 * right kind: cells for DEREF instructions, values for *_FAST ones), cells and
 * free variables are set up once at the start, every jump and handler lands on
 * an instruction inside the code, inline caches are zero, and a flow analysis
 * finds one stack depth per instruction, within co_stacksize, and no NULL used
 * as a value. The evaluator then trusts the code, so a compiler bug or a
 * hand-edited cache file gives a clear SystemError here instead of memory
 * corruption later. */
#include "code.h"
#include "generated/opcode_ids.h"
#include "opcode.h"   /* CPython 3.11's numbers, which the instructions it reads keep */
#include "tiers.h"
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

static PyObject *ff_original_replace;   /* CodeType.replace as CPython defines it (ff_code_init) */

static void
code_dealloc(FFCode *self)
{
    PyObject_GC_UnTrack(self);
    if (self->weakreflist != NULL) {
        PyObject_ClearWeakRefs((PyObject *)self);
    }
    if (self->owns_instrs) {
        PyMem_Free(self->instrs);
    }
    PyMem_Free(self->handlers);
    Py_XDECREF(self->co_consts);
    Py_XDECREF(self->co_names);
    Py_XDECREF(self->co_exceptiontable);
    Py_XDECREF(self->shadow_ref);
    PyObject_GC_Del(self);
}

static int
code_traverse(FFCode *self, visitproc visit, void *arg)
{
    Py_VISIT(self->co_consts);
    Py_VISIT(self->co_names);
    Py_VISIT(self->co_exceptiontable);
    Py_VISIT(self->shadow_ref);
    return 0;
}

static int
code_clear(FFCode *self)
{
    Py_CLEAR(self->co_consts);
    Py_CLEAR(self->co_names);
    Py_CLEAR(self->co_exceptiontable);
    Py_CLEAR(self->shadow_ref);
    return 0;
}

/* co_code: the bytecode as compiled (specialized instructions shown as their
 * generic ones, caches as zeros); co_code_adaptive: as it runs now, quickened. */
static PyObject *
code_get_co_code(FFCode *self, void *closure)
{
    PyObject *bytes = PyBytes_FromStringAndSize((const char *)self->instrs,
                                                self->ninstrs * (Py_ssize_t)sizeof(_Py_CODEUNIT));
    if (bytes == NULL) {
        return NULL;
    }
    _Py_CODEUNIT *units = (_Py_CODEUNIT *)PyBytes_AS_STRING(bytes);
    for (Py_ssize_t i = 0; i < self->ninstrs;) {
        int op = _Py_OPCODE(units[i]);
        if (ff_deopt[op] != 0) {
            _Py_SET_OPCODE(units[i], ff_deopt[op]);
        }
        int caches = ff_cache_size[ff_deopt[op] ? ff_deopt[op] : op];
        for (int k = 1; k <= caches && i + k < self->ninstrs; k++) {
            units[i + k] = 0;
        }
        i += 1 + caches;
    }
    return bytes;
}

static PyObject *
code_get_co_code_adaptive(FFCode *self, void *closure)
{
    return PyBytes_FromStringAndSize((const char *)self->instrs,
                                     self->ninstrs * (Py_ssize_t)sizeof(_Py_CODEUNIT));
}

static PyObject *
code_get_tuple(FFCode *self, void *closure)
{
    PyObject *value = *(PyObject **)((char *)self + (Py_ssize_t)closure);
    if (value == NULL) {
        PyErr_SetString(PyExc_ValueError, "the code object was cleared");
        return NULL;
    }
    return Py_NewRef(value);
}

static PyObject *
code_get_shadow(FFCode *self, void *closure)
{
    PyObject *shadow = self->shadow_ref ? PyWeakref_GetObject(self->shadow_ref) : Py_None;
    if (shadow == NULL) {
        return NULL;
    }
    return Py_NewRef(shadow);
}

static PyGetSetDef code_getset[] = {
    {"co_code", (getter)code_get_co_code, NULL, "the fivefold bytecode (bytes)", NULL},
    {"co_code_adaptive", (getter)code_get_co_code_adaptive, NULL,
     "the bytecode as it runs now: quickened, with specialized instructions and their counters (bytes)", NULL},
    {"co_consts", (getter)code_get_tuple, NULL, "constants", (void *)offsetof(FFCode, co_consts)},
    {"co_names", (getter)code_get_tuple, NULL, "names", (void *)offsetof(FFCode, co_names)},
    {"co_exceptiontable", (getter)code_get_tuple, NULL, "(start, end, target, depth, lasti) entries",
     (void *)offsetof(FFCode, co_exceptiontable)},
    {"shadow", (getter)code_get_shadow, NULL, "the shadow code object (None once it is gone)", NULL},
    {NULL},
};

static PyObject *
code_repr(FFCode *self)
{
    PyObject *shadow = self->shadow_ref ? PyWeakref_GetObject(self->shadow_ref) : NULL;
    if (shadow != NULL && PyCode_Check(shadow)) {
        return PyUnicode_FromFormat("<fivefold code %U, %zd units>",
                                    ((PyCodeObject *)shadow)->co_qualname, self->ninstrs);
    }
    return PyUnicode_FromFormat("<fivefold code, %zd units>", self->ninstrs);
}

PyTypeObject FFCode_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "fivefold._fivefold.Code",
    .tp_doc = "fivefold bytecode with its constants, names and exception table; made by make_code.",
    .tp_basicsize = sizeof(FFCode),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_dealloc = (destructor)code_dealloc,
    .tp_traverse = (traverseproc)code_traverse,
    .tp_clear = (inquiry)code_clear,
    .tp_weaklistoffset = offsetof(FFCode, weakreflist),
    .tp_getset = code_getset,
    .tp_repr = (reprfunc)code_repr,
};

const ff_handler *
ff_find_handler(const FFCode *code, int offset)
{
    for (Py_ssize_t i = 0; i < code->nhandlers; i++) {
        const ff_handler *h = &code->handlers[i];
        if (h->start <= offset && offset < h->end) {
            return h;
        }
    }
    return NULL;
}

/* ---- Checking the bytecode */

static int
bad_code(PyObject *shadow_name, Py_ssize_t offset, const char *what)
{
    PyErr_Format(PyExc_SystemError, "make_code(%R): %s at unit %zd", shadow_name, what, offset);
    return -1;
}

static int
uses_name(int op)
{
    switch (op) {
    case FF_LOAD_NAME: case FF_STORE_NAME: case FF_DELETE_NAME: case FF_LOAD_ATTR:
    case FF_LOAD_METHOD: case FF_STORE_ATTR: case FF_DELETE_ATTR: case FF_STORE_GLOBAL:
    case FF_DELETE_GLOBAL: case FF_IMPORT_NAME: case FF_IMPORT_FROM:
        return 1;
    default:
        return 0;
    }
}

static int
uses_local(int op)
{
    switch (op) {
    case FF_LOAD_FAST: case FF_STORE_FAST: case FF_DELETE_FAST: case FF_MAKE_CELL:
    case FF_LOAD_CLOSURE: case FF_LOAD_DEREF: case FF_LOAD_CLASSDEREF: case FF_STORE_DEREF:
    case FF_DELETE_DEREF:
        return 1;
    default:
        return 0;
    }
}

/* Kinds of localsplus slots (co_localspluskinds; CPython's CO_FAST_* bits). */
#define FF_FAST_CELL 0x40
#define FF_FAST_FREE 0x80

static int
slot_kind(PyCodeObject *tmpl, int i)
{
    return (unsigned char)PyBytes_AS_STRING(tmpl->co_localspluskinds)[i];
}

/* Which slots an opcode may name: the *_FAST ones hold values, the DEREF ones
 * cells. An instruction that took a cell for a value or a value for a cell would
 * read a PyCellObject out of anything (the crash a mutated cache could cause). */
static const char *
wrong_slot(int op, int kind)
{
    switch (op) {
    case FF_LOAD_FAST: case FF_STORE_FAST: case FF_DELETE_FAST:
        return (kind & (FF_FAST_CELL | FF_FAST_FREE)) ? "a *_FAST instruction names a cell or free variable" : NULL;
    case FF_MAKE_CELL:
        return (kind & FF_FAST_CELL) ? NULL : "MAKE_CELL names a slot that is not a cell variable";
    case FF_LOAD_CLOSURE: case FF_LOAD_DEREF: case FF_LOAD_CLASSDEREF: case FF_STORE_DEREF:
    case FF_DELETE_DEREF:
        return (kind & (FF_FAST_CELL | FF_FAST_FREE)) ? NULL : "a DEREF instruction names a slot that is not a cell or free variable";
    default:
        return NULL;
    }
}

static int
is_generator_code(PyCodeObject *tmpl)
{
    return (tmpl->co_flags & (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR)) != 0;
}

static int
is_jump(int op, int *backward)
{
    switch (op) {
    case FF_FOR_ITER: case FF_SEND: case FF_JUMP_FORWARD: case FF_JUMP_IF_FALSE_OR_POP:
    case FF_JUMP_IF_TRUE_OR_POP: case FF_POP_JUMP_FORWARD_IF_FALSE: case FF_POP_JUMP_FORWARD_IF_TRUE:
    case FF_POP_JUMP_FORWARD_IF_NONE: case FF_POP_JUMP_FORWARD_IF_NOT_NONE:
        *backward = 0;
        return 1;
    case FF_JUMP_BACKWARD: case FF_JUMP_BACKWARD_NO_INTERRUPT: case FF_POP_JUMP_BACKWARD_IF_FALSE:
    case FF_POP_JUMP_BACKWARD_IF_TRUE: case FF_POP_JUMP_BACKWARD_IF_NONE:
    case FF_POP_JUMP_BACKWARD_IF_NOT_NONE:
        *backward = 1;
        return 1;
    default:
        return 0;
    }
}

static int
falls_through(int op)
{
    switch (op) {
    case FF_JUMP_FORWARD: case FF_JUMP_BACKWARD: case FF_JUMP_BACKWARD_NO_INTERRUPT:
    case FF_RETURN_VALUE: case FF_RAISE_VARARGS: case FF_RERAISE:
        return 0;
    default:
        return 1;
    }
}

/* The decoded instruction starting at unit i: its opcode, full oparg and the
 * index just after it and its caches. */
typedef struct {
    int op, oparg;
    Py_ssize_t start, next;
} decoded;

static int
decode_at(const _Py_CODEUNIT *instrs, Py_ssize_t n, Py_ssize_t i, decoded *d)
{
    unsigned int oparg = 0;
    Py_ssize_t j = i;
    while (j < n && _Py_OPCODE(instrs[j]) == FF_EXTENDED_ARG) {
        oparg = (oparg << 8) | _Py_OPARG(instrs[j]);
        j++;
        if (j - i > 3) {
            return -1;
        }
    }
    if (j >= n) {
        return -1;
    }
    d->op = _Py_OPCODE(instrs[j]);
    d->oparg = (int)((oparg << 8) | _Py_OPARG(instrs[j]));
    d->start = j;
    d->next = j + 1 + ff_cache_size[d->op];
    return 0;
}

/* The prologue: COPY_FREE_VARS and MAKE_CELLs at the very start, as CPython lays
 * them out. Every cell and free slot must be filled there, once, before any
 * other instruction can run (nothing jumps back into it), so every DEREF
 * instruction finds a cell; MAKE_CELL and COPY_FREE_VARS appear nowhere else.
 * A generator's code must then start with RETURN_GENERATOR (YIELD_VALUE needs
 * the frame to belong to a generator), and only a generator's code may have it
 * or YIELD_VALUE. Returns the prologue's length in units, or -1. */
static Py_ssize_t
check_prologue(PyCodeObject *tmpl, FFCode *code)
{
    PyObject *name = tmpl->co_qualname;
    Py_ssize_t n = code->ninstrs, i = 0;
    int nlocalsplus = tmpl->co_nlocalsplus, copied = 0;
    char *made = PyMem_Calloc((size_t)nlocalsplus + 1, 1);
    if (made == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    decoded d;
    while (i < n && decode_at(code->instrs, n, i, &d) == 0
           && (d.op == FF_MAKE_CELL || d.op == FF_COPY_FREE_VARS)) {
        if (d.op == FF_COPY_FREE_VARS) {
            copied++;
        }
        else if (d.oparg < nlocalsplus) {
            made[d.oparg]++;
        }
        i = d.next;
    }
    Py_ssize_t end = i;
    const char *problem = NULL;
    if (copied != (tmpl->co_nfreevars > 0)) {
        problem = "free variables not copied exactly once at the start";
    }
    for (int k = 0; k < nlocalsplus && problem == NULL; k++) {
        int kind = slot_kind(tmpl, k);
        if ((kind & FF_FAST_CELL) && !(kind & FF_FAST_FREE) && made[k] != 1) {
            problem = "a cell variable not made a cell exactly once at the start";
        }
    }
    PyMem_Free(made);
    if (problem != NULL) {
        return bad_code(name, end, problem);
    }
    if (is_generator_code(tmpl)) {
        if (end >= n || decode_at(code->instrs, n, end, &d) < 0 || d.op != FF_RETURN_GENERATOR) {
            return bad_code(name, end, "a generator's code does not start with RETURN_GENERATOR");
        }
    }
    /* In a generator the prologue includes its RETURN_GENERATOR (at `end`). */
    Py_ssize_t last = is_generator_code(tmpl) ? end + 1 : end;
    for (Py_ssize_t h = 0; h < code->nhandlers; h++) {
        if (code->handlers[h].target < last || code->handlers[h].start < last) {
            return bad_code(name, code->handlers[h].target, "exception handler in the prologue");
        }
    }
    return end;
}

static int
check_instructions(PyCodeObject *tmpl, FFCode *code)
{
    PyObject *name = tmpl->co_qualname;
    Py_ssize_t n = code->ninstrs;
    Py_ssize_t nconsts = PyTuple_GET_SIZE(code->co_consts);
    Py_ssize_t nnames = PyTuple_GET_SIZE(code->co_names);
    Py_ssize_t prologue = check_prologue(tmpl, code);
    if (prologue < 0) {
        return -1;
    }
    int generator = is_generator_code(tmpl);
    for (Py_ssize_t i = 0; i < n;) {
        decoded d;
        if (decode_at(code->instrs, n, i, &d) < 0) {
            return bad_code(name, i, "EXTENDED_ARG without an instruction");
        }
        int op = d.op, oparg = d.oparg, backward;
        if (op >= FF_NUM_OPCODES || ff_opcode_names[op] == NULL || op == FF_CACHE) {
            return bad_code(name, d.start, "unknown opcode");
        }
        if ((ff_deopt[op] != 0 && ff_deopt[op] != op) || ff_internal[op]) {
            return bad_code(name, d.start, "specialized instruction (only the interpreter writes those)");
        }
        if (d.next > n) {
            return bad_code(name, d.start, "inline caches run past the end");
        }
        for (Py_ssize_t c = d.start + 1; c < d.next; c++) {
            /* Only the interpreter writes inline caches: counters and versions
             * that came with the code would be trusted. */
            if (code->instrs[c] != 0) {
                return bad_code(name, c, "inline cache not zero");
            }
        }
        if ((op == FF_LOAD_CONST || op == FF_KW_NAMES) && oparg >= nconsts) {
            return bad_code(name, d.start, "constant index out of range");
        }
        if (op == FF_KW_NAMES) {
            PyObject *kw = PyTuple_GET_ITEM(code->co_consts, oparg);
            if (!PyTuple_CheckExact(kw)) {
                return bad_code(name, d.start, "KW_NAMES constant is not a tuple");
            }
            Py_ssize_t call = d.next;
            while (call < n && _Py_OPCODE(code->instrs[call]) == FF_NOP) {
                call++;
            }
            if (call >= n || _Py_OPCODE(code->instrs[call]) != FF_CALL
                || _Py_OPARG(code->instrs[call]) < PyTuple_GET_SIZE(kw)) {
                return bad_code(name, d.start, "KW_NAMES is not followed by a CALL with enough arguments");
            }
        }
        if (uses_name(op) && oparg >= nnames) {
            return bad_code(name, d.start, "name index out of range");
        }
        if (op == FF_LOAD_GLOBAL && (oparg >> 1) >= nnames) {
            return bad_code(name, d.start, "name index out of range");
        }
        if (uses_local(op) && oparg >= tmpl->co_nlocalsplus) {
            return bad_code(name, d.start, "local variable index out of range");
        }
        if (uses_local(op) && wrong_slot(op, slot_kind(tmpl, oparg)) != NULL) {
            return bad_code(name, d.start, wrong_slot(op, slot_kind(tmpl, oparg)));
        }
        if ((op == FF_MAKE_CELL || op == FF_COPY_FREE_VARS) && d.start >= prologue) {
            return bad_code(name, d.start, "MAKE_CELL or COPY_FREE_VARS after the start");
        }
        if (op == FF_RETURN_GENERATOR && (!generator || d.start != prologue)) {
            return bad_code(name, d.start, "RETURN_GENERATOR not at the start of a generator's code");
        }
        if (op == FF_YIELD_VALUE && !generator) {
            return bad_code(name, d.start, "YIELD_VALUE outside a generator");
        }
        if (op == FF_COPY_FREE_VARS && oparg != tmpl->co_nfreevars) {
            return bad_code(name, d.start, "COPY_FREE_VARS does not match co_freevars");
        }
        if ((op == FF_BINARY_OP && oparg >= 26) || (op == FF_COMPARE_OP && oparg > Py_GE)
            || (op == FF_RAISE_VARARGS && oparg > 2) || ((op == FF_IS_OP || op == FF_CONTAINS_OP) && oparg > 1)
            || (op == FF_BUILD_SLICE && oparg != 2 && oparg != 3) || (op == FF_COPY && oparg < 1)
            || (op == FF_SWAP && oparg < 2) || (op == FF_GET_AWAITABLE && oparg > 2)
            || ((op == FF_LIST_APPEND || op == FF_SET_ADD || op == FF_MAP_ADD || op == FF_LIST_EXTEND
                 || op == FF_SET_UPDATE || op == FF_DICT_UPDATE || op == FF_DICT_MERGE) && oparg < 1)) {
            return bad_code(name, d.start, "argument out of range");
        }
        if (is_jump(op, &backward)) {
            Py_ssize_t target = backward ? d.next - oparg : d.next + oparg;
            if (target < 0 || target >= n) {
                return bad_code(name, d.start, "jump target outside the code");
            }
            if (target < prologue || (generator && target == prologue)) {
                return bad_code(name, d.start, "jump into the prologue");
            }
        }
        i = d.next;
    }
    return 0;
}

/* ---- The flow analysis: stack depths, and where a NULL can be
 *
 * PUSH_NULL, LOAD_GLOBAL (odd oparg) and LOAD_METHOD put a NULL on the stack
 * for CALL (or CALL_FUNCTION_EX) to consume; any other instruction taking it as
 * a value would crash. So the analysis follows, besides the depth, which slots
 * may hold NULL: a bit set per instruction (words of 64 slots). Every path must
 * reach an instruction with the same depth (CPython's compiler makes it so);
 * NULL sets merge by union. An exception handler is reached from each covered
 * instruction with that instruction's slots below the handler's depth. */

typedef struct {
    PyObject *name;
    Py_ssize_t n;
    int words;          /* 64-bit words per NULL set */
    int limit;          /* co_stacksize: no path may go deeper */
    char *start;        /* per unit: 1 where the linear decoding starts an instruction */
    int *depth;         /* per unit: -1 (not reached) or the depth on entry */
    uint64_t *nulls;    /* per unit: `words` words */
    char *queued;
    Py_ssize_t *work;
    Py_ssize_t top;
    int maxdepth;
} flow;

#define FLOW_GET(bits, i) (((bits)[(i) >> 6] >> ((i) & 63)) & 1)
#define FLOW_SET(bits, i) ((bits)[(i) >> 6] |= (uint64_t)1 << ((i) & 63))
#define FLOW_CLEAR(bits, i) ((bits)[(i) >> 6] &= ~((uint64_t)1 << ((i) & 63)))

/* Enter unit t with depth d and NULL set `bits`; queue it if that is news. */
static int
flow_reach(flow *f, Py_ssize_t t, int d, const uint64_t *bits)
{
    if (d < 0) {
        return bad_code(f->name, t, "stack underflow");
    }
    if (d > f->limit) {
        PyErr_Format(PyExc_SystemError, "make_code(%R): the stack reaches depth %d but co_stacksize is %d",
                     f->name, d, f->limit);
        return -1;
    }
    if (d > f->maxdepth) {
        f->maxdepth = d;
    }
    if (!f->start[t]) {
        /* A cache unit, or inside an EXTENDED_ARG prefix: what would run there
         * is not what check_instructions checked. */
        return bad_code(f->name, t, "jump or handler into the middle of an instruction");
    }
    uint64_t *mine = f->nulls + (size_t)t * (size_t)f->words;
    int changed = 0;
    if (f->depth[t] < 0) {
        f->depth[t] = d;
        memcpy(mine, bits, sizeof(uint64_t) * (size_t)f->words);
        changed = 1;
    }
    else if (f->depth[t] != d) {
        return bad_code(f->name, t, "stack depth differs between paths");
    }
    else {
        for (int w = 0; w < f->words; w++) {
            if ((mine[w] | bits[w]) != mine[w]) {
                mine[w] |= bits[w];
                changed = 1;
            }
        }
    }
    if (changed && !f->queued[t]) {
        f->queued[t] = 1;
        f->work[f->top++] = t;
    }
    return 0;
}

/* The NULL set after instruction `d` leaves depth `out` (its inputs checked). */
static void
flow_outputs(const flow *f, const decoded *d, int in_base, int out, uint64_t *bits)
{
    for (int s = in_base; s < f->limit + 1 && s < f->words * 64; s++) {
        FLOW_CLEAR(bits, s);
    }
    if (d->op == FF_PUSH_NULL || (d->op == FF_LOAD_GLOBAL && (d->oparg & 1))) {
        FLOW_SET(bits, d->op == FF_PUSH_NULL ? out - 1 : out - 2);
    }
    else if (d->op == FF_LOAD_METHOD) {
        FLOW_SET(bits, out - 2);
    }
}

/* The one input slot an instruction may find NULL in, or -1. */
static int
null_input(const decoded *d, int d0, int inputs)
{
    if (d->op == FF_CALL || d->op == FF_CALL_FUNCTION_EX) {
        return d0 - inputs;
    }
    return -1;
}

static int
flow_step(flow *f, Py_ssize_t i, FFCode *code, uint64_t *cur, uint64_t *edge)
{
    Py_ssize_t n = f->n;
    int d0 = f->depth[i];
    memcpy(cur, f->nulls + (size_t)i * (size_t)f->words, sizeof(uint64_t) * (size_t)f->words);
    decoded d;
    if (decode_at(code->instrs, n, i, &d) < 0) {
        return bad_code(f->name, i, "EXTENDED_ARG without an instruction");
    }
    /* Exceptions raised here unwind to the handler covering the instruction. */
    for (Py_ssize_t u = i; u <= d.start; u++) {
        const ff_handler *h = ff_find_handler(code, (int)u);
        if (h == NULL || (u > i && h == ff_find_handler(code, (int)i))) {
            continue;
        }
        if (h->depth > d0) {
            return bad_code(f->name, u, "exception handler deeper than the stack");
        }
        /* The slots below the handler's depth stay; lasti and the exception are values. */
        memcpy(edge, cur, sizeof(uint64_t) * (size_t)f->words);
        for (int s = h->depth; s < f->words * 64; s++) {
            FLOW_CLEAR(edge, s);
        }
        if (flow_reach(f, h->target, h->depth + h->lasti + 1, edge) < 0) {
            return -1;
        }
    }
    int inputs = ff_stack_inputs(d.op, d.oparg);
    if (d0 < inputs) {
        return bad_code(f->name, d.start, "stack underflow");
    }
    if (d.op == FF_SWAP) {
        /* A pure exchange: the NULL travels with its value. */
        int a = d0 - 1, b = d0 - d.oparg;
        int va = (int)FLOW_GET(cur, a), vb = (int)FLOW_GET(cur, b);
        if (va) FLOW_SET(cur, b); else FLOW_CLEAR(cur, b);
        if (vb) FLOW_SET(cur, a); else FLOW_CLEAR(cur, a);
        if (d.next >= n) {
            return bad_code(f->name, d.start, "execution can run off the end of the code");
        }
        return flow_reach(f, d.next, d0, cur);
    }
    int allowed = null_input(&d, d0, inputs);
    for (int s = d0 - inputs; s < d0; s++) {
        if (s != allowed && FLOW_GET(cur, s)) {
            return bad_code(f->name, d.start, "a NULL on the stack is used as a value");
        }
    }
    /* A generator suspended at this yield is delegating (`yield from`, `await`)
     * when a RESUME with oparg 2 or more follows: CPython's _PyGen_yf (close,
     * throw, cr_await, gi_yieldfrom) and ops.c's gen_yf then take the stack's
     * top, below the value yielded, as the receiver. There must be one, and no
     * NULL (found by tests/vm/bytecode_fuzz.py: RESUME 1 -> 7 after a plain
     * yield, then close(), read below the stack). */
    if (d.op == FF_YIELD_VALUE && d.next < n && _Py_OPCODE(code->instrs[d.next]) == FF_RESUME
        && _Py_OPARG(code->instrs[d.next]) >= 2 && (d0 < 2 || FLOW_GET(cur, d0 - 2))) {
        return bad_code(f->name, d.next, "RESUME of a yield from with no receiver below the value yielded");
    }
    int backward;
    if (is_jump(d.op, &backward)) {
        Py_ssize_t target = backward ? d.next - d.oparg : d.next + d.oparg;
        int out = d0 + ff_stack_effect(d.op, d.oparg, 1);
        memcpy(edge, cur, sizeof(uint64_t) * (size_t)f->words);
        flow_outputs(f, &d, d0 - inputs, out, edge);
        if (flow_reach(f, target, out, edge) < 0) {
            return -1;
        }
    }
    int not_taken = ff_stack_effect(d.op, d.oparg, 0);
    if (d.op == FF_RETURN_GENERATOR) {
        not_taken = 1;   /* resumption pushes the value sent in */
    }
    if (falls_through(d.op)) {
        if (d.next >= n) {
            return bad_code(f->name, d.start, "execution can run off the end of the code");
        }
        flow_outputs(f, &d, d0 - inputs, d0 + not_taken, cur);
        return flow_reach(f, d.next, d0 + not_taken, cur);
    }
    if (d0 + not_taken < 0) {
        return bad_code(f->name, d.start, "stack underflow");
    }
    return 0;
}

/* The deepest value stack any path reaches, or -1 with SystemError. */
static int
check_stack_depth(PyCodeObject *tmpl, FFCode *code)
{
    flow f = {.name = tmpl->co_qualname, .n = code->ninstrs, .limit = tmpl->co_stacksize};
    Py_ssize_t n = f.n;
    int result = -1;
    f.words = (tmpl->co_stacksize + 2) / 64 + 1;
    f.depth = PyMem_Malloc(sizeof(int) * (size_t)(n + 1));
    f.nulls = PyMem_Calloc((size_t)(n + 1) * (size_t)f.words, sizeof(uint64_t));
    f.queued = PyMem_Calloc((size_t)n + 1, 1);
    f.work = PyMem_Malloc(sizeof(Py_ssize_t) * (size_t)(n + 1));
    f.start = PyMem_Calloc((size_t)n + 1, 1);
    uint64_t *cur = PyMem_Calloc((size_t)f.words * 2, sizeof(uint64_t));
    if (f.depth == NULL || f.nulls == NULL || f.queued == NULL || f.work == NULL || cur == NULL
        || f.start == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n;) {
        decoded d;
        if (decode_at(code->instrs, n, i, &d) < 0) {
            bad_code(f.name, i, "EXTENDED_ARG without an instruction");
            goto done;
        }
        f.start[i] = 1;
        i = d.next;
    }
    for (Py_ssize_t i = 0; i <= n; i++) {
        f.depth[i] = -1;
    }
    if (n > 0 && flow_reach(&f, 0, 0, cur) < 0) {
        goto done;
    }
    while (f.top > 0) {
        Py_ssize_t i = f.work[--f.top];
        f.queued[i] = 0;
        if (flow_step(&f, i, code, cur, cur + f.words) < 0) {
            goto done;
        }
    }
    result = f.maxdepth;
done:
    PyMem_Free(f.depth);
    PyMem_Free(f.nulls);
    PyMem_Free(f.queued);
    PyMem_Free(f.work);
    PyMem_Free(f.start);
    PyMem_Free(cur);
    return result;
}

static int
decode_handlers(PyCodeObject *tmpl, FFCode *code, PyObject *table)
{
    Py_ssize_t n = PyTuple_GET_SIZE(table);
    code->handlers = PyMem_Calloc(n ? (size_t)n : 1, sizeof(ff_handler));
    if (code->handlers == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *entry = PyTuple_GET_ITEM(table, i);
        ff_handler *h = &code->handlers[i];
        if (!PyTuple_Check(entry) || !PyArg_ParseTuple(entry, "iiiii", &h->start, &h->end, &h->target,
                                                        &h->depth, &h->lasti)) {
            PyErr_Format(PyExc_TypeError, "make_code: exception table entry %zd must be a tuple "
                         "(start, end, target, depth, lasti) of ints", i);
            return -1;
        }
        if (h->start < 0 || h->end <= h->start || h->end > code->ninstrs || h->target < 0
            || h->target >= code->ninstrs || h->depth < 0 || (h->lasti != 0 && h->lasti != 1)
            || h->depth + h->lasti + 1 > tmpl->co_stacksize) {
            PyErr_Format(PyExc_ValueError, "make_code: exception table entry %zd %R is out of range", i, entry);
            return -1;
        }
        code->nhandlers++;
    }
    return 0;
}

/* String constants made only of ASCII letters, digits and underscores are
 * interned, as CPython 3.11's code objects intern theirs (codeobject.c,
 * intern_string_constants), also inside constant tuples and frozensets: a
 * program may compare such constants with `is` across modules (test_decimal's
 * `C.ROUND_UP is P.ROUND_UP`), and dict lookups with them as keys take the
 * identity fast path. The tuple is changed in place, as CPython's is; an item is
 * only ever replaced by an equal str. */
static int
all_name_chars(PyObject *s)
{
    if (!PyUnicode_IS_ASCII(s)) {
        return 0;
    }
    const unsigned char *p = PyUnicode_1BYTE_DATA(s);
    for (Py_ssize_t i = 0, n = PyUnicode_GET_LENGTH(s); i < n; i++) {
        if (!Py_ISALNUM(p[i]) && p[i] != '_') {
            return 0;
        }
    }
    return 1;
}

static int
intern_string_constants(PyObject *tuple, int *modified)
{
    for (Py_ssize_t i = PyTuple_GET_SIZE(tuple); --i >= 0; ) {
        PyObject *v = PyTuple_GET_ITEM(tuple, i);
        if (PyUnicode_CheckExact(v)) {
            if (PyUnicode_READY(v) < 0) {
                return -1;
            }
            if (all_name_chars(v)) {
                PyObject *w = Py_NewRef(v);
                PyUnicode_InternInPlace(&w);
                if (w != v) {
                    PyTuple_SET_ITEM(tuple, i, w);   /* steals w */
                    Py_DECREF(v);
                    if (modified) {
                        *modified = 1;
                    }
                }
                else {
                    Py_DECREF(w);
                }
            }
        }
        else if (PyTuple_CheckExact(v)) {
            if (intern_string_constants(v, NULL) < 0) {
                return -1;
            }
        }
        else if (PyFrozenSet_CheckExact(v)) {
            PyObject *items = PySequence_Tuple(v);
            if (items == NULL) {
                return -1;
            }
            int changed = 0;
            if (intern_string_constants(items, &changed) < 0) {
                Py_DECREF(items);
                return -1;
            }
            if (changed) {
                PyObject *w = PyFrozenSet_New(items);
                if (w == NULL) {
                    Py_DECREF(items);
                    return -1;
                }
                PyTuple_SET_ITEM(tuple, i, w);
                Py_DECREF(v);
                if (modified) {
                    *modified = 1;
                }
            }
            Py_DECREF(items);
        }
    }
    return 0;
}

/* The bytecode runs in the shadow's own code array (docs/engine.md section 1):
 * a frame's prev_instr is then both CPython's position and the loop's, with no
 * distance to add at every instruction. What CPython reads of a shadow's
 * bytecode as a whole (co_code: dis, marshal, code.replace, f_lineno jumps)
 * stays the compiler's placeholder, held from now on by co_code's cache
 * (_co_code, filled by reading co_code once, before the array is written);
 * what it reads of the live array while a frame is suspended or inspected
 * (RESUME after a yield, MAKE_CELL, COPY_FREE_VARS, SEND's oparg) has CPython
 * 3.11's numbers in fivefold's bytecode too (tools/cases_generator pins them).
 * The unit after the bytecode is a CACHE, which raises SystemError should
 * execution run off the end. CPython never runs or quickens a shadow's array:
 * its frames are fivefold's (PEP 523). */
/* A new Code, tracked by the cycle GC, with its tables and no bytecode or
 * handlers yet (instrs NULL, owned by no one; ninstrs `n`): make_code's, and a
 * code.replace copy's (give_copy_its_code). */
static FFCode *
code_new(PyObject *consts, PyObject *names, PyObject *table, Py_ssize_t n)
{
    FFCode *code = PyObject_GC_New(FFCode, &FFCode_Type);
    if (code == NULL) {
        return NULL;
    }
    code->instrs = NULL;
    code->ninstrs = n;
    code->owns_instrs = 0;
    code->co_consts = Py_NewRef(consts);
    code->co_names = Py_NewRef(names);
    code->co_exceptiontable = Py_NewRef(table);
    code->handlers = NULL;
    code->nhandlers = 0;
    code->shadow_ref = NULL;
    code->weakreflist = NULL;
    code->func_version = 0;
    PyObject_GC_Track(code);
    return code;
}

_Static_assert(FF_RESUME == RESUME && FF_SEND == SEND && FF_MAKE_CELL == MAKE_CELL
               && FF_COPY_FREE_VARS == COPY_FREE_VARS, "the instructions CPython reads keep its numbers");

static int
place_in_shadow(PyCodeObject *shadow, const _Py_CODEUNIT *instrs, Py_ssize_t n)
{
    if (Py_SIZE(shadow) < n + 1) {
        PyErr_Format(PyExc_ValueError, "make_code: the shadow has %zd code units, fewer than the "
                     "bytecode's %zd and one more", Py_SIZE(shadow), n);
        return -1;
    }
    PyObject *placeholder = PyObject_GetAttrString((PyObject *)shadow, "co_code");
    if (placeholder == NULL) {
        return -1;
    }
    int cached = shadow->_co_code == placeholder;
    Py_DECREF(placeholder);
    if (!cached) {
        PyErr_SetString(PyExc_SystemError, "make_code: code.co_code is not cached in _co_code as in CPython 3.11");
        return -1;
    }
    memcpy(_PyCode_CODE(shadow), instrs, (size_t)n * sizeof(_Py_CODEUNIT));
    _PyCode_CODE(shadow)[n] = 0;   /* FF_CACHE with oparg 0 */
    return 0;
}

/* The Code's bytecode moves into `shadow`, its home, which owns the Code. */
static int
run_in_shadow(FFCode *code, PyCodeObject *shadow)
{
    if (place_in_shadow(shadow, code->instrs, code->ninstrs) < 0) {
        return -1;
    }
    if (code->owns_instrs) {
        PyMem_Free(code->instrs);
    }
    code->instrs = _PyCode_CODE(shadow);
    code->owns_instrs = 0;
    return 0;
}

/* The loop reads a frame's constants and names from its shadow
 * (FF_LOAD_FRAME_STATE: two loads, where the Code's would be five more through
 * co_extra), so a shadow's co_consts and co_names must be its Code's own
 * tuples. CPython's code constructor keeps the tuples it is given (it interns
 * their strings in place); should a version copy them, this says so instead
 * of running other constants than the shadow shows. */
static int
shadow_shares_tuples(FFCode *code, PyCodeObject *shadow)
{
    if (shadow->co_consts != code->co_consts || shadow->co_names != code->co_names) {
        PyErr_SetString(PyExc_SystemError, "make_code: the shadow's co_consts or co_names are not the "
                        "tuples it was given (CPython's code constructor is not 3.11's)");
        return -1;
    }
    return 0;
}

PyObject *
ff_make_code(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 5) {
        PyErr_Format(PyExc_TypeError, "make_code() takes 5 arguments "
                     "(template, bytecode, consts, names, exceptiontable), %zd given", nargs);
        return NULL;
    }
    PyObject *tmpl_obj = args[0], *bytecode = args[1], *consts = args[2], *names = args[3];
    PyObject *table = args[4];
    if (!PyCode_Check(tmpl_obj)) {
        PyErr_Format(PyExc_TypeError, "make_code: template must be a code object, not %.100s",
                     Py_TYPE(tmpl_obj)->tp_name);
        return NULL;
    }
    PyCodeObject *tmpl = (PyCodeObject *)tmpl_obj;
    if (!(tmpl->co_flags & CO_FIVEFOLD)) {
        PyErr_SetString(PyExc_ValueError, "make_code: the template's co_flags lack CO_FIVEFOLD (0x20000000)");
        return NULL;
    }
    if (!PyTuple_Check(tmpl->co_consts) || PyTuple_GET_SIZE(tmpl->co_consts) != 1) {
        PyErr_SetString(PyExc_ValueError, "make_code: the template's co_consts must be (docstring_or_None,)");
        return NULL;
    }
    if (!PyTuple_Check(consts)) {
        PyErr_SetString(PyExc_TypeError, "make_code: consts, names and exceptiontable must be tuples");
        return NULL;
    }
    /* The shadow's co_consts are the constants (CPython reads a function's
     * __doc__ from co_consts[0]): a docstring must come first in them. */
    PyObject *doc = PyTuple_GET_ITEM(tmpl->co_consts, 0);
    if (doc != Py_None && (PyTuple_GET_SIZE(consts) == 0 || PyTuple_GET_ITEM(consts, 0) != doc)) {
        int same = PyTuple_GET_SIZE(consts) == 0 ? 0 : PyObject_RichCompareBool(PyTuple_GET_ITEM(consts, 0), doc, Py_EQ);
        if (same <= 0) {
            if (same == 0) {
                PyErr_SetString(PyExc_ValueError, "make_code: the template's docstring is not consts[0]");
            }
            return NULL;
        }
    }
    int kinds = ((tmpl->co_flags & CO_GENERATOR) != 0) + ((tmpl->co_flags & CO_COROUTINE) != 0)
                + ((tmpl->co_flags & CO_ASYNC_GENERATOR) != 0);
    if (kinds > 1 || (tmpl->co_flags & CO_ITERABLE_COROUTINE)) {
        /* CO_ITERABLE_COROUTINE is set on a function's code later, by
         * @types.coroutine (code.replace keeps the fivefold Code); no compiler
         * makes it. */
        PyErr_SetString(PyExc_ValueError, "make_code: co_flags must name at most one of CO_GENERATOR, "
                        "CO_COROUTINE and CO_ASYNC_GENERATOR, and not CO_ITERABLE_COROUTINE");
        return NULL;
    }
    if (!PyBytes_Check(bytecode) || PyBytes_GET_SIZE(bytecode) == 0 || PyBytes_GET_SIZE(bytecode) % 2) {
        PyErr_SetString(PyExc_ValueError, "make_code: bytecode must be non-empty bytes of even length");
        return NULL;
    }
    if (!PyTuple_Check(names) || !PyTuple_Check(table)) {
        PyErr_SetString(PyExc_TypeError, "make_code: consts, names and exceptiontable must be tuples");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(names); i++) {
        if (!PyUnicode_Check(PyTuple_GET_ITEM(names, i))) {
            PyErr_SetString(PyExc_TypeError, "make_code: names must be strings");
            return NULL;
        }
    }
    if (intern_string_constants(consts, NULL) < 0) {
        return NULL;
    }
    Py_ssize_t n = PyBytes_GET_SIZE(bytecode) / 2;
    if (_PyCode_NBYTES(tmpl) / 2 < n) {
        PyErr_Format(PyExc_ValueError, "make_code: the shadow has %zd code units, fewer than the "
                     "bytecode's %zd", _PyCode_NBYTES(tmpl) / 2, n);
        return NULL;
    }
    if (n >= INT_MAX / 2) {
        PyErr_SetString(PyExc_ValueError, "make_code: bytecode too long");
        return NULL;
    }

    FFCode *code = code_new(consts, names, table, n);
    if (code == NULL) {
        return NULL;
    }
    /* One extra unit: a CACHE, which raises SystemError should execution ever run off the end. */
    code->instrs = PyMem_Malloc(sizeof(_Py_CODEUNIT) * (size_t)(n + 1));
    if (code->instrs == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    code->owns_instrs = 1;
    memcpy(code->instrs, PyBytes_AS_STRING(bytecode), (size_t)n * sizeof(_Py_CODEUNIT));
    code->instrs[n] = 0;   /* FF_CACHE with oparg 0 */
    if (decode_handlers(tmpl, code, table) < 0 || check_instructions(tmpl, code) < 0
        || check_stack_depth(tmpl, code) < 0) {
        goto fail;
    }
    ff_tiers_quicken(code);

    /* The shadow shows the constants and names as its co_consts and co_names
     * (CPython's, section 1), the very tuples of the Code, which the loop reads
     * from the shadow (shadow_shares_tuples); CPython's replace, not the
     * wrapper below: the template has no Code. */
    PyObject *replace = Py_TYPE(ff_original_replace)->tp_descr_get(ff_original_replace, tmpl_obj,
                                                                   (PyObject *)&PyCode_Type);
    PyObject *kwargs = replace ? Py_BuildValue("{sOsO}", "co_consts", consts, "co_names", names) : NULL;
    if (kwargs == NULL) {
        Py_XDECREF(replace);
        goto fail;
    }
    PyObject *empty = PyTuple_New(0);
    PyObject *shadow = empty ? PyObject_Call(replace, empty, kwargs) : NULL;
    Py_XDECREF(empty);
    Py_DECREF(replace);
    Py_DECREF(kwargs);
    if (shadow == NULL) {
        goto fail;
    }
    code->shadow_ref = PyWeakref_NewRef(shadow, NULL);
    if (code->shadow_ref == NULL || _PyCode_SetExtra(shadow, ff_code_extra_index, code) < 0) {
        Py_DECREF(shadow);
        goto fail;
    }
    /* The shadow's co_extra owns the Code now. */
    if (ff_code_of_shadow((PyCodeObject *)shadow) != code) {
        PyErr_SetString(PyExc_SystemError, "make_code: co_extra's layout is not CPython 3.11's");
        Py_DECREF(shadow);
        return NULL;
    }
    if (shadow_shares_tuples(code, (PyCodeObject *)shadow) < 0
        || run_in_shadow(code, (PyCodeObject *)shadow) < 0) {
        Py_DECREF(shadow);
        return NULL;
    }
    return shadow;
fail:
    Py_DECREF(code);
    return NULL;
}

PyObject *
ff_code_of(PyObject *module, PyObject *shadow)
{
    if (!PyCode_Check(shadow)) {
        PyErr_Format(PyExc_TypeError, "code_of: expected a code object, not %.100s", Py_TYPE(shadow)->tp_name);
        return NULL;
    }
    FFCode *code = ff_code_of_shadow((PyCodeObject *)shadow);
    if (code == NULL) {
        PyErr_Format(PyExc_ValueError, "code_of: %R is not fivefold shadow code", shadow);
        return NULL;
    }
    return Py_NewRef((PyObject *)code);
}

/* --- the Code's place in its shadow (code.h) ----------------------------------- */
Py_ssize_t ff_code_extra_index = -1;

/* co_extra's free function: the shadow is being deallocated (code_dealloc, with
 * the GIL). Called for every slot, NULL ones too. */
static void
code_extra_free(void *extra)
{
    FFCode *code = (FFCode *)extra;
    if (code == NULL) {
        return;
    }
    /* Every Code has one home shadow (code.replace gives a copy a Code of its
     * own), and it is this one: a Code that outlives it (code_of's caller
     * holds it) keeps its bytecode in memory of its own. Without memory it
     * keeps none (a Code with no bytecode left is never run: no frame has it). */
    if (!code->owns_instrs && Py_REFCNT(code) > 1) {
        _Py_CODEUNIT *own = PyMem_Malloc(sizeof(_Py_CODEUNIT) * (size_t)(code->ninstrs + 1));
        if (own != NULL) {
            memcpy(own, code->instrs, sizeof(_Py_CODEUNIT) * (size_t)(code->ninstrs + 1));
        }
        else {
            code->ninstrs = 0;
        }
        code->instrs = own;
        code->owns_instrs = 1;
    }
    Py_DECREF(code);
}

static int
same_object(PyObject *a, PyObject *b)
{
    return a == b ? 1 : PyObject_RichCompareBool(a, b, Py_EQ);
}

/* Whether `copy`, a code.replace() of `shadow`, still runs the same fivefold
 * code on the same frame: only what a frame does not depend on differs (names,
 * file, line numbers, CO_ITERABLE_COROUTINE, which @types.coroutine sets). -1 on
 * error. */
static int
same_fivefold_code(PyCodeObject *shadow, PyCodeObject *copy)
{
    if (((shadow->co_flags ^ copy->co_flags) & ~CO_ITERABLE_COROUTINE)
        || shadow->co_argcount != copy->co_argcount || shadow->co_posonlyargcount != copy->co_posonlyargcount
        || shadow->co_kwonlyargcount != copy->co_kwonlyargcount || shadow->co_stacksize != copy->co_stacksize
        || shadow->co_nlocalsplus != copy->co_nlocalsplus || shadow->co_nlocals != copy->co_nlocals
        || shadow->co_ncellvars != copy->co_ncellvars || shadow->co_nfreevars != copy->co_nfreevars
        || _PyCode_NBYTES(shadow) != _PyCode_NBYTES(copy)) {
        return 0;
    }
    PyObject *pairs[][2] = {
        {shadow->co_localsplusnames, copy->co_localsplusnames},
        {shadow->co_localspluskinds, copy->co_localspluskinds},
        {shadow->co_consts, copy->co_consts},
        {shadow->co_names, copy->co_names},
        {shadow->co_exceptiontable, copy->co_exceptiontable},
    };
    for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
        int same = same_object(pairs[i][0], pairs[i][1]);
        if (same <= 0) {
            return same;
        }
    }
    PyObject *a = PyObject_GetAttrString((PyObject *)shadow, "co_code");
    PyObject *b = a ? PyObject_GetAttrString((PyObject *)copy, "co_code") : NULL;
    int same = b ? same_object(a, b) : -1;
    Py_XDECREF(a);
    Py_XDECREF(b);
    return same;
}

/* A Code of its own for `copy`, a code.replace() of a shadow of `code` that
 * runs the same fivefold code: the bytecode as it is now (quickened, its
 * inline caches warm) in the copy's own code array, the same constants, names
 * and handlers. */
static int
give_copy_its_code(FFCode *code, PyCodeObject *copy)
{
    /* The copy's own constants and names (equal to the Code's, same_fivefold_code),
     * which the loop reads from the copy: what CPython would run. */
    FFCode *clone = code_new(copy->co_consts, copy->co_names, code->co_exceptiontable, code->ninstrs);
    if (clone == NULL) {
        return -1;
    }
    if (code->nhandlers > 0) {
        clone->handlers = PyMem_Malloc(sizeof(ff_handler) * (size_t)code->nhandlers);
        if (clone->handlers == NULL) {
            PyErr_NoMemory();
            Py_DECREF(clone);
            return -1;
        }
        memcpy(clone->handlers, code->handlers, sizeof(ff_handler) * (size_t)code->nhandlers);
        clone->nhandlers = code->nhandlers;
    }
    clone->shadow_ref = PyWeakref_NewRef((PyObject *)copy, NULL);
    if (clone->shadow_ref == NULL || place_in_shadow(copy, code->instrs, code->ninstrs) < 0) {
        Py_DECREF(clone);
        return -1;
    }
    clone->instrs = _PyCode_CODE(copy);
    if (_PyCode_SetExtra((PyObject *)copy, ff_code_extra_index, clone) < 0) {
        Py_DECREF(clone);
        return -1;
    }
    return 0;
}

/* code.replace(): CPython's, which makes a new code object without co_extra;
 * for a shadow whose copy still runs the same fivefold code (same_fivefold_code)
 * the copy gets the Code too, so @types.coroutine (which replaces a generator's
 * co_flags) and renaming tools keep fivefold functions working. Any other copy
 * is plain shadow code without a Code (section 6): calling it raises. */
static PyObject *
code_replace(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *bound = Py_TYPE(ff_original_replace)->tp_descr_get(ff_original_replace, self,
                                                                 (PyObject *)&PyCode_Type);
    if (bound == NULL) {
        return NULL;
    }
    PyObject *copy = PyObject_Vectorcall(bound, args, nargs, kwnames);
    Py_DECREF(bound);
    if (copy == NULL || !PyCode_Check(self) || !PyCode_Check(copy)) {
        return copy;
    }
    FFCode *code = ff_code_of_shadow((PyCodeObject *)self);
    if (code == NULL || copy == self) {
        return copy;
    }
    int same = same_fivefold_code((PyCodeObject *)self, (PyCodeObject *)copy);
    if (same > 0 && give_copy_its_code(code, (PyCodeObject *)copy) < 0) {
        same = -1;
    }
    if (same < 0) {
        Py_CLEAR(copy);
    }
    return copy;
}

/* code._co_code_adaptive: CPython's array of the code as it runs, which for a
 * shadow holds fivefold's bytecode (make_code); its only reader is dis's
 * adaptive view, which decodes it with CPython's opcodes: for a shadow it is
 * the placeholder co_code, as before the bytecode moved in. Any other code
 * object: CPython's own getter. */
static PyObject *ff_original_adaptive;   /* CodeType._co_code_adaptive as CPython defines it */

static PyObject *
code_get_adaptive(PyObject *self, void *closure)
{
    if (PyCode_Check(self) && ff_code_of_shadow((PyCodeObject *)self) != NULL) {
        return PyObject_GetAttrString(self, "co_code");
    }
    return Py_TYPE(ff_original_adaptive)->tp_descr_get(ff_original_adaptive, self, (PyObject *)Py_TYPE(self));
}

static PyGetSetDef code_adaptive_def = {"_co_code_adaptive", code_get_adaptive, NULL, NULL, NULL};

/* Put `descr` in CodeType's dict under `name` (a static type's dict, which
 * Python code cannot assign to but C may; PyType_Modified drops the method
 * caches that saw the old entry). */
static int
set_code_type_entry(const char *name, PyObject *descr)
{
    if (descr == NULL || PyDict_SetItemString(PyCode_Type.tp_dict, name, descr) < 0) {
        Py_XDECREF(descr);
        return -1;
    }
    Py_DECREF(descr);
    PyType_Modified(&PyCode_Type);
    return 0;
}

static PyMethodDef code_replace_def = {
    "replace", (PyCFunction)(void (*)(void))code_replace, METH_FASTCALL | METH_KEYWORDS, NULL,
};

int
ff_code_init(void)
{
    if (ff_code_extra_index < 0) {
        ff_code_extra_index = _PyEval_RequestCodeExtraIndex(code_extra_free);
        if (ff_code_extra_index < 0) {
            PyErr_SetString(PyExc_ImportError, "fivefold: no free co_extra index (_PyEval_RequestCodeExtraIndex)");
            return -1;
        }
    }
    if (ff_original_adaptive == NULL) {
        PyObject *adaptive = PyDict_GetItemString(PyCode_Type.tp_dict, "_co_code_adaptive");
        if (adaptive == NULL || !Py_IS_TYPE(adaptive, &PyGetSetDescr_Type)) {
            PyErr_SetString(PyExc_ImportError, "fivefold: types.CodeType._co_code_adaptive is not CPython's getter");
            return -1;
        }
        ff_original_adaptive = Py_NewRef(adaptive);
        if (set_code_type_entry("_co_code_adaptive", PyDescr_NewGetSet(&PyCode_Type, &code_adaptive_def)) < 0) {
            Py_CLEAR(ff_original_adaptive);
            return -1;
        }
    }
    if (ff_original_replace != NULL) {
        return 0;
    }
    PyObject *orig = PyDict_GetItemString(PyCode_Type.tp_dict, "replace");
    if (orig == NULL || !Py_IS_TYPE(orig, &PyMethodDescr_Type)) {
        PyErr_SetString(PyExc_ImportError, "fivefold: types.CodeType.replace is not CPython's method");
        return -1;
    }
    code_replace_def.ml_doc = ((PyMethodDescrObject *)orig)->d_method->ml_doc;   /* with its signature */
    ff_original_replace = Py_NewRef(orig);
    if (set_code_type_entry("replace", PyDescr_NewMethod(&PyCode_Type, &code_replace_def)) < 0) {
        Py_CLEAR(ff_original_replace);
        return -1;
    }
    return 0;
}
