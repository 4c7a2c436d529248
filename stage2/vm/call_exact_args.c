/* s2.call_exact_args: the checks behind a CALL's cached function version, and
 * fivefold's own function versions. */
#include "vm_internal.h"   /* first: internal headers need Py_BUILD_CORE_MODULE */
#include "stage2.h"
#include "internal/pycore_code.h"   /* write_u32 */

/* CPython 3.11 gives a function a version (func_version) when its specializer
 * first caches it, from a counter of its own that counts up from 1 and is not
 * exported; setting __code__, __defaults__, __kwdefaults__ or __annotations__
 * resets it to 0 (checked in funcobject.c and on 3.11.7). A function CPython
 * never versioned gets one of fivefold's, counted down from just below
 * FF_NOT_EXACT_ARGS, so the two never meet: ours stop at 2**31, which
 * CPython's would reach only after two billion versions. Either kind names the
 * function's state until a setter resets it, which is all the cache needs. */
static uint32_t next_version = FF_NOT_EXACT_ARGS - 1;

static uint32_t
new_version(void)
{
    return next_version >= FF_LOWEST_VERSION ? next_version-- : 0;
}

/* What stays true of a function while its version does: fivefold code with
 * positional parameters only (no *args, **kwargs or keyword-only ones, so that
 * exactly co_argcount positional arguments bind them all), not a generator or
 * coroutine (whose call makes an object instead of running) unless
 * s2.generator_exact_args is on: the loop runs a pushed generator frame's
 * RETURN_GENERATOR and resumes the caller with the object. Only code that
 * passes gets one of fivefold's versions (FF_CHECKED_VERSION, stage2.h). */
static int
code_exact_args_possible(PyCodeObject *co)
{
    int refused = CO_VARARGS | CO_VARKEYWORDS | (ff_generator_exact_args ? 0 : FF_GENERATOR_KINDS);
    return !(co->co_flags & refused) && co->co_kwonlyargcount == 0;
}

static int
exact_args_possible(PyFunctionObject *func)
{
    PyCodeObject *co = (PyCodeObject *)func->func_code;
    return code_exact_args_possible(co) && ff_code_of_shadow(co) != NULL;
}

/* s2.function_versions: one version per Code, shared by every function whose
 * func_code is its shadow. What a cached version vouches for at a CALL is the
 * code alone (its flags and parameter counts, checked by exact_args_possible;
 * s2.call_defaults reads the defaults tuple from the function on each call), and
 * a setter of __code__ resets func_version to 0, so two functions sharing one
 * stay interchangeable at every site that reads it. CPython 3.11 itself never
 * caches a version while a PEP 523 evaluator is installed (specialize_py_call
 * and BINARY_SUBSCR's specializer refuse), so its caches never meet ours;
 * CPython 3.13 shares versions the same way (func_version from co_version). */
uint32_t
ff_code_func_version(FFCode *code, PyCodeObject *shadow)
{
    /* A Code whose functions cannot be called with exact arguments keeps
     * FF_NOT_EXACT_ARGS (looked at once) and gives its functions none, so
     * that a version of fivefold's always means the checks passed. */
    if (code->func_version == 0) {
        uint32_t version = code_exact_args_possible(shadow) ? new_version() : FF_NOT_EXACT_ARGS;
        code->func_version = version != 0 ? version : FF_NOT_EXACT_ARGS;
    }
    return code->func_version != FF_NOT_EXACT_ARGS ? code->func_version : 0;
}

static uint32_t
function_version(PyFunctionObject *func)
{
    if (func->func_version == 0) {
        /* exact_args_possible has found the Code */
        func->func_version = ff_function_versions
            ? ff_code_func_version(ff_code_of_checked_shadow((PyCodeObject *)func->func_code),
                                    (PyCodeObject *)func->func_code)
            : new_version();
    }
    return func->func_version;
}

uint32_t
ff_cache_exact_args(PyFunctionObject *func, _Py_CODEUNIT *cache)
{
    uint32_t version = exact_args_possible(func) ? function_version(func) : 0;
    /* A callee that cannot be called this way (or no version left to give)
     * makes the site stop looking: the general path from then on. */
    write_u32(cache, version != 0 ? version : FF_NOT_EXACT_ARGS);
    return version;
}
