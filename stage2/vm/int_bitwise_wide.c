/* s2.int_bitwise_wide: the digit-by-digit &, |, ^ and its count of results
 * (int_bitwise_wide.h has the rules). */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "stage2.h"

Py_ssize_t ff_int_bitwise_wide_count = 0;

/* int_bitwise_wide.h. */
int
ff_int_bitwise_wide(PyObject *left, PyObject *right, int oparg, PyObject **res)
{
    switch (oparg) {
    case NB_AND: case NB_INPLACE_AND: case NB_OR: case NB_INPLACE_OR: case NB_XOR: case NB_INPLACE_XOR:
        break;
    default:
        return 0;   /* shifts: the slot's */
    }
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
    default:   /* NB_XOR, NB_INPLACE_XOR */
        for (int i = 0; i < FF_BITWISE_WIDE_DIGITS; i++) {
            z[i] = a[i] ^ b[i];
        }
        break;
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


/* For tests (ctypes; exported from the extension whatever its default
 * visibility): how many results the change has made in this process. */
__attribute__((visibility("default"))) Py_ssize_t ff_int_bitwise_wide_made(void);

Py_ssize_t
ff_int_bitwise_wide_made(void)
{
    return ff_int_bitwise_wide_count;
}
