/* frame.f_lineno = N from a trace function (pdb's `jump`) on fivefold frames,
 * with CPython 3.11's rules (Objects/frameobject.c, frame_setlineno) restated
 * over fivefold's bytecode. CPython's own setter cannot be used: it analyses
 * the shadow's co_code, which holds placeholders (docs/engine.md section 1).
 * So fivefold replaces the f_lineno descriptor of the frame type (module
 * import, ff_setlineno_init): a fivefold frame gets this setter, any other
 * frame CPython's.
 *
 * The rules, in CPython's order (each refusal is a ValueError with 3.11's text):
 *   1. deleting the attribute: AttributeError; a value that is not exactly an
 *      int: "lineno must be an integer";
 *   2. the event being traced (tstate->tracing_what): 'line' only, or 'return'
 *      of a generator frame that is suspended (the event after a yield); a
 *      'call' event: "can't jump from the 'call' trace event of a new frame";
 *      anything else "can only jump from a 'line' trace event"; then the frame
 *      must have a trace function (f_trace);
 *   3. the line: beyond C int "lineno out of range"; below co_firstlineno
 *      "line %d comes before the current code block"; the first line at or
 *      after it where a line starts in the line table (first_line_not_before:
 *      a line start is a unit whose line differs from the last line seen, as
 *      CPython's marklines) or "line %d comes after the current code block";
 *   4. the stacks: a model of the value stack at every unit (mark_stacks), each
 *      entry one kind in 3 bits of an int64 (21 entries at most, deeper is
 *      "overflowed"); from the current instruction's stack, every unit that
 *      starts the line is a candidate whose stack must be compatible: after
 *      popping the current stack to the candidate's depth, each entry pairs
 *      with one of the candidate's kind (the same kind; any but NULL for an
 *      Object; anything for a NULL). The compatible candidate with the
 *      numerically greatest stack wins (the first such unit on ties); with
 *      none, the message of the first incompatible candidate
 *      (explain_incompatible_stack) or "cannot find bytecode for specified line";
 *   5. the jump: values are popped from the frame's stack while the model of
 *      the current stack is greater than the target's (the yielded value is
 *      already gone when the frame is suspended), an exception entry restoring
 *      the thread's exc_info as POP_EXCEPT does; prev_instr becomes the target.
 *      The loop (eval_loop.c.h, do_tracing) then runs the target instruction
 *      without a line event of its own, as 3.11's DO_TRACING reloads
 *      next_instr from prev_instr; a suspended generator resumes at the unit
 *      after the target (where 3.11 resumes it too), with the value sent in
 *      on the stack.
 *
 * The kinds of stack entries in fivefold's bytecode (its instructions are
 * 3.11's, so the mapping is 3.11's): Iterator, pushed by GET_ITER and
 * GET_AITER (the iterator of a for or async for loop, popped by FOR_ITER's
 * exit); Except, an exception entry: what a handler is entered with and what
 * PUSH_EXC_INFO pushes (the previous exc_info); Lasti, the offset a handler
 * with lasti (a with's exit, a finally that re-raises) is entered with; Null,
 * pushed by PUSH_NULL, LOAD_GLOBAL with an odd oparg and LOAD_METHOD, consumed
 * by CALL; Object, anything else. Transfer per instruction as 3.11's
 * mark_stacks: conditional jumps pop (JUMP_IF_*_OR_POP keep the value on the
 * jump); SEND's jump pops one; FOR_ITER pushes an Object, its exit pops the
 * iterator; END_ASYNC_FOR pops two; POP_EXCEPT pops one; RETURN_VALUE,
 * RAISE_VARARGS and RERAISE end a block; LOAD_METHOD replaces its Object with
 * Null, Object; CALL argc pops argc + 2 and pushes an Object (3.11 pops the
 * arguments in PRECALL, which fivefold does not have: the same stacks);
 * SWAP and COPY move kinds (3.11's stack_swap returns its result through the
 * 32-bit Kind type, which drops entries below the tenth: restated); anything
 * else pops or pushes Objects by its generated stack effect, which is 3.11's.
 * A generator's code starts with one Object (the value its first resumption
 * pushes). Exception handlers are reached from the stack at their entry's first
 * unit, popped to the entry's depth, with a Lasti if it has lasti, then an
 * Except; marked once, and the scan repeats until nothing changes. The scan
 * walks instructions in order (caches are skipped: fivefold's instructions
 * have their own cache sizes, and caches of quickened code hold data; each
 * unit is read as its family's generic instruction).
 *
 * What fivefold adds, so that no jump request can crash the VM (CPython 3.11
 * trusts these; a request that fails one gets a ValueError naming fivefold,
 * where CPython would corrupt the frame): the frame must be the one whose
 * event is being traced on this thread (its stack is then stored in the
 * frame), with the depth the model says; the pops must leave the target's
 * depth (3.11 compares stacks as integers, and pops one more from a Lasti
 * above an Object); a unit can be a target only where an instruction starts;
 * a generator's RETURN_GENERATOR cannot run again (a line event's jump to
 * the `def` line of a generator whose stack holds one value: 3.11 makes a
 * generator of the running frame and crashes);
 * and a suspended generator (which resumes at the unit after the target,
 * with the value sent in pushed) can only jump where an instruction starts at
 * that unit and expects one value more than the target: a one-unit push such
 * as LOAD_FAST or LOAD_CONST (the value sent in stands for its result), or
 * RETURN_GENERATOR (its POP_TOP drops it). Elsewhere 3.11 runs a cache unit or
 * a stack of the wrong depth. */
