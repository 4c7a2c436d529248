/* The C stack guard: RecursionError, with CPython's message, when the C stack
 * of the current thread is nearly used up, whatever sys.setrecursionlimit says.
 * Each thread finds its stack bounds once (pthread_getattr_np) and keeps them
 * in thread-local storage. */
#define _GNU_SOURCE
#include "vm_internal.h"
#include <pthread.h>

/* Headroom kept free below the guard: C code between two fivefold frames
 * (calls through C functions, __repr__, comparisons...) must fit in it. */
#define FF_STACK_MARGIN (256 * 1024)

static _Thread_local uintptr_t stack_limit;      /* lowest usable address; 0 = not known yet */
static _Thread_local int stack_limit_known;
static _Thread_local uintptr_t stack_top;        /* highest address of the stack; 0 = not known */

static void
find_stack_limit(void)
{
    stack_limit_known = 1;
    stack_limit = 0;
    stack_top = 0;
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) {
        return;
    }
    void *addr = NULL;
    size_t size = 0;
    if (pthread_attr_getstack(&attr, &addr, &size) == 0 && addr != NULL) {
        size_t margin = FF_STACK_MARGIN;
        if (margin > size / 4) {
            margin = size / 4;   /* small thread stacks: keep a quarter */
        }
        stack_limit = (uintptr_t)addr + margin;
        stack_top = (uintptr_t)addr + size;
    }
    pthread_attr_destroy(&attr);
}

int
ff_c_stack_exhausted(PyThreadState *tstate)
{
    char here;
    if (!stack_limit_known) {
        find_stack_limit();
    }
    if ((uintptr_t)&here > stack_limit) {
        return 0;
    }
    PyErr_SetString(PyExc_RecursionError, "maximum recursion depth exceeded");
    return 1;
}

int
ff_c_stack_range(uintptr_t *low, uintptr_t *high)
{
    if (!stack_limit_known) {
        find_stack_limit();
    }
    if (stack_limit == 0 || stack_top <= stack_limit) {
        return 0;
    }
    *low = stack_limit;
    *high = stack_top;
    return 1;
}
