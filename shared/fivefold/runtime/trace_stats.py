"""The stage-3 trace counts `fivefold run --stats` prints (and `fivefold dis
--traces` after its traces): recordings, drops by reason, traces, entries,
exits, evictions, and one line per trace. Kept apart from trace_view.py, which
needs the disassembler, so that the run path's statistics import nothing of it.
"""

from __future__ import annotations

import os
import types


def source_line(code: types.CodeType, unit: int, cache: dict) -> int | None:
    positions = cache.get(code)
    if positions is None:
        positions = cache[code] = list(code.co_positions())
    return positions[unit][0] if 0 <= unit < len(positions) else None


def place(code: types.CodeType, line: int | None) -> str:
    name = os.path.basename(code.co_filename)
    return f"{name}:{line}" if line is not None else name


def print_stats(stats: dict, out) -> None:
    print(f"traces: {stats['traces']} recorded from {stats['recordings']} recordings "
          f"({stats['instructions']} instructions, {stats['uops']} micro-ops, "
          f"{stats['trace_bytes']} bytes); hot after {stats['threshold']} back edges, "
          f"at most {stats['max_length']} instructions and {stats['max_traces']} traces", file=out)
    print(f"  executor (s3.execute): traces entered {stats['entries']}x, left {stats['exits']}x "
          "where control went elsewhere than recorded (each at the micro-op shown)", file=out)
    for reason, count in sorted(stats["aborted"].items(), key=lambda kv: -kv[1]):
        print(f"  dropped: {reason}: {count}", file=out)
    if stats["blacklisted"]:
        print(f"  loops given up after repeated drops: {stats['blacklisted']}", file=out)
    if stats["evicted"]:
        print(f"  traces evicted (the store was full): {stats['evicted']}", file=out)


def print_summary(out) -> None:
    """`fivefold run --stats`: the recorder's and executor's counts, and one line per
    trace (where its loop is, its length, entries, and the exits taken, most first)."""
    from fivefold import _fivefold

    traces, stats = _fivefold.traces(), _fivefold.trace_stats()
    print_stats(stats, out)
    cache: dict = {}
    for t in traces:
        code = t["code"]
        exits = sorted(((u[5], u[1], 2 * u[4], u[3].co_qualname) for u in t["uops"] if u[5]),
                       reverse=True)
        where = ", ".join(f"{n}x at {name} (offset {off} in {q})" for n, name, off, q in exits[:3])
        side = f", side trace of trace {t['parent'][0]}" if t["parent"] is not None else ""
        print(f"    trace {t['id']}: {place(code, source_line(code, t['head'], cache))} in "
              f"{code.co_qualname}, {len(t['instructions'])} instructions, {len(t['uops'])} "
              f"micro-ops, {t['end']}{side}, entered {t['entries']}x"
              + (f"; left {where}" if where else ""), file=out)
