#!/usr/bin/env python3
"""Compile speed of fivefold's compiler against CPython's compile() (issue 15 item 2).

    python tools/compile_bench.py [--package sqlglot] [--repeat 3] [--profile OUT] [--only stdlib|package]

compiles a fixed list of stdlib modules (about 50 files) and, with --package, every .py
file of an installed package (the issue's numbers use sqlglot==25.34.0:
`pip install sqlglot==25.34.0`), in this process, without any bytecode cache, with
`fivefold.compiler.compile_source` and with `compile()`, and prints seconds (best of
--repeat), lines per second and the ratio. Reading and decoding the files is not timed;
CPython's syntax check that compile_source runs first is (it is part of compiling).
--profile writes a cProfile of one fivefold pass to OUT and prints its top entries.
CPU time of this process (time.process_time), so other load on the machine matters less; run it on a quiet machine and compare numbers from the same run.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import sysconfig
import time

STDLIB = """
typing.py argparse.py inspect.py dataclasses.py enum.py functools.py collections/__init__.py
re/_parser.py re/_compiler.py pathlib.py subprocess.py threading.py logging/__init__.py
tokenize.py ast.py dis.py pickle.py textwrap.py string.py datetime.py decimal.py
fractions.py statistics.py shutil.py tempfile.py zipfile.py tarfile.py configparser.py
difflib.py pprint.py traceback.py unittest/case.py unittest/mock.py
json/__init__.py json/decoder.py json/encoder.py json/scanner.py json/tool.py
email/message.py email/_header_value_parser.py email/feedparser.py email/utils.py
email/headerregistry.py email/_policybase.py email/generator.py
asyncio/base_events.py asyncio/tasks.py asyncio/streams.py asyncio/events.py
asyncio/futures.py asyncio/locks.py asyncio/queues.py asyncio/selector_events.py
""".split()


def stdlib_files() -> list[str]:
    root = sysconfig.get_paths()["stdlib"]
    return [os.path.join(root, name) for name in STDLIB]


def package_files(name: str) -> list[str]:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(f"compile_bench: package {name!r} is not installed")
    files = []
    for base in spec.submodule_search_locations:
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames.sort()
            files += [os.path.join(dirpath, f) for f in sorted(filenames) if f.endswith(".py")]
    return files


def read(files: list[str]) -> list[tuple[str, bytes]]:
    out = []
    for path in files:
        with open(path, "rb") as f:
            out.append((path, f.read()))
    return out


def time_pass(sources, compile_one, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        for path, src in sources:
            compile_one(src, path)
        best = min(best, time.process_time() - t0)
    return best


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--package", help="an installed package whose sources are compiled too")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--profile", metavar="OUT", help="cProfile one fivefold pass into OUT")
    ap.add_argument("--only", choices=("stdlib", "package"))
    args = ap.parse_args(argv)

    from fivefold.compiler import compile_source

    sets = []
    if args.only != "package":
        sets.append(("stdlib", read(stdlib_files())))
    if args.package and args.only != "stdlib":
        sets.append((args.package, read(package_files(args.package))))

    def fivefold_one(src, path):
        compile_source(src, path)

    def cpython_one(src, path):
        compile(src, path, "exec", dont_inherit=True)

    if args.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.enable()
        for _, sources in sets:
            for path, src in sources:
                compile_source(src, path)
        prof.disable()
        prof.dump_stats(args.profile)
        pstats.Stats(args.profile).sort_stats("tottime").print_stats(40)
        return 0

    print(f"{'set':10} {'files':>5} {'lines':>7} {'fivefold s':>10} {'lines/s':>8} "
          f"{'cpython s':>9} {'lines/s':>8} {'ratio':>6}")
    for label, sources in sets:
        lines = sum(src.count(b"\n") for _, src in sources)
        ff = time_pass(sources, fivefold_one, args.repeat)
        cp = time_pass(sources, cpython_one, args.repeat)
        print(f"{label:10} {len(sources):5d} {lines:7d} {ff:10.3f} {lines / ff:8.0f} "
              f"{cp:9.3f} {lines / cp:8.0f} {ff / cp:6.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
