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
 * MemoryError set): 1, or 0 when this change does not take them. */
static inline int
ff_int_bitwise_wide(PyObject *left, PyObject *right, int oparg, PyObject **res)
{
    Py_ssize_t na = Py_SIZE(left), nb = Py_SIZE(right);
    if ((size_t)na > FF_BITWISE_WIDE_DIGITS || (size_t)nb > FF_BITWISE_WIDE_DIGITS) {
        return 0;   /* negative (ob_size is the signed digit count), or too long */
    }
    /* The operands' digits, zero-padded to the same length. */
    digit a[FF_BITWISE_WIDE_DIGITS] = {0}, b[FF_BITWISE_WIDE_DIGITS] = {0}, z[FF_BITWISE_WIDE_DIGITS];
    for (Py_ssize_t i = 0; i < na; i++) {
        a[i] = ((PyLongObject *)left)->ob_digit[i];
    }
    for (Py_ssize_t i = 0; i < nb; i++) {
        b[i] = ((PyLongObject *)right)->ob_digit[i];
    }
    switch (oparg) {
    case NB_AND: case NB_INPLACE_AND:
        for (int i = 0; i < FF_BITWISE_WIDE_DIGITS; i++) {
            z[i] = a[i] & b[i];
        }
        break;
    case NB_OR: case NB_INPLACE_OR:
        for (int i = 0; i < FF_BITWISE_WIDE_DIGITS; i++) {
            z[i] = a[i] | b[i];
        }
        break;
    case NB_XOR: case NB_INPLACE_XOR:
        for (int i = 0; i < FF_BITWISE_WIDE_DIGITS; i++) {
            z[i] = a[i] ^ b[i];
        }
        break;
    default:
        return 0;   /* shifts: the slot's */
    }
    Py_ssize_t n = FF_BITWISE_WIDE_DIGITS;
    while (n > 0 && z[n - 1] == 0) {
        n--;
    }
    ff_int_bitwise_wide_count++;
    if (n <= 1) {
        *res = PyLong_FromLong(n ? (long)z[0] : 0);
        return 1;
    }
    PyLongObject *r = _PyLong_New(n);
    if (r != NULL) {
        for (Py_ssize_t i = 0; i < n; i++) {
            r->ob_digit[i] = z[i];
        }
    }
    *res = (PyObject *)r;
    return 1;
}

#endif