#include "vm_internal.h"
#include "generated/opcode_ids.h"

/* The frame whose trace event is being delivered on this thread (trace.c). */
_Thread_local _PyInterpreterFrame *ff_traced_frame;

enum { KIND_ITERATOR = 1, KIND_EXCEPT = 2, KIND_OBJECT = 3, KIND_NULL = 4, KIND_LASTI = 5 };

#define BITS_PER_ENTRY 3
#define ENTRY_MASK ((1 << BITS_PER_ENTRY) - 1)
#define STACK_UNINITIALIZED (-2)
#define STACK_OVERFLOWED (-1)
#define MAX_ENTRIES (63 / BITS_PER_ENTRY)
#define WILL_OVERFLOW (1ULL << ((MAX_ENTRIES - 1) * BITS_PER_ENTRY))

static inline int64_t
push_kind(int64_t stack, int kind)
{
    if ((uint64_t)stack >= WILL_OVERFLOW) {
        return STACK_OVERFLOWED;
    }
    return (stack << BITS_PER_ENTRY) | kind;
}

static inline int64_t
pop_kind(int64_t stack)
{
    return Py_ARITHMETIC_RIGHT_SHIFT(int64_t, stack, BITS_PER_ENTRY);
}

static inline int
top_kind(int64_t stack)
{
    return (int)(stack & ENTRY_MASK);
}

/* The kind of the n-th entry from the top (1 is the top). */
static inline int
peek_kind(int64_t stack, int n)
{
    if (n < 1 || n > MAX_ENTRIES) {
        return 0;   /* beyond what the model holds (3.11 shifts out of range here) */
    }
    return (int)((stack >> (BITS_PER_ENTRY * (n - 1))) & ENTRY_MASK);
}

/* SWAP n on the model. 3.11 returns the new stack through its Kind type (an
 * unsigned 32-bit enum), so only the low 32 bits survive: kept, for the same
 * answers on stacks deeper than ten entries. */
static int64_t
swap_kinds(int64_t stack, int n)
{
    if (n < 1 || n > MAX_ENTRIES) {
        return stack;
    }
    int to_swap = peek_kind(stack, n);
    int top = top_kind(stack);
    int shift = BITS_PER_ENTRY * (n - 1);
    int64_t replaced_low = (stack & ~((int64_t)ENTRY_MASK << shift)) | ((int64_t)top << shift);
    int64_t replaced_top = (replaced_low & ~(int64_t)ENTRY_MASK) | to_swap;
    return (int64_t)(uint32_t)replaced_top;
}

static int64_t
pop_to_level(int64_t stack, int level)
{
    if (level == 0) {
        return 0;
    }
    if (level > MAX_ENTRIES) {
        return stack;   /* no model stack is deeper */
    }
    int64_t level_max_stack = (int64_t)ENTRY_MASK << ((level - 1) * BITS_PER_ENTRY);
    while (stack > level_max_stack) {
        stack = pop_kind(stack);
    }
    return stack;
}

