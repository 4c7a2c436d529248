"""`fivefold run --stats`: what the compiler, the bytecode cache and the engine did.

Printed after the program ends: code units compiled and fallbacks with their
reasons, bytecode cache hits and writes, with --accelerate or --no-accelerate
which modules ran on fivefold and which on CPython and why (module_report),
the engine changes switched on, and on
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
    print_module_report(out)
    try:
        from fivefold import _fivefold

        counts = _fivefold.opcode_stats() if _fivefold.stats_build() else None
        families = _fivefold.specialization_stats() if _fivefold.stats_build() else None
        changes = _fivefold.enabled_changes()
    except (ImportError, AttributeError):
        counts = families = None
        changes = []
    print(f"  engine changes on: {', '.join(changes) if changes else 'none (tier 0)'}", file=out)
    if "s3.record" in changes:
        from fivefold.runtime.trace_stats import print_summary

        print_summary(out)
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


def module_report() -> tuple[dict, dict] | None:
    """({module: how it runs on fivefold}, {reason: [modules on CPython]}) for the modules
    in sys.modules, or None when neither --accelerate nor --no-accelerate was given.
    Under --accelerate-all every module is listed; otherwise the ones the patterns
    name (the rest of the standard library and site-packages is CPython's by default)."""
    import sys

    hook = sys.modules.get("fivefold.runtime.import_hook")
    policy = None
    if hook is not None:
        finders = [f for f in sys.meta_path if isinstance(f, hook.FivefoldFinder)]
        policy = finders[0].policy if finders else None
    if policy is None or not (policy.patterns or policy.opt_out):
        return None
    on: dict[str, str] = {}
    off: dict[str, list[str]] = {}
    for name, module in sorted(sys.modules.items()):
        if name == "__main__" or module is None:
            continue
        if name in hook.REPORT:
            fivefold, why = hook.REPORT[name]
        elif not policy.all:
            continue
        else:
            fivefold, why = False, _unhooked(name, module, hook)
        if fivefold:
            on[name] = why
        elif policy.all or why != hook.NOT_NAMED:
            off.setdefault(why, []).append(name)
    return on, off


def _unhooked(name: str, module, hook) -> str:
    """Why a module the import hook never saw runs on CPython."""
    import sys

    never = hook._NEVER.get(name.partition(".")[0])
    if never is not None:
        return never
    real = getattr(module, "__name__", name)
    if real != name:
        return f"another name for module {real} (listed under that name)"
    if name in sys.builtin_module_names:
        return "built-in module (C, no Python code)"
    spec = getattr(module, "__spec__", None)
    loader = getattr(spec, "loader", None)
    kind = type(loader).__name__
    if spec is None:
        return "made at run time, not imported from a file (no __spec__)"
    if kind == "ExtensionFileLoader":
        return "extension module (C, no Python code)"
    if spec.origin is None or kind == "NamespaceLoader":
        return "namespace package (no code)"
    if kind == "FrozenImporter":
        return ("frozen into the interpreter and imported after the program started "
                "(FrozenImporter comes before the import hook)")
    if kind == "SourcelessFileLoader":
        return "no source (.pyc only)"
    if kind == "SourceFileLoader":
        return "imported before the program started, outside the import hook"
    return (f"loaded by another importer ({type(loader).__module__}.{type(loader).__qualname__}),"
            " which compiles its code itself with CPython's compile()")


# Tools that compile code themselves with CPython's compile(): what they compile runs on
# CPython whatever the import hook does (docs/real-programs.md).
COMPILING_TOOLS = {
    "cProfile": "cProfile.run/runctx and `-m cProfile PROGRAM` compile the program",
    "profile": "profile.run/runctx and `-m profile PROGRAM` compile the program",
    "trace": "`-m trace PROGRAM` and Trace.run compile the program",
    "doctest": "doctest compiles each example",
    "pdb": "pdb compiles the program and each command",
    "timeit": "timeit compiles its statements into a timer function",
    "_pytest.assertion.rewrite": "pytest's assertion rewriting compiles test modules and "
                                 "conftest.py (--assert=plain leaves them to the import hook)",
}


def print_module_report(out) -> None:
    report = module_report()
    if report is None:
        return
    on, off = report
    compiled = sum(1 for how in on.values() if how == "compiled on import")
    print(f"  modules on fivefold: {len(on)} ({compiled} compiled on import, "
          f"{len(on) - compiled} already imported, their functions given fivefold's code "
          f"in place); on CPython: {sum(map(len, off.values()))}", file=out)
    names = [name for name, how in on.items() if how == "compiled on import"]
    if names:
        print(f"    on fivefold, compiled on import: {', '.join(names)}", file=out)
    for name, how in on.items():
        if how != "compiled on import":
            print(f"    on fivefold, {name}: {how}", file=out)
    for why, names in sorted(off.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        print(f"    on CPython, {why}: {len(names)}: {', '.join(names)}", file=out)
    import sys

    main_spec = getattr(sys.modules.get("__main__"), "__spec__", None)
    loaded = set(sys.modules) | {getattr(main_spec, "name", None)}  # -m cProfile: __main__
    for name, what in COMPILING_TOOLS.items():
        if name in loaded:
            print(f"    on CPython, code compiled with compile() by {name}: {what}", file=out)
