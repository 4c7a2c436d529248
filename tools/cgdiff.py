"""Per-function self instructions of one loop, for two engines side by side.

    python tools/cgdiff.py A1 A2 B1 B2 [ROWS]

A1/A2 and B1/B2 are callgrind profiles (tools/cgprof) of engines A and B at two
loop counts; each function's count in the larger minus the smaller is its cost
per (L2 - L1) loops. Functions are named without their file (an inlined header's
lines count for the function they were inlined into); rows are sorted by how much
B differs from A. Hand-written rather than a library: callgrind_annotate already
does the parsing, this only subtracts.
"""

import re
import subprocess
import sys


def load(path: str) -> dict[str, int]:
    out = subprocess.run(["callgrind_annotate", "--threshold=100", "--inclusive=no", "--auto=no", path],
                         capture_output=True, text=True, check=True).stdout
    counts: dict[str, int] = {}
    for line in out.splitlines():
        match = re.match(r"\s*([\d,]+)\s+\([^)]*\)\s+(\S+)", line)
        if match and "PROGRAM TOTALS" not in line:
            name = match.group(2).rsplit(":", 1)[-1].split("'")[0]
            counts[name] = counts.get(name, 0) + int(match.group(1).replace(",", ""))
    return counts


def main(argv: list[str]) -> int:
    if len(argv) not in (4, 5):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    a1, a2, b1, b2 = (load(p) for p in argv[:4])
    rows = int(argv[4]) if len(argv) == 5 else 40
    names = set(a1) | set(a2) | set(b1) | set(b2)
    da = {k: a2.get(k, 0) - a1.get(k, 0) for k in names}
    db = {k: b2.get(k, 0) - b1.get(k, 0) for k in names}
    print(f"total A {sum(da.values()) / 1e6:.3f}M  B {sum(db.values()) / 1e6:.3f}M")
    for name in sorted(names, key=lambda k: -abs(db[k] - da[k]))[:rows]:
        print(f"{da[name]:12d} {db[name]:12d} {db[name] - da[name]:+12d}  {name[-90:]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
