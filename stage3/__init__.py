"""fivefold.stage3: a tracer with a micro-op optimizer.

Each change is a stage3/vm/<name>.def (its change(s3.<name>) declaration) and
the C file(s) it names, tested by tests/stage3/test_<name>.py; switch one off
with FIVEFOLD_WITHOUT=<id>, on with FIVEFOLD_WITH=<id>. stage3/README.md lists
them with measured costs and gains. The increments come in the order
docs/engine.md section 9 gives: hot loops recorded (s3.record: traces made and
shown, none run, so off by default), then the micro-op executor, then the
optimizer's passes.
"""

from fivefold.changes import Change, register

RECORD = register(Change(
    id="s3.record", stage=3, merge_order=0,
    description="Stage 3's loop (stage 2's with back edges counted) records hot loops: a loop "
                "head reached by FIVEFOLD_HOT_LOOP back edges (64) has its next iteration "
                "recorded through the dispatch's tracing test, each instruction as it runs "
                "(specialized), through calls and generators resumed in the loop, into a trace "
                "of micro-ops that ends back at the head, at another trace's head, or is "
                "dropped with a reason. No trace runs yet: a cost, off by default, shown by "
                "`fivefold dis --traces`.",
    targets=(), test="tests/stage3/test_record.py",
    on_by_default=False,
    requires=("s2.frames_loop",)))

CHANGES = [RECORD]
