/* The first include of every loop's file (shared/vm/eval.c for tier 0,
 * stageN/vm/loop.c): CPython's headers the loops use, with CPython's own
 * visibility, then FF_HIDDEN_BEGIN ... FF_HIDDEN_END around the includes of
 * fivefold's headers and the loop.
 *
 * Why: the module is built with -fvisibility=hidden, which hides fivefold's
 * definitions but not its extern declarations; the compiler reads a variable
 * declared without it (a change's switch, a table) through the GOT, and the
 * linker leaves a lea of its address and a load where one load does, with a
 * register taken for the address: 60-odd such reads in stage 2's loop, the
 * switches of the frame and call paths among them (stage2/README.md, "The
 * base VM: fivefold's declarations hidden in the loops"). Inside the hidden
 * region every declaration is of this module's own; were a CPython symbol
 * first declared there, the link would fail, so CPython's headers come here
 * first. */
#ifndef FIVEFOLD_LOOP_PRELUDE_H
#define FIVEFOLD_LOOP_PRELUDE_H

#ifndef Py_BUILD_CORE_MODULE
#  define Py_BUILD_CORE_MODULE 1
#endif
#include <Python.h>
#include "internal/pycore_atomic.h"
#include "internal/pycore_ceval.h"
#include "internal/pycore_code.h"
#include "internal/pycore_dict.h"
#include "internal/pycore_frame.h"
#include "internal/pycore_interp.h"
#include "internal/pycore_long.h"
#include "internal/pycore_moduleobject.h"
#include "internal/pycore_object.h"
#include "internal/pycore_pymem.h"
#include "internal/pycore_pystate.h"
#include "internal/pycore_runtime.h"

#if defined(__GNUC__)
#  define FF_HIDDEN_BEGIN _Pragma("GCC visibility push(hidden)")
#  define FF_HIDDEN_END _Pragma("GCC visibility pop")
#else
#  define FF_HIDDEN_BEGIN
#  define FF_HIDDEN_END
#endif

#endif