/* Entries in a model stack (not for the negative markers). */
static int
stack_depth(int64_t stack)
{
    int depth = 0;
    while (stack > 0) {
        stack = pop_kind(stack);
        depth++;
    }
    return depth;
}

static int
compatible_kind(int from, int to)
{
    if (to == 0) {
        return 0;
    }
    if (to == KIND_OBJECT) {
        return from != KIND_NULL;
    }
    if (to == KIND_NULL) {
        return 1;
    }
    return from == to;
}

static int
compatible_stack(int64_t from_stack, int64_t to_stack)
{
    if (from_stack < 0 || to_stack < 0) {
        return 0;
    }
    while (from_stack > to_stack) {
        from_stack = pop_kind(from_stack);
    }
    while (from_stack) {
        if (!compatible_kind(top_kind(from_stack), top_kind(to_stack))) {
            return 0;
        }
        from_stack = pop_kind(from_stack);
        to_stack = pop_kind(to_stack);
    }
    return to_stack == 0;
}

static const char *
explain_incompatible_stack(int64_t to_stack)
{
    if (to_stack == STACK_OVERFLOWED) {
        return "stack is too deep to analyze";
    }
    if (to_stack == STACK_UNINITIALIZED) {
        return "can't jump into an exception handler, or code may be unreachable";
    }
    switch (top_kind(to_stack)) {
    case KIND_EXCEPT:
        return "can't jump into an 'except' block as there's no exception";
    case KIND_LASTI:
        return "can't jump into a re-raising block as there's no location";
    case KIND_ITERATOR:
        return "can't jump into the body of a for loop";
    default:
        return "incompatible stacks";
    }
}

static inline int
generic_op(const _Py_CODEUNIT *instrs, Py_ssize_t i)
{
    int op = _Py_OPCODE(instrs[i]);
    return ff_deopt[op] != 0 ? ff_deopt[op] : op;
}

/* The model stack at every unit of the code (mark_stacks); starts[i] is set
 * where an instruction starts (the first unit of its EXTENDED_ARGs), the only
 * units a jump may land on. NULL with MemoryError. */
