"""fivefold.stage1: quickening and adaptive specialization (PEP 659 in fivefold).

s1.quickening is the adaptive loop itself (counters, warm-up, back-off, the
specializer calls) with no family: every other change requires it, so its cost
is measured once, as its own "gain" (below 1). Each other change is one family
of specialized instructions: its definitions are stage1/vm/<name>.def (read by
tools/cases_generator), where `change(s1.<name>) = {...};` names the instructions
it switches (the C table is generated from that; the registry checks every
declared id is registered here), its specializer stage1/vm/<name>.c, its test
tests/stage1/test_<name>.py. Switch one off with FIVEFOLD_WITHOUT=<id>.
stage1/README.md lists them with measured gains.
"""

from fivefold.changes import Change, register

_CHANGES = [
    ("binary_op", "BINARY_OP for two exact ints (add, subtract, multiply in C for one-digit ints), "
     "two exact floats and str concatenation.",
     ("int_arithmetic", "float_arithmetic", "nbody", "spectral_norm", "float")),
    ("compare_op", "COMPARE_OP for two exact ints, floats or strs: a C comparison and a shared bool.",
     ("loops", "int_arithmetic", "fannkuch", "nqueens", "richards")),
    ("truth", "Conditional jumps (POP_JUMP_*_IF_FALSE/TRUE) on bools, ints, None, lists/tuples "
     "and strs: the truth value without a call.", ("loops", "richards", "deltablue", "go")),
    ("load_attr", "LOAD_ATTR and LOAD_METHOD: instance attributes (values arrays and dict hints), "
     "slots, class attributes (through the class or an instance), module attributes, properties "
     "and methods, guarded by type versions and dict key versions.", ("attribute_access", "richards", "deltablue", "raytrace", "chaos", "go")),
    ("store_attr", "STORE_ATTR to instance attributes (values arrays) and slots.",
     ("attribute_access", "richards", "deltablue", "raytrace")),
    ("load_global", "LOAD_GLOBAL of module globals and builtins, guarded by dictionary key versions.",
     ("global_lookup", "richards", "nbody", "spectral_norm")),
    ("subscr", "BINARY_SUBSCR and STORE_SUBSCR on lists and tuples indexed by int, and dicts.",
     ("fannkuch", "nqueens", "spectral_norm", "hexiom", "go")),
    ("call", "CALL of Python functions (straight to _PyFunction_Vectorcall), builtins by calling "
     "convention (METH_O, FASTCALL, FASTCALL|KEYWORDS), len, isinstance, type(x), str(x), "
     "list.append, C method descriptors, bound methods (unpacked onto the stack), builtin classes "
     "by their vectorcall constructor, and Python classes (object.__new__ then the Python "
     "__init__, guarded by the class's type version).",
     ("calls", "richards", "deltablue", "raytrace", "chaos", "go")),
    ("for_iter", "FOR_ITER over ranges, lists and tuples (stepped in place), and over generators of "
     "fivefold code (resumed by fivefold's loop directly, not through gen_iternext and PEP 523).",
     ("loops", "generators", "nbody", "fannkuch", "spectral_norm")),
    ("unpack_sequence", "UNPACK_SEQUENCE of two-tuples, tuples and lists.",
     ("unpack_sequence", "nbody", "richards", "chaos")),
    ("superinstructions", "Quickening writes LOAD_FAST__LOAD_FAST, LOAD_FAST__LOAD_CONST, "
     "LOAD_CONST__LOAD_FAST, STORE_FAST__LOAD_FAST and STORE_FAST__STORE_FAST over pairs of "
     "instructions: one dispatch for two.", ("loops", "int_arithmetic", "float_arithmetic", "nbody",
                                            "spectral_norm", "fannkuch")),
]

QUICKENING = register(Change(
    id="s1.quickening", stage=1, merge_order=0,
    description="The adaptive loop: an adaptive counter in the first cache unit of every specializable "
                "instruction, warm-up, exponential back-off, re-specialization after repeated misses, "
                "and the specializer calls. On its own it specializes nothing (a cost, measured as such); "
                "every family below requires it and switches it on.",
    targets=(), test="tests/stage1/test_machinery.py"))

CHANGES = [QUICKENING] + [
    register(Change(id=f"s1.{name}", stage=1, description=description, targets=targets,
                    test=f"tests/stage1/test_{name}.py", merge_order=order, requires=(QUICKENING.id,)))
    for order, (name, description, targets) in enumerate(_CHANGES, start=1)
]
