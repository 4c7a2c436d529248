/* s2.int_bitwise_wide: `&`, `|`, `^` (and their in-place forms) of two
 * non-negative exact ints of up to FF_BITWISE_WIDE_DIGITS digits computed
 * digit by digit in s2.int_bitwise's member (int_bitwise.h calls it where the
 * one-digit path gives up), instead of through int's nb_ slot (long_xor ->
 * long_bitwise, about 124 instructions a call on go before the result is
 * allocated). go's zobrist hash, `self.hash ^= square.zobrist_strings[...]`
 * on ints below 2**63 (three 30-bit digits), is where this is hot.
 *
 * Rules of this file: the result is exactly what CPython 3.11's long_bitwise
 * makes for non-negative operands: the digits combined pairwise (a digit the
 * shorter operand lacks is 0), no leading zero digit, a value of at most one
 * digit what PyLong_FromLong makes (the cached singleton for a small one, as
 * 3.11's maybe_small_long), else a new int of exactly its digits from
 * _PyLong_New. Negative operands, more digits and shifts stay with the slot. */
#ifndef FIVEFOLD_S2_INT_BITWISE_WIDE_H
#define FIVEFOLD_S2_INT_BITWISE_WIDE_H

#include "vm_internal.h"
#include "opcode.h"   /* NB_AND and friends */

extern int ff_int_bitwise_wide_on;   /* s2.int_bitwise_wide */

/* How many results this change has made in this process (int_bitwise_wide.c
 * exports it to the test: the switch shows in it alone). */
extern Py_ssize_t ff_int_bitwise_wide_count;

/* go's hashes are below 2**63: three digits. */
#define FF_BITWISE_WIDE_DIGITS 3

/* left <op> right for two exact ints into *res (a new reference, or NULL with
 * MemoryError set): 1, or 0 when this change does not take them. Out of line
 * (int_bitwise_wide.c): inlined into the loop's member it moved the loop's
 * code (pyflate +23M instructions a loop with the change off); the slot it
 * replaces is a call too. */
int ff_int_bitwise_wide(PyObject *left, PyObject *right, int oparg, PyObject **res);

#endif
