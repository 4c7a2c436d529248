/* Hot loops (s3.record): the back-edge counters stage 3's loop bumps, and the
 * table of loop heads that got hot, with what became of them.
 *
 * Rules of this file:
 * - The counters are the only part the loop touches on its hot path
 *   (FF_ON_LOOP_BACK, stage3.h): one add and a compare per back edge.
 * - A head is (code, unit): the table holds a strong reference to the code, so
 *   an address it keys cannot be reused by another code object while it is
 *   there. The table is consulted only when a counter fires (once per
 *   threshold back edges of a slot), so a loop that has a trace, or that will
 *   not get one, costs one look-up there, and no recording.
 * - Open addressing, doubled at half full; cleared only with the traces
 *   (clear_traces()), which it outlives otherwise. */
#include "stage3.h"

uint16_t ff_hot_counts[FF_HOT_SLOTS];
uint16_t ff_hot_threshold = 64;
int ff_record_on = 0;

static ff_loop_head *heads = NULL;
static Py_ssize_t heads_size = 0;     /* a power of two, or 0 */
static Py_ssize_t heads_used = 0;

static Py_ssize_t
slot_of(PyCodeObject *code, int offset, Py_ssize_t size)
{
    uintptr_t h = ((uintptr_t)code >> 4) * 31u + (uintptr_t)offset;
    h ^= h >> 13;
    return (Py_ssize_t)(h * 0x9E3779B1u) & (size - 1);
}

static ff_loop_head *
lookup(ff_loop_head *table, Py_ssize_t size, PyCodeObject *code, int offset)
{
    for (Py_ssize_t i = slot_of(code, offset, size);; i = (i + 1) & (size - 1)) {
        ff_loop_head *h = &table[i];
        if (h->code == NULL || (h->code == code && h->offset == offset)) {
            return h;
        }
    }
}

ff_loop_head *
ff_head_find(PyCodeObject *code, int offset)
{
    if (heads_size == 0) {
        return NULL;
    }
    ff_loop_head *h = lookup(heads, heads_size, code, offset);
    return h->code != NULL ? h : NULL;
}

static int
grow(void)
{
    Py_ssize_t size = heads_size ? heads_size * 2 : 64;
    ff_loop_head *table = PyMem_Calloc((size_t)size, sizeof(ff_loop_head));
    if (table == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < heads_size; i++) {
        if (heads[i].code != NULL) {
            *lookup(table, size, heads[i].code, heads[i].offset) = heads[i];
        }
    }
    PyMem_Free(heads);
    heads = table;
    heads_size = size;
    return 0;
}

ff_loop_head *
ff_head_get(PyCodeObject *code, int offset)
{
    if ((heads_used + 1) * 2 > heads_size && grow() < 0) {
        return NULL;
    }
    ff_loop_head *h = lookup(heads, heads_size, code, offset);
    if (h->code == NULL) {
        Py_INCREF(code);
        h->code = code;
        h->offset = offset;
        h->state = FF_HEAD_NEW;
        h->attempts = 0;
        h->trace = -1;
        heads_used++;
    }
    return h;
}

void
ff_heads_clear(void)
{
    ff_loop_head *table = heads;
    Py_ssize_t size = heads_size;
    /* Detached first: a code object's deallocation may run Python code. */
    heads = NULL;
    heads_size = heads_used = 0;
    for (Py_ssize_t i = 0; i < size; i++) {
        Py_XDECREF(table[i].code);
    }
    PyMem_Free(table);
    memset(ff_hot_counts, 0, sizeof ff_hot_counts);
}

Py_ssize_t
ff_heads_count(ff_head_state state)
{
    Py_ssize_t n = 0;
    for (Py_ssize_t i = 0; i < heads_size; i++) {
        n += heads[i].code != NULL && heads[i].state == state;
    }
    return n;
}
