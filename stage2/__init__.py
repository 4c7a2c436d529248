"""fivefold.stage2: frames and calls owned by fivefold, and many small tweaks.

Each change is a stage2/vm/<name>.def (its change(s2.<name>) declaration and
its instructions or the micro-ops it composes into earlier instructions) and
stage2/vm/<name>.c, tested by tests/stage2/test_<name>.py; switch one off with
FIVEFOLD_WITHOUT=<id>. stage2/README.md lists them with measured gains.
"""

from fivefold.changes import Change, register

FRAMES_LOOP = register(Change(
    id="s2.frames_loop", stage=2, merge_order=0,
    description="Stage 2's loop on its own: stage 1's instructions, the base loop's frame-pushing "
                "paths and every stage-2 micro-op composed in but switched off. It changes nothing "
                "(a cost, measured as such); every other stage-2 change requires it.",
    targets=(), test="tests/stage2/test_frames_loop.py"))

CHANGES = [FRAMES_LOOP] + [
    register(Change(
        id="s2.inline_calls", stage=2, merge_order=1,
        description="A call of a Python function whose code is fivefold's (exact positional "
                    "arguments, or completed by defaults) pushes the callee's frame on the thread's "
                    "data stack and runs it in the same dispatch loop; RETURN_VALUE resumes the "
                    "caller there and an exception unwinds into it. No C recursion and no "
                    "_PyFunction_Vectorcall -> _PyEval_Vector -> PEP 523 round trip per call.",
        targets=("calls", "richards", "deltablue", "raytrace", "chaos", "go", "hexiom", "nqueens"),
        test="tests/stage2/test_inline_calls.py",
        requires=("s1.call", FRAMES_LOOP.id))),
    register(Change(
        id="s2.inline_generators", stage=2, merge_order=2,
        description="FOR_ITER and SEND (yield from) over a generator of fivefold code resume the "
                    "generator's frame in the same dispatch loop: YIELD_VALUE returns to the resumer "
                    "with the value, the generator's return ends the loop (FOR_ITER) or becomes the "
                    "value of `yield from` (SEND), an exception unwinds into the resumer's frame. No C "
                    "recursion into a second run of the loop per item.",
        targets=("generators", "nqueens", "comprehensions", "genexpr"),
        test="tests/stage2/test_inline_generators.py",
        requires=("s1.for_iter", FRAMES_LOOP.id))),
    register(Change(
        id="s2.float_reuse", stage=2, merge_order=3,
        description="Float addition, subtraction and multiplication write the result into an "
                    "operand only the value stack refers to (reference count 1) instead of "
                    "allocating a new float and freeing the operand.",
        targets=("float_arithmetic", "nbody", "float", "spectral_norm", "raytrace", "chaos"),
        test="tests/stage2/test_float_reuse.py",
        requires=("s1.binary_op", FRAMES_LOOP.id))),
    register(Change(
        id="s2.inline_init", stage=2, merge_order=4,
        description="A call of a Python class whose __init__ is a fivefold function makes the "
                    "object (object.__new__) and runs __init__ in the same dispatch loop; the caller "
                    "resumes at an EXIT_INIT_CHECK that checks __init__ returned None, as CPython "
                    "3.13's CALL_ALLOC_AND_ENTER_INIT.",
        targets=("raytrace", "chaos", "go", "deltablue", "richards", "nbody"),
        test="tests/stage2/test_inline_init.py",
        requires=("s1.call", FRAMES_LOOP.id))),
    register(Change(
        id="s2.compare_branch", stage=2, merge_order=5,
        description="A comparison of two compact ints, two floats or (== and !=) two strs followed "
                    "by a conditional jump does the jump itself: no bool is made and the jump is not "
                    "dispatched (CPython 3.11's COMPARE_OP_*_JUMP).",
        targets=("loops", "int_arithmetic", "fannkuch", "nqueens", "richards", "go", "hexiom"),
        test="tests/stage2/test_compare_branch.py",
        # Measured a loss: 2.2% more instructions on a compare-heavy while loop, 0.995x
        # on the loops micro-benchmark (stage2/README.md). Built and tested, off.
        on_by_default=False,
        requires=("s1.compare_op", FRAMES_LOOP.id))),
    register(Change(
        id="s2.make_generator", stage=2, merge_order=6,
        description="RETURN_GENERATOR makes the generator object and copies the frame into it as "
                    "CPython 3.11 does (restated: neither _Py_MakeCoro nor _PyFrame_Copy is exported), "
                    "instead of going through a frame object made by PyFrame_New and "
                    "PyGen_NewWithQualName: an allocation, a copy and a GC-tracked object fewer per "
                    "generator.",
        targets=("generators", "nqueens", "comprehensions", "genexpr"),
        test="tests/stage2/test_make_generator.py",
        requires=(FRAMES_LOOP.id,))),
    register(Change(
        id="s2.store_attr_hint", stage=2, merge_order=20,
        description="STORE_ATTR into an object whose attributes live in its dict (not its class's "
                    "values array), which stage 1 leaves generic: a member added to stage 1's "
                    "family through the seam, guarded by the type version (no __setattr__, no data "
                    "descriptor), replaces the value in place at the name's cached entry in the dict, else "
                    "stores with PyDict_SetItem, without the generic class lookup and calls.",
        targets=("go", "deltablue", "chaos"),
        test="tests/stage2/test_store_attr_hint.py",
        requires=("s1.store_attr", FRAMES_LOOP.id))),
    register(Change(
        id="s2.method_cache", stage=2, merge_order=22,
        description="LOAD_METHOD at sites stage 1 cannot specialize or that meet objects of several "
                    "classes: a member added to stage 1's family through the seam finds the method in a "
                    "global 512-entry cache keyed by (type version, name) and checks that the object "
                    "itself has no attribute of that name.",
        targets=("richards", "go", "deltablue", "chaos", "raytrace"),
        test="tests/stage2/test_method_cache.py",
        requires=("s1.load_attr", FRAMES_LOOP.id))),
    register(Change(
        id="s2.int_bitwise", stage=2, merge_order=23,
        description="BINARY_OP &, |, ^, << and >> on two exact ints (generic under stage 1): a member "
                    "added to stage 1's family through the seam computes them in C for non-negative "
                    "ints below 2**30 and calls int's own slot otherwise.",
        targets=("pyflate", "go", "chaos"),
        test="tests/stage2/test_int_bitwise.py",
        requires=("s1.binary_op", FRAMES_LOOP.id))),
    register(Change(
        id="s2.int_freelist", stage=2, merge_order=62,
        description="Ints made by stage 2's int members (+, -, * of compact ints, s2.int_bitwise's "
                    "operators, FOR_ITER over a range) are CPython's small-int singletons or come "
                    "from a bounded list of dead one-digit ints, without an exported call; exact "
                    "one-digit ints whose last reference the loop drops there or in a store to a "
                    "local go on that list instead of back to the allocator (CPython 3.14's int "
                    "free list; 3.11 has none).",
        targets=("loops", "int_arithmetic", "fannkuch", "nqueens", "richards", "scimark", "go",
                 "hexiom", "pyflate", "meteor_contest", "unpack_sequence", "spectral_norm"),
        test="tests/stage2/test_int_freelist.py",
        requires=("s1.binary_op", "s1.for_iter", FRAMES_LOOP.id))),
    register(Change(
        id="s2.int_floordiv", stage=2, merge_order=63,
        description="BINARY_OP // and % (and //=, %=) on two exact ints (generic under stage 1, "
                    "as in CPython 3.11): a member added to stage 1's family through the seam "
                    "computes them in C with Python's floor semantics for ints below 2**30 in "
                    "magnitude and a non-zero divisor, its result made as s2.int_freelist makes "
                    "the other int members'; a wider int or a zero divisor calls int's own slot.",
        targets=("spectral_norm", "int_arithmetic"),
        test="tests/stage2/test_int_floordiv.py",
        requires=("s1.binary_op", FRAMES_LOOP.id))),
    register(Change(
        id="s2.str_concat", stage=2, merge_order=40,
        description="`s += t` and `s = s + t` on strs, where s is a local that the next instruction "
                    "stores back into, append to the local's string: in place (resized) when the "
                    "local is its only reference, instead of a new string per step (CPython 3.11's "
                    "BINARY_OP_INPLACE_ADD_UNICODE); the store is skipped.",
        targets=("strings",),
        test="tests/stage2/test_str_concat.py",
        requires=("s1.binary_op", FRAMES_LOOP.id))),
    register(Change(
        id="s2.builtin_ctors", stage=2, merge_order=41,
        description="A call of int, float or tuple (by identity) with one positional argument "
                    "computes the result as the constructor does (PyNumber_Long, PyNumber_Float "
                    "or a str parsed, PySequence_Tuple; an exact int, float or tuple comes back as "
                    "itself) without type_call, argument parsing or vectorcall; int(x), which stage "
                    "1 leaves generic in 3.11, included.",
        targets=("scimark", "chaos"),
        test="tests/stage2/test_builtin_ctors.py",
        requires=("s1.call", FRAMES_LOOP.id))),
    register(Change(
        id="s2.exc_match", stage=2, merge_order=42,
        description="`except C:` with C a single exception class matches the exception by its type "
                    "(identity, else PyType_IsSubtype) instead of the validity check and "
                    "PyErr_GivenExceptionMatches; a tuple or a non-exception class takes the base "
                    "instruction.",
        targets=("exceptions",),
        test="tests/stage2/test_exc_match.py",
        requires=(FRAMES_LOOP.id,))),
    register(Change(
        id="s2.inline_await", stage=2, merge_order=30,
        description="`await` (SEND) of a coroutine of fivefold code resumes the coroutine's frame in "
                    "the same dispatch loop, as s2.inline_generators does for `yield from`: its yield "
                    "comes back to the awaiting frame to be passed up, its return becomes the value "
                    "of the await, an exception unwinds into the awaiting frame. No PyIter_Send -> "
                    "gen_send_ex2 -> PEP 523 round trip and no C recursion per await.",
        targets=("coroutines",),
        test="tests/stage2/test_inline_await.py",
        requires=(FRAMES_LOOP.id,))),
    register(Change(
        id="s2.make_coroutine", stage=2, merge_order=31,
        description="RETURN_GENERATOR of a coroutine or an async generator makes the object and "
                    "copies the frame into it as CPython 3.11's _Py_MakeCoro does (restated), as "
                    "s2.make_generator does for generators, instead of a frame object made by "
                    "PyFrame_New handed to PyCoro_New or PyAsyncGen_New. Coroutines made while "
                    "sys.set_coroutine_origin_tracking_depth is set keep that way (cr_origin).",
        targets=("coroutines",),
        test="tests/stage2/test_make_coroutine.py",
        requires=(FRAMES_LOOP.id,))),
    register(Change(
        id="s2.inline_generator_calls", stage=2, merge_order=32,
        description="A call of a generator, coroutine or async generator function of fivefold code "
                    "pushes its frame and runs its RETURN_GENERATOR in the same dispatch loop, which "
                    "pops the frame and resumes the caller with the new object, instead of stage 1's "
                    "_PyFunction_Vectorcall -> _PyEval_Vector -> PEP 523 -> a second run of the loop.",
        targets=("coroutines", "generators", "nqueens", "genexpr"),
        test="tests/stage2/test_inline_generator_calls.py",
        requires=("s1.call", FRAMES_LOOP.id))),
    register(Change(
        id="s2.call_exact_args", stage=2, merge_order=10,
        description="A call of a fivefold function with exactly its positional parameters (no "
                    "keywords, no defaults needed; CPython 3.11's CALL_PY_EXACT_ARGS) caches the "
                    "function's version in the CALL's inline cache and, while the callee has that "
                    "version, pushes its frame right in the instruction: the arguments copied in, "
                    "the other locals NULL, none of s2.inline_calls' per-call checks and binding. "
                    "A site that sees several callees in turn re-caches each one's version with a "
                    "store (fivefold gives versions only to functions such a call fits).",
        targets=("calls", "richards", "deltablue", "raytrace", "chaos", "go", "hexiom", "nqueens"),
        test="tests/stage2/test_call_exact_args.py",
        requires=("s2.inline_calls", FRAMES_LOOP.id))),
    register(Change(
        id="s2.cheap_frames", stage=2, merge_order=11,
        description="Frames pushed and popped in stage 2's loop count their recursion level inline "
                    "on the loop's thread state (no call and no thread-state look-up per frame; "
                    "the same counter, so RecursionError strikes at CPython's depth), and a "
                    "returning frame with no frame object and no locals dict is popped inline "
                    "instead of through the general clear.",
        targets=("calls", "richards", "deltablue", "raytrace", "chaos", "go", "hexiom", "nqueens",
                 "generators"),
        test="tests/stage2/test_cheap_frames.py",
        requires=(FRAMES_LOOP.id,))),
    register(Change(
        id="s2.binary_slice", stage=2, merge_order=45,
        description="`x[a:b]` on an exact list, tuple or str with None or small exact int bounds: "
                    "BUILD_SLICE, seeing the subscript next, takes the items with the function the "
                    "type's subscript uses for a step of 1 (PyList_GetSlice, PyTuple_GetSlice, "
                    "PyUnicode_Substring) and skips it: no slice object, no generic subscript "
                    "dispatch, no _PyEval_SliceIndex per bound (CPython 3.12's BINARY_SLICE).",
        targets=("nqueens", "pyflate", "fannkuch"),
        test="tests/stage2/test_binary_slice.py",
        requires=(FRAMES_LOOP.id,))),
    register(Change(
        id="s2.store_slice", stage=2, merge_order=46,
        description="`x[a:b] = v` on an exact list with None or small exact int bounds: BUILD_SLICE, "
                    "seeing STORE_SUBSCR next, calls PyList_SetSlice with the bounds adjusted to the "
                    "list's length (list_ass_subscript's step-1 path) and skips the store: no slice "
                    "object, no generic dispatch (CPython 3.12's STORE_SLICE).",
        targets=("fannkuch", "nqueens", "pyflate"),
        test="tests/stage2/test_store_slice.py",
        requires=(FRAMES_LOOP.id,))),
    register(Change(
        id="s2.stepped_slice", stage=2, merge_order=64,
        description="`x[a:b:c]` on an exact list, tuple or str with None or small exact int bounds "
                    "and a None or small nonzero exact int step: BUILD_SLICE, seeing the subscript "
                    "next, takes the items itself (bounds adjusted as PySlice_AdjustIndices does, "
                    "items in the order and result type of the type's own subscript) and skips "
                    "it: no slice object, no PySlice_Unpack, no generic subscript dispatch.",
        targets=("fannkuch",),
        test="tests/stage2/test_stepped_slice.py",
        requires=(FRAMES_LOOP.id,))),
    register(Change(
        id="s2.int_bitwise_wide", stage=2, merge_order=65,
        description="&, | and ^ of two non-negative exact ints of up to three digits are computed "
                    "digit by digit in s2.int_bitwise's member (a result exactly long_bitwise's: "
                    "normalized, a small value the cached singleton) instead of through int's nb_ "
                    "slot. go's zobrist hash.",
        targets=("go",),
        test="tests/stage2/test_int_bitwise_wide.py",
        requires=(FRAMES_LOOP.id,))),
    register(Change(
        id="s2.c_entry", stage=2, merge_order=43,
        description="A frame C code runs (a call from a C function or slot, a generator resumed by "
                    "gen_iternext) enters stage 2's loop through stage 2's own PEP 523 entry: the C "
                    "stack guard's limit kept for the thread state that last entered instead of a "
                    "thread-local look-up per entry, the loop tail-called directly instead of through "
                    "the default entry's pointer, and the frame's Code taken without repeating the "
                    "entry's checks. RecursionError strikes where it did.",
        targets=("nqueens", "generators", "genexpr", "deepcopy", "richards", "calls"),
        test="tests/stage2/test_c_entry.py",
        requires=(FRAMES_LOOP.id,))),
    register(Change(
        id="s2.inline_bound_calls", stage=2, merge_order=50,
        description="A call of a bound method object whose function is a fivefold function "
                    "(stage 1's CALL_BOUND_METHOD: a method kept as an instance attribute or in a "
                    "local) pushes the function's frame with the method's self first and runs it "
                    "in the same dispatch loop, as CPython 3.11's PRECALL_BOUND_METHOD + CALL_PY_*; "
                    "no _PyFunction_Vectorcall -> _PyEval_Vector -> PEP 523 round trip per call.",
        targets=("pickle_pure_python", "unpickle_pure_python", "logging"),
        test="tests/stage2/test_inline_bound_calls.py",
        requires=("s1.call", FRAMES_LOOP.id))),
    register(Change(
        id="s2.load_method_attr", stage=2, merge_order=51,
        description="LOAD_METHOD of a name that is the object's own attribute (in its values array) "
                    "and not a method of its class (self.write = self.framer.write; self.write(x)): "
                    "a member added to stage 1's LOAD_METHOD family through the seam pushes "
                    "[NULL, attribute] from the values array under a type-version guard, instead of "
                    "the generic path's class and instance look-ups.",
        targets=("pickle_pure_python", "unpickle_pure_python"),
        test="tests/stage2/test_load_method_attr.py",
        requires=("s1.load_attr", FRAMES_LOOP.id))),
    register(Change(
        id="s2.load_method_lazy_dict", stage=2, merge_order=52,
        description="LOAD_METHOD of a method of a class whose instances keep a __dict__ at an offset, "
                    "made on first use (io.BytesIO, io.StringIO), while the object has none: a member "
                    "added to stage 1's LOAD_METHOD family through the seam checks the dict is still "
                    "not there and pushes the cached method with the object as self (stage 1 and "
                    "CPython 3.11 leave such sites generic).",
        targets=("pickle_pure_python", "unpickle_pure_python"),
        test="tests/stage2/test_load_method_lazy_dict.py",
        requires=("s1.load_attr", FRAMES_LOOP.id))),
    register(Change(
        id="s2.call_defaults", stage=2, merge_order=53,
        description="A call of a fivefold function with fewer positional arguments than its "
                    "positional parameters, completed by its defaults (no keywords), pushes the frame "
                    "straight from CALL_PY_FUNCTION while the function has the version "
                    "s2.call_exact_args cached there (CPython 3.11's CALL_PY_WITH_DEFAULTS), instead "
                    "of s2.inline_calls' general binding.",
        targets=("deepcopy", "pickle_pure_python", "unpickle_pure_python", "logging"),
        test="tests/stage2/test_call_defaults.py",
        # It reads the version s2.call_exact_args caches and is off without it
        # (stage.c); not a requirement, which would switch that change back on.
        requires=("s1.call", FRAMES_LOOP.id))),
    register(Change(
        id="s2.generator_exact_args", stage=2, merge_order=54,
        description="A call of a generator, coroutine or async generator function of fivefold code "
                    "with exactly its positional parameters takes s2.call_exact_args' cached path "
                    "(the function's version cached at the CALL, the frame pushed in the "
                    "instruction), instead of s2.inline_generator_calls' per-call checks and "
                    "binding; its RETURN_GENERATOR runs in the loop as for any frame it pushed.",
        targets=("coroutines", "generators", "nqueens"),
        test="tests/stage2/test_generator_exact_args.py",
        # Off without s2.call_exact_args (stage.c), as s2.call_defaults.
        requires=("s1.call", FRAMES_LOOP.id))),
    register(Change(
        id="s2.float_mixed", stage=2, merge_order=55,
        description="Float arithmetic (+ - * /) and comparisons with an exact int of one digit on "
                    "one side, and true division of floats and small ints, which stage 1 leaves "
                    "generic: members of BINARY_OP and COMPARE_OP that compute in C doubles (the "
                    "int is exactly a double, so the result is CPython's bit for bit); a larger "
                    "int or a zero divisor runs the generic instruction.",
        targets=("chaos", "float", "raytrace", "spectral_norm", "nbody", "scimark"),
        test="tests/stage2/test_float_mixed.py",
        requires=("s1.binary_op", "s1.compare_op", FRAMES_LOOP.id))),
    register(Change(
        id="s2.call_varargs", stage=2, merge_order=56,
        description="A call of a fivefold function with *args or **kwargs parameters pushes its "
                    "frame in the loop as any other fivefold call (the extra positional arguments "
                    "become the *args tuple, keywords that name no parameter the **kwargs dict, "
                    "as CPython's initialize_locals binds them), instead of leaving the loop "
                    "through _PyFunction_Vectorcall and PEP 523 on every call.",
        targets=("logging", "deepcopy", "pickle_pure_python", "unpickle_pure_python"),
        test="tests/stage2/test_call_varargs.py",
        requires=("s1.call", FRAMES_LOOP.id))),
    register(Change(
        id="s2.subscr_getitem", stage=2, merge_order=57,
        description="obj[key] where obj's class has a __getitem__ that is a fivefold function of two "
                    "positional parameters: a member of stage 1's BINARY_SUBSCR family (guarded by "
                    "the class's version) pushes __getitem__'s frame with (obj, key) and runs it in "
                    "the loop (CPython 3.11's BINARY_SUBSCR_GETITEM), instead of "
                    "PyObject_GetItem -> slot_mp_subscript -> PEP 523 on every subscript.",
        targets=("scimark",),
        test="tests/stage2/test_subscr_getitem.py",
        requires=("s1.subscr", FRAMES_LOOP.id))),
    register(Change(
        id="s2.call_function_ex", stage=2, merge_order=58,
        description="f(*args), f(*args, **kwargs) and obj.m(*args, **kwargs) of a fivefold function "
                    "or a bound method of one, with an exact tuple and an exact dict of str keys: "
                    "the arguments are bound as a CALL's and the callee's frame runs in the loop, "
                    "instead of PyObject_Call -> _PyFunction_Vectorcall -> PEP 523 per call.",
        targets=("deepcopy", "logging", "pickle_pure_python", "unpickle_pure_python"),
        test="tests/stage2/test_call_function_ex.py",
        # Measured no gain (deepcopy 4.754M -> 4.767M, logging 1.255M -> 1.260M
        # instructions per loop): off by default, as s2.compare_branch.
        on_by_default=False,
        requires=(FRAMES_LOOP.id,))),
    register(Change(
        id="s2.cheap_c_calls", stage=2, merge_order=59,
        description="The C calls of stage 1's CALL members (builtins and method descriptors by "
                    "calling convention, len, isinstance, type, str, list.append) cost less in "
                    "stage 2's loop: the recursion level counted inline on the loop's thread "
                    "state, the result checked inline when it agrees with the error state, "
                    "and list.append and comprehensions' LIST_APPEND on a list with room done "
                    "in place with the stack's reference, as CPython 3.11's "
                    "PRECALL_NO_KW_LIST_APPEND and LIST_APPEND do.",
        targets=("pickle_pure_python", "unpickle_pure_python", "deepcopy", "json_dumps",
                 "comprehensions", "hexiom", "go", "logging"),
        test="tests/stage2/test_cheap_c_calls.py",
        requires=("s1.call", FRAMES_LOOP.id))),
    register(Change(
        id="s2.function_versions", stage=2, merge_order=60,
        description="Every function MAKE_FUNCTION makes from one fivefold code object gets the "
                    "same version, kept by its Code (CPython 3.13 takes a new function's version "
                    "from its code), so s2.call_exact_args' cached call fits the comprehensions, "
                    "generator expressions and inner functions made anew on each run of their "
                    "enclosing code, instead of missing and re-caching on every call.",
        targets=("comprehensions", "nqueens", "hexiom", "meteor_contest"),
        test="tests/stage2/test_function_versions.py",
        # Its versions are read by s2.call_exact_args' cache and it is off without
        # it (stage.c); not a requirement, as s2.call_defaults.
        requires=("s1.call", FRAMES_LOOP.id))),
    register(Change(
        id="s2.build_tuple", stage=2, merge_order=61,
        description="BUILD_TUPLE fills the new tuple in the instruction, taking the stack's "
                    "references (CPython 3.11 inlines _PyTuple_FromArraySteal into its loop), "
                    "instead of calling the base VM's ff_tuple_steal per tuple.",
        targets=("scimark", "comprehensions", "hexiom"),
        test="tests/stage2/test_build_tuple.py",
        requires=(FRAMES_LOOP.id,))),
    register(Change(
        id="s2.collect_generators", stage=2, merge_order=66,
        description="tuple(g), list(g) and set(g) of a generator of fivefold code run the "
                    "generator in the same dispatch loop: each yield comes back to the call's "
                    "site, which adds the item and resumes the generator, instead of the "
                    "constructor iterating it from C (gen_iternext -> PEP 523 -> a run of the loop "
                    "of its own per item). Items are added as they come, as the constructors add "
                    "them; list(g) is allocated as list_extend allocates it.",
        targets=("nqueens", "generators", "comprehensions"),
        test="tests/stage2/test_collect_generators.py",
        requires=("s1.call", FRAMES_LOOP.id))),
    register(Change(
        id="s2.local_attr", stage=2, merge_order=67,
        description="`local.name` (`self.x`): a LOAD_FAST directly followed by a LOAD_ATTR becomes "
                    "LOAD_FAST__LOAD_ATTR at quickening; when the LOAD_ATTR is specialized to an "
                    "instance's values array, its dict with a hint or a slot and that member's guards "
                    "hold, the attribute is read with the object borrowed from the local, in one "
                    "dispatch (no push, incref and decref of the object; the LOAD_ATTR skipped); "
                    "otherwise the LOAD_ATTR runs as before.",
        targets=("richards", "raytrace", "chaos", "go", "float", "deltablue"),
        test="tests/stage2/test_local_attr.py",
        # Not s1.load_attr: `requires` switches it on with this one; without
        # stage 1's LOAD_ATTR members the pair is a plain LOAD_FAST.
        requires=(FRAMES_LOOP.id,))),
    register(Change(
        id="s2.enter_resume", stage=2, merge_order=68,
        description="A frame pushed in stage 2's loop (a call of a fivefold function, a generator "
                    "resumed) whose next instruction is a RESUME starts past it when the thread "
                    "does not trace and no eval breaker is set, which is all RESUME checks: one "
                    "dispatch a frame fewer. Otherwise the RESUME runs as before.",
        targets=("calls", "richards", "deltablue", "raytrace", "chaos", "go", "generators"),
        test="tests/stage2/test_enter_resume.py",
        requires=(FRAMES_LOOP.id,))),
]
