/* s2.int_bitwise_wide: its count of results, for the test (int_bitwise_wide.h). */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "stage2.h"

Py_ssize_t ff_int_bitwise_wide_count = 0;

/* For tests (ctypes; exported from the extension whatever its default
 * visibility): how many results the change has made in this process. */
__attribute__((visibility("default"))) Py_ssize_t ff_int_bitwise_wide_made(void);

Py_ssize_t
ff_int_bitwise_wide_made(void)
{
    return ff_int_bitwise_wide_count;
}
