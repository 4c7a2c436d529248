"""python3 tools/cases_generator [--check]: regenerate (or check) the generated files."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

if __package__ in (None, ""):
    # Run as `python3 tools/cases_generator`: make the folder importable as a package.
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    __package__ = "cases_generator"

from cases_generator import generate  # noqa: E402
from cases_generator.parsed import DSLError  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python3 tools/cases_generator",
                                 description="Generate opcode tables, micro-op ids, the change table and "
                                             "the interpreter cases from shared/vm/instructions.def and "
                                             "stage*/vm/*.def.")
    ap.add_argument("--check", action="store_true", help="only report stale files (exit 1 if any)")
    args = ap.parse_args(argv)
    try:
        if args.check:
            paths = generate.stale()
            for path in paths:
                print(f"stale: {path}")
            return 1 if paths else 0
        for path in generate.write():
            print(f"wrote {path}")
    except DSLError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
