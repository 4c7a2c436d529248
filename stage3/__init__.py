"""fivefold.stage3: a tracer with a micro-op optimizer.

Each change is a stage3/vm/<name>.def (its change(s3.<name>) declaration) and
the C file(s) it names, tested by tests/stage3/test_<name>.py; switch one off
with FIVEFOLD_WITHOUT=<id>, on with FIVEFOLD_WITH=<id>. stage3/README.md lists
them with measured costs and gains. The increments come in the order
docs/engine.md section 9 gives: hot loops recorded (s3.record), the traces run
by the micro-op executor (s3.execute), then the optimizer's passes
(s3.guard_types first). All are off by default while the executor is slower
than stage 2.
"""

from fivefold.changes import Change, register

RECORD = register(Change(
    id="s3.record", stage=3, merge_order=0,
    description="Stage 3's loop (stage 2's with back edges counted) records hot loops: a loop "
                "head reached by FIVEFOLD_HOT_LOOP back edges (64) has its next iteration "
                "recorded through the dispatch's tracing test, each instruction as it runs "
                "(specialized), through calls and generators resumed in the loop, into a trace "
                "of micro-ops that ends back at the head, at another trace's head, or is "
                "dropped with a reason. Alone it runs no trace (s3.execute does): a cost, off by "
                "default, shown by `fivefold dis --traces`.",
    targets=(), test="tests/stage3/test_record.py",
    on_by_default=False,
    requires=("s2.frames_loop",)))

EXECUTE = register(Change(
    id="s3.execute", stage=3, merge_order=1,
    description="The traces s3.record made run: a back edge that reaches a traced loop's head "
                "enters the trace executor, a micro-op interpreter in stage 3's loop whose cases "
                "are generated from the same definitions as the loops', which runs the trace's "
                "micro-ops until control goes elsewhere than the recording went, and leaves to "
                "the loop there with the stack and frames as they are (frames stay real, values "
                "stay on the stack: leaving is exact). No optimizer pass yet: the executor the "
                "passes are measured against; off by default.",
    targets=("loops", "nbody", "float", "spectral_norm", "richards", "raytrace", "chaos", "go"),
    test="tests/stage3/test_execute.py",
    on_by_default=False,
    requires=(RECORD.id,)))

GUARD_TYPES = register(Change(
    id="s3.guard_types", stage=3, merge_order=2,
    description="The optimizer's first pass: exact types are propagated along each trace when "
                "it is made (constants, locals stored with a known type, the results of the int, "
                "float and str members, a range's items; nothing assumed at the trace's start), "
                "and an int, float or str member's guard whose two values are already proved is "
                "left out of the trace.",
    targets=("nbody", "float", "spectral_norm", "loops", "int_arithmetic", "float_arithmetic"),
    test="tests/stage3/test_guard_types.py",
    on_by_default=False,
    requires=(EXECUTE.id,)))

CHANGES = [RECORD, EXECUTE, GUARD_TYPES]