static int64_t *
mark_stacks(PyCodeObject *shadow, const _Py_CODEUNIT *instrs, Py_ssize_t n, const FFCode *code,
            char *starts)
{
    int64_t *stacks = PyMem_New(int64_t, (size_t)n + 1);
    if (stacks == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i <= n; i++) {
        stacks[i] = STACK_UNINITIALIZED;
    }
    memset(starts, 0, (size_t)n + 1);
    stacks[0] = 0;
    if (shadow->co_flags & (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR)) {
        /* The first resumption pushes the value sent in (None). */
        stacks[0] = push_kind(stacks[0], KIND_OBJECT);
    }
    int todo = 1;
    while (todo) {
        todo = 0;
        for (Py_ssize_t i = 0; i < n;) {
            /* Decode one instruction: EXTENDED_ARGs carry the stack to the unit
             * they prefix (make_code checked that every prefix ends in an
             * instruction within the code). */
            starts[i] = 1;
            int64_t next_stack = stacks[i];
            Py_ssize_t j = i;
            unsigned int oparg = 0;
            while (j < n - 1 && generic_op(instrs, j) == FF_EXTENDED_ARG) {
                oparg = (oparg << 8) | _Py_OPARG(instrs[j]);
                j++;
                stacks[j] = next_stack;
            }
            int op = generic_op(instrs, j);
            oparg = (oparg << 8) | _Py_OPARG(instrs[j]);
            Py_ssize_t next = j + 1 + ff_cache_size[op];
            if (next > n) {
                next = n;
            }
            i = next;
            if (next_stack == STACK_UNINITIALIZED) {
                continue;
            }
            int falls_through = 1;
            Py_ssize_t target = -1;
            int64_t target_stack = 0;
            switch (op) {
            case FF_POP_JUMP_FORWARD_IF_FALSE: case FF_POP_JUMP_FORWARD_IF_TRUE:
            case FF_POP_JUMP_FORWARD_IF_NONE: case FF_POP_JUMP_FORWARD_IF_NOT_NONE:
                next_stack = pop_kind(next_stack);
                target = next + (Py_ssize_t)oparg;
                target_stack = next_stack;
                break;
            case FF_POP_JUMP_BACKWARD_IF_FALSE: case FF_POP_JUMP_BACKWARD_IF_TRUE:
            case FF_POP_JUMP_BACKWARD_IF_NONE: case FF_POP_JUMP_BACKWARD_IF_NOT_NONE:
                next_stack = pop_kind(next_stack);
                target = next - (Py_ssize_t)oparg;
                target_stack = next_stack;
                break;
            case FF_JUMP_IF_FALSE_OR_POP: case FF_JUMP_IF_TRUE_OR_POP:
                target = next + (Py_ssize_t)oparg;
                target_stack = next_stack;
                next_stack = pop_kind(next_stack);
                break;
            case FF_SEND:
                target = next + (Py_ssize_t)oparg;
                target_stack = pop_kind(next_stack);
                break;
            case FF_JUMP_FORWARD:
                target = next + (Py_ssize_t)oparg;
                target_stack = next_stack;
                falls_through = 0;
                break;
            case FF_JUMP_BACKWARD: case FF_JUMP_BACKWARD_NO_INTERRUPT:
                target = next - (Py_ssize_t)oparg;
                target_stack = next_stack;
                falls_through = 0;
                break;
            case FF_GET_ITER: case FF_GET_AITER:
                next_stack = push_kind(pop_kind(next_stack), KIND_ITERATOR);
                break;
            case FF_FOR_ITER:
                target = next + (Py_ssize_t)oparg;
                target_stack = pop_kind(next_stack);
                next_stack = push_kind(next_stack, KIND_OBJECT);
                break;
            case FF_END_ASYNC_FOR:
                next_stack = pop_kind(pop_kind(next_stack));
                break;
            case FF_PUSH_EXC_INFO:
                next_stack = push_kind(next_stack, KIND_EXCEPT);
                break;
            case FF_POP_EXCEPT:
                next_stack = pop_kind(next_stack);
                break;
            case FF_RETURN_VALUE: case FF_RAISE_VARARGS: case FF_RERAISE:
                falls_through = 0;
                break;
            case FF_PUSH_NULL:
                next_stack = push_kind(next_stack, KIND_NULL);
                break;
            case FF_LOAD_GLOBAL:
                if (oparg & 1) {
                    next_stack = push_kind(next_stack, KIND_NULL);
                }
                next_stack = push_kind(next_stack, KIND_OBJECT);
                break;
            case FF_LOAD_METHOD:
                next_stack = push_kind(push_kind(pop_kind(next_stack), KIND_NULL), KIND_OBJECT);
                break;
            case FF_CALL:
                for (unsigned int k = 0; k < oparg + 2; k++) {
                    next_stack = pop_kind(next_stack);
                }
                next_stack = push_kind(next_stack, KIND_OBJECT);
                break;
            case FF_SWAP:
                next_stack = swap_kinds(next_stack, (int)oparg);
                break;
            case FF_COPY:
                next_stack = push_kind(next_stack, peek_kind(next_stack, (int)oparg));
                break;
            default: {
                int delta = ff_stack_effect(op, (int)oparg, 0);
                if (delta == INT_MIN) {
                    delta = 0;   /* make_code admits no unknown opcode */
                }
                for (; delta < 0; delta++) {
                    next_stack = pop_kind(next_stack);
                }
                for (; delta > 0; delta--) {
                    next_stack = push_kind(next_stack, KIND_OBJECT);
                }
                break;
            }
            }
            if (target >= 0 && target < n) {
                if (stacks[target] == STACK_UNINITIALIZED && target < j) {
                    todo = 1;   /* a backward edge to a unit this pass has passed */
                }
                stacks[target] = target_stack;
            }
            if (falls_through) {
                /* The caches carry the stack after the instruction, as 3.11's CACHE units. */
                for (Py_ssize_t c = j + 1; c <= next && c <= n; c++) {
                    stacks[c] = next_stack;
                }
            }
        }
        for (Py_ssize_t e = 0; e < code->nhandlers; e++) {
            const ff_handler *h = &code->handlers[e];
            if (stacks[h->start] != STACK_UNINITIALIZED && stacks[h->target] == STACK_UNINITIALIZED) {
                todo = 1;
                int64_t target_stack = pop_to_level(stacks[h->start], h->depth);
                if (h->lasti) {
                    target_stack = push_kind(target_stack, KIND_LASTI);
                }
                stacks[h->target] = push_kind(target_stack, KIND_EXCEPT);
            }
        }
    }
    return stacks;
}

