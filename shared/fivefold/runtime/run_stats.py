"""`fivefold run --stats`: what the compiler, the bytecode cache and the engine did.

Printed after the program ends: code units compiled and fallbacks with their
reasons, bytecode cache hits and writes, the engine changes switched on, and on
a statistics build (meson option -Dstats=true) the instructions executed and
stage 1's specialization counts per family.
"""

from __future__ import annotations


def print_stats(out) -> None:
    """Functions compiled, fallbacks with their reasons, and opcode counts if built in."""
    from fivefold import compiler
    from fivefold.runtime import bytecode_cache

    stats = compiler.STATS
    cache = bytecode_cache.STATS
    print(f"fivefold: {stats.units_compiled} code units compiled, "
          f"{len(stats.fallbacks)} fell back to CPython", file=out)
    print(f"  bytecode cache: {cache.units_loaded} code units loaded from {cache.hits} "
          f"modules; {cache.misses} modules compiled, {cache.writes} written", file=out)
    for reason, count in sorted(stats.reasons().items()):
        print(f"  fallback: {reason}: {count}", file=out)
    for record in stats.fallbacks:
        print(f"    {record.filename}:{record.lineno} {record.qualname} ({record.reason})",
              file=out)
    try:
        from fivefold import _fivefold

        counts = _fivefold.opcode_stats() if _fivefold.stats_build() else None
        families = _fivefold.specialization_stats() if _fivefold.stats_build() else None
        changes = _fivefold.enabled_changes()
    except (ImportError, AttributeError):
        counts = families = None
        changes = []
    print(f"  engine changes on: {', '.join(changes) if changes else 'none (tier 0)'}", file=out)
    if counts:
        print("  instructions executed:", file=out)
        for name, count in sorted(counts.items(), key=lambda kv: -kv[1]):
            if count:
                print(f"    {name:<34} {count}", file=out)
    if families:
        print_specialization_stats(families, out)
    elif counts is None:
        print("  (per-opcode and specialization counts need a statistics build: "
              "meson option -Dstats=true)", file=out)


def print_specialization_stats(families: dict, out) -> None:
    """Stage 1, per family: runs of specialized instructions, guard misses,
    re-specializations, specializer successes and failures with their reasons."""
    print("  specialization (stage 1), per family:", file=out)
    print(f"    {'family':<28} {'specialized runs':>16} {'hit %':>6} {'misses':>10} "
          f"{'deopts':>8} {'successes':>9} {'failures':>8}", file=out)
    for family, s in sorted(families.items()):
        runs = s["specialized_runs"]
        if not (runs or s["successes"] or s["failures"]):
            continue
        hit = 100.0 * (runs - s["misses"]) / runs if runs else 0.0
        print(f"    {family:<28} {runs:>16} {hit:>6.1f} {s['misses']:>10} {s['deopts']:>8} "
              f"{s['successes']:>9} {s['failures']:>8}", file=out)
        for kind, count in sorted(s["failure_kinds"].items(), key=lambda kv: -kv[1]):
            print(f"      failure: {kind}: {count}", file=out)
