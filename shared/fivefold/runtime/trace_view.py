"""`fivefold dis --traces PROGRAM`: run a program with stage 3's recorder on
(s3.record), then print every trace it recorded: its instructions as they ran,
with the source lines they came from, each followed by its micro-ops, and the
recorder's counts.

A trace's instructions are indented by the depth of the call they ran in (the
loop's frame is depth 0; a function it called, inlined, depth 1). The micro-ops
are printed after the optimizer's passes, a micro-op a pass removed marked
-NAME (docs/engine.md, sections 9 to 9c).
"""

from __future__ import annotations

import linecache
import os
import sys

from fivefold.runtime.trace_stats import place, print_stats, source_line

RECORD = "s3.record"


def select_recorder(hot_loop: int | None = None) -> str | None:
    """Switch s3.record on for the engine about to be imported (the change selection
    is read once, when fivefold._fivefold loads). An error message, or None."""
    if "fivefold._fivefold" in sys.modules:
        from fivefold import _fivefold

        if RECORD in _fivefold.enabled_changes():
            return None
        return (f"the engine is already loaded without {RECORD}; "
                f"run with FIVEFOLD_WITH={RECORD}")
    wanted = [i for i in os.environ.get("FIVEFOLD_WITH", "").split(",") if i.strip()]
    if RECORD not in wanted:
        os.environ["FIVEFOLD_WITH"] = ",".join([*wanted, RECORD])
    without = [i for i in os.environ.get("FIVEFOLD_WITHOUT", "").split(",") if i.strip()]
    if RECORD in without:
        os.environ["FIVEFOLD_WITHOUT"] = ",".join(i for i in without if i != RECORD)
    if hot_loop is not None:
        os.environ["FIVEFOLD_HOT_LOOP"] = str(hot_loop)
    return None


def print_trace(trace: dict, out) -> None:
    from fivefold import _fivefold
    from fivefold.generated import opcodes
    from fivefold.runtime.disassembler import argrepr

    cache: dict = {}
    root = trace["code"]
    head_line = source_line(root, trace["head"], cache)
    end = ("closed: back at its head" if trace["end"] == "closed"
           else f"linked: ends at the head of trace {trace['link']}")
    if trace["parent"] is not None:
        parent, uop = trace["parent"]
        end = f"side trace of trace {parent} (where it was left at micro-op {uop}), {end}"
    instrs, uops = trace["instructions"], trace["uops"]
    print(f"trace {trace['id']}: loop at {place(root, head_line)} in {root.co_qualname} "
          f"(offset {2 * trace['head']}), {end}", file=out)
    frames = sorted({c.co_qualname for _, c, *_ in instrs})
    print(f"  {len(instrs)} instructions, {len(uops)} micro-ops; frames: {', '.join(frames)}; "
          f"entered {trace['entries']}x", file=out)
    removed = trace["removed"]
    print("  micro-ops after the optimizer's passes"
          + (f" ({removed} removed: shown as -NAME)" if removed else " (none removed)"), file=out)
    # The micro-ops come in the instructions' order, each naming its instruction's unit.
    pending = list(reversed(uops))
    last = None
    for index, (depth, code, unit, name, oparg, jumped, recorded) in enumerate(instrs):
        if index == trace.get("peeled"):
            print("  --- the loop: the iteration again, optimized knowing the first "
                  "(peeled) one ran ---", file=out)
            last = None
        pad = "  " + "  | " * depth
        line = source_line(code, unit, cache)
        if (code, line) != last:
            source = linecache.getline(code.co_filename, line).strip() if line else ""
            print(f"{pad}{place(code, line)}  {source}".rstrip(), file=out)
            last = (code, line)
        size = 1 + opcodes.CACHE_SIZE.get(opcodes.opmap.get(name, -1), 0)   # with its caches
        try:
            rep = argrepr(name, oparg, 2 * unit, size, _fivefold.code_of(code), code)
        except Exception:   # a name the disassembler cannot explain: the number stands
            rep = ""
        text = f"{pad}  {2 * unit:>6} {name:<32} {oparg:<6}{f' ({rep})' if rep else ''}"
        print(text.rstrip() + ("   [branch taken]" if jumped else ""), file=out)
        kept = []
        while pending and pending[-1][0] == depth and pending[-1][3] is code \
                and pending[-1][4] == unit:
            _, uop, _, _, _, exits = pending.pop()
            kept.append((uop, exits))
        ops = []
        for uop in recorded:   # as recorded; one a pass removed is marked
            if kept and kept[0][0] == uop:
                _, exits = kept.pop(0)
                ops.append(f"{uop} (left {exits}x)" if exits else uop)
            else:
                ops.append(f"-{uop}")
        print(f"{pad}           {' '.join(ops)}", file=out)
    print(file=out)


def print_traces(out) -> None:
    from fivefold import _fivefold

    for trace in _fivefold.traces():
        print_trace(trace, out)
    print_stats(_fivefold.trace_stats(), out)


def trace_file(path: str, out, args: list[str] = ()) -> int:
    """Run the file as the program (with `args`; the recorder switched on by
    select_recorder first), then print the traces it recorded. The program's exit
    status."""
    from fivefold import compiler
    from fivefold.runtime.disassembler import run_as_program

    with open(path, "rb") as f:
        source = f.read()
    code = compiler.compile_source(source, path)
    status = run_as_program(code, path, list(args))
    sys.stdout.flush()
    print_traces(out)
    return status