/* lines[i]: the line unit i starts, or -1 (marklines: a unit whose line
 * differs from the last line seen), read from the shadow's line table through
 * co_lines(). NULL with an exception. */
static int *
mark_lines(PyCodeObject *shadow, Py_ssize_t n)
{
    int *lines = PyMem_New(int, (size_t)n + 1);
    if (lines == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i <= n; i++) {
        lines[i] = -1;
    }
    PyObject *it = PyObject_CallMethod((PyObject *)shadow, "co_lines", NULL);
    PyObject *iter = it != NULL ? PyObject_GetIter(it) : NULL;
    Py_XDECREF(it);
    if (iter == NULL) {
        PyMem_Free(lines);
        return NULL;
    }
    long last_line = -1;
    PyObject *item;
    while ((item = PyIter_Next(iter)) != NULL) {
        long start = -1, line = -1;
        if (PyTuple_Check(item) && PyTuple_GET_SIZE(item) == 3) {
            start = PyLong_AsLong(PyTuple_GET_ITEM(item, 0));
            PyObject *l = PyTuple_GET_ITEM(item, 2);
            line = l == Py_None ? -1 : PyLong_AsLong(l);
        }
        Py_DECREF(item);
        if (PyErr_Occurred()) {
            break;
        }
        if (line != -1 && line != last_line) {
            long unit = start / (long)sizeof(_Py_CODEUNIT);
            if (start >= 0 && unit < n && line <= INT_MAX) {
                lines[unit] = (int)line;
            }
            last_line = line;
        }
    }
    Py_DECREF(iter);
    if (PyErr_Occurred()) {
        PyMem_Free(lines);
        return NULL;
    }
    return lines;
}

static int
first_line_not_before(const int *lines, Py_ssize_t n, int line)
{
    int result = INT_MAX;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (lines[i] < result && lines[i] >= line) {
            result = lines[i];
        }
    }
    return result == INT_MAX ? -1 : result;
}

static int
frame_suspended(_PyInterpreterFrame *frame)
{
    /* _PyFrame_GetState's answer FRAME_SUSPENDED (a stacktop of 0 reads as cleared). */
    return frame->stacktop != 0 && frame->owner == FRAME_OWNED_BY_GENERATOR
           && _PyFrame_GetGenerator(frame)->gi_frame_state == FRAME_SUSPENDED;
}

static int
refuse(const char *msg)
{
    PyErr_SetString(PyExc_ValueError, msg);
    return -1;
}

/* CPython's getter and setter of frame.f_lineno (the frame type's own). */
static getter original_get;
static setter original_set;

/* The jump itself, once CPython's checks passed: fivefold's safety checks,
 * then the pops and the new position. */
