"""The instruction generator, a build tool (not installed): reads
shared/vm/instructions.def and stage*/vm/*.def (a small DSL of C bodies with
declared stack effects, modelled on CPython's Tools/cases_generator and
bytecodes.c) and writes the opcode numbering, the compiler's opcode table, the
micro-op ids, the change table and the interpreter's cases, so that every
instruction and every change is defined in exactly one place.

    python3 tools/cases_generator            regenerate the files
    python3 tools/cases_generator --check    fail if a generated file is stale
"""
