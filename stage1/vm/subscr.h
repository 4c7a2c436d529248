/* s1.subscr: inline helpers for the bodies in subscr.def (included through stage1.h). */
#ifndef FIVEFOLD_S1_SUBSCR_H
#define FIVEFOLD_S1_SUBSCR_H

/* The position `sub` (an exact int) names in a list or tuple, or -1 when the
 * int has more than one digit or falls outside: those cases are left to the
 * generic instruction (IndexError, or __index__ of a big int). */
static inline Py_ssize_t
ff_sequence_index(PyObject *seq, PyObject *sub)
{
    if ((size_t)(Py_SIZE(sub) + 1) >= 3) {
        return -1;
    }
    Py_ssize_t index = (Py_ssize_t)Py_SIZE(sub) * (Py_ssize_t)((PyLongObject *)sub)->ob_digit[0];
    Py_ssize_t size = Py_SIZE(seq);
    if (index < 0) {
        index += size;
    }
    return (size_t)index < (size_t)size ? index : -1;
}

#endif