static int
apply_jump(PyFrameObject *f, _PyInterpreterFrame *frame, int64_t start_stack, int64_t best_stack,
           Py_ssize_t best_addr, int suspended, const _Py_CODEUNIT *instrs, Py_ssize_t n, const int64_t *stacks,
           const char *starts)
{
    PyCodeObject *shadow = frame->f_code;
    if (frame != ff_traced_frame || frame->stacktop < shadow->co_nlocalsplus) {
        return refuse("fivefold: f_lineno can only be set on the frame whose trace event is running");
    }
    if (suspended) {
        start_stack = pop_kind(start_stack);   /* the value YIELD_VALUE took */
    }
    int depth = frame->stacktop - shadow->co_nlocalsplus;
    if (start_stack < 0 || stack_depth(start_stack) != depth) {
        return refuse("fivefold: the frame's stack does not match its code here; not jumping");
    }
    int pops = 0;
    int64_t s = start_stack;
    while (s > best_stack) {
        s = pop_kind(s);
        pops++;
    }
    if (!suspended && depth - pops != stack_depth(best_stack)) {
        return refuse("fivefold: this jump would leave the stack at another depth than the target's "
                      "(CPython 3.11 would pop one value too many here); not jumping");
    }
    /* The first instruction to run after the jump. */
    Py_ssize_t first_run = suspended ? best_addr + 1 : best_addr;
    if (shadow->co_flags & (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR)) {
        for (Py_ssize_t i = first_run; i < n && i < shadow->_co_firsttraceable; i++) {
            if (starts[i] && generic_op(instrs, i) == FF_RETURN_GENERATOR) {
                return refuse("fivefold: this jump would run the generator's RETURN_GENERATOR again "
                              "(CPython 3.11 would make a generator of the running frame); not jumping");
            }
        }
    }
    if (suspended) {
        /* Resumption continues at the unit after the target, with the value
         * sent in pushed (RETURN_GENERATOR's POP_TOP, or the instruction after
         * a one-unit push): safe when an instruction starts there and expects
         * exactly one value more than the target's stack. */
        Py_ssize_t resume = best_addr + 1;
        if (resume >= n || !starts[resume] || stacks[resume] < 0
            || stack_depth(stacks[resume]) != depth - pops + 1) {
            return refuse("fivefold: a suspended generator resumes at the unit after the jump's target, "
                          "with the value sent in on the stack; there that runs no instruction expecting "
                          "it (where CPython 3.11 would corrupt the frame), so not jumping");
        }
    }
    /* Take the values off the frame first, and drop them last: a __del__ run
     * by the drop sees the frame already consistent at its new position. */
    PyObject *drop[2 * MAX_ENTRIES + 2];
    int ndrop = 0;
    PyThreadState *tstate = PyThreadState_Get();
    s = start_stack;
    for (int k = 0; k < pops; k++) {
        frame->stacktop--;
        PyObject *v = frame->localsplus[frame->stacktop];
        frame->localsplus[frame->stacktop] = NULL;
        if (top_kind(s) == KIND_EXCEPT) {
            /* The exception state saved by PUSH_EXC_INFO (or the one being
             * handled) becomes the thread's again, as POP_EXCEPT. */
            _PyErr_StackItem *exc_info = tstate->exc_info;
            drop[ndrop++] = exc_info->exc_value;
            exc_info->exc_value = v;
        }
        else {
            drop[ndrop++] = v;
        }
        s = pop_kind(s);
    }
    f->f_lineno = 0;
    frame->prev_instr = _PyCode_CODE(shadow) + best_addr;
    for (int k = 0; k < ndrop; k++) {
        Py_XDECREF(drop[k]);
    }
    return 0;
}

