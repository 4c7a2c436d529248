"""The instruction generator: reads shared/vm/instructions.def (a small DSL of C
bodies with declared stack effects, modelled on CPython's bytecodes.c) and
writes the opcode numbering, the compiler's opcode table and the interpreter's
switch cases, so that every instruction is defined in exactly one place.

    python3 -m fivefold.codegen            regenerate the files
    python3 -m fivefold.codegen --check    fail if a generated file is stale
"""