static int
fivefold_setlineno(PyFrameObject *f, PyObject *p_new_lineno)
{
    _PyInterpreterFrame *frame = f->f_frame;
    PyCodeObject *shadow = frame->f_code;
    FFCode *code = ff_code_of_shadow(shadow);
    if (p_new_lineno == NULL) {
        PyErr_SetString(PyExc_AttributeError, "cannot delete attribute");
        return -1;
    }
    if (!PyLong_CheckExact(p_new_lineno)) {
        return refuse("lineno must be an integer");
    }
    int suspended = frame_suspended(frame);
    switch (PyThreadState_Get()->tracing_what) {
    case PyTrace_EXCEPTION:
        return refuse("can only jump from a 'line' trace event");
    case PyTrace_CALL:
        return refuse("can't jump from the 'call' trace event of a new frame");
    case PyTrace_LINE:
        break;
    case PyTrace_RETURN:
        if (suspended) {
            break;
        }
        /* fall through */
    default:
        return refuse("can only jump from a 'line' trace event");
    }
    if (f->f_trace == NULL) {
        return refuse("f_lineno can only be set by a trace function");
    }
    int overflow;
    long l_new_lineno = PyLong_AsLongAndOverflow(p_new_lineno, &overflow);
    if (l_new_lineno == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (overflow || l_new_lineno > INT_MAX || l_new_lineno < INT_MIN) {
        return refuse("lineno out of range");
    }
    int new_lineno = (int)l_new_lineno;
    if (new_lineno < shadow->co_firstlineno) {
        PyErr_Format(PyExc_ValueError, "line %d comes before the current code block", new_lineno);
        return -1;
    }
    /* The bytecode the frame runs: the shadow's own array (make_code put it there). */
    const _Py_CODEUNIT *instrs = _PyCode_CODE(shadow);
    Py_ssize_t n = code->ninstrs;
    int *lines = mark_lines(shadow, n);
    if (lines == NULL) {
        return -1;
    }
    new_lineno = first_line_not_before(lines, n, new_lineno);
    if (new_lineno < 0) {
        PyErr_Format(PyExc_ValueError, "line %d comes after the current code block", (int)l_new_lineno);
        PyMem_Free(lines);
        return -1;
    }
    char *starts = PyMem_Malloc((size_t)n + 1);
    int64_t *stacks = starts != NULL ? mark_stacks(shadow, instrs, n, code, starts) : NULL;
    if (stacks == NULL) {
        if (starts == NULL) {
            PyErr_NoMemory();
        }
        PyMem_Free(starts);
        PyMem_Free(lines);
        return -1;
    }
    int64_t best_stack = STACK_OVERFLOWED;
    Py_ssize_t best_addr = -1;
    int lasti = _PyInterpreterFrame_LASTI(frame);
    int64_t start_stack = lasti >= 0 && lasti < n ? stacks[lasti] : STACK_UNINITIALIZED;
    int err = -1;
    const char *msg = "cannot find bytecode for specified line";
    for (Py_ssize_t i = 0; i < n; i++) {
        if (lines[i] != new_lineno) {
            continue;
        }
        /* A line that starts inside an instruction (never, with fivefold's
         * compiler) is no target: as unreachable code. */
        int64_t target_stack = starts[i] ? stacks[i] : STACK_UNINITIALIZED;
        if (compatible_stack(start_stack, target_stack)) {
            err = 0;
            if (target_stack > best_stack) {
                best_stack = target_stack;
                best_addr = i;
            }
        }
        else if (err < 0) {
            if (start_stack == STACK_OVERFLOWED) {
                msg = "stack to deep to analyze";
            }
            else if (start_stack == STACK_UNINITIALIZED) {
                msg = "can't jump from unreachable code";
            }
            else {
                msg = explain_incompatible_stack(target_stack);
                err = 1;
            }
        }
    }
    PyMem_Free(lines);
    int result;
    if (err) {
        result = refuse(msg);
    }
    else {
        result = apply_jump(f, frame, start_stack, best_stack, best_addr, suspended, instrs, n, stacks, starts);
    }
    PyMem_Free(stacks);
    PyMem_Free(starts);
    return result;
}

/* The f_lineno setter of every frame: fivefold's frames here, others CPython's. */
static int
frame_set_lineno(PyObject *self, PyObject *value, void *closure)
{
    PyFrameObject *f = (PyFrameObject *)self;
    FFCode *code = ff_code_of_shadow(f->f_frame->f_code);
    if (code == NULL || code->co_consts == NULL) {
        return original_set(self, value, closure);
    }
    return fivefold_setlineno(f, value);
}

static PyObject *
frame_get_lineno(PyObject *self, void *closure)
{
    return original_get(self, closure);
}

static PyGetSetDef lineno_def = {"f_lineno", frame_get_lineno, frame_set_lineno, NULL, NULL};

int
ff_setlineno_init(void)
{
    if (original_set != NULL) {
        return 0;
    }
    PyObject *descr = PyDict_GetItemString(PyFrame_Type.tp_dict, "f_lineno");
    if (descr == NULL || !Py_IS_TYPE(descr, &PyGetSetDescr_Type)
        || ((PyGetSetDescrObject *)descr)->d_getset->set == NULL) {
        PyErr_SetString(PyExc_ImportError, "fivefold: frame.f_lineno is not CPython's getter and setter");
        return -1;
    }
    PyGetSetDef *def = ((PyGetSetDescrObject *)descr)->d_getset;
    lineno_def.doc = def->doc;
    PyObject *mine = PyDescr_NewGetSet(&PyFrame_Type, &lineno_def);
    if (mine == NULL) {
        return -1;
    }
    original_get = def->get;
    original_set = def->set;
    /* The original descriptor stays alive in nothing else once replaced, but
     * its PyGetSetDef is static in CPython: the function pointers stay valid. */
    if (PyDict_SetItemString(PyFrame_Type.tp_dict, "f_lineno", mine) < 0) {
        original_get = NULL;
        original_set = NULL;
        Py_DECREF(mine);
        return -1;
    }
    Py_DECREF(mine);
    PyType_Modified(&PyFrame_Type);
    return 0;
}
