"""A mutation fuzzer for make_code and the bytecode cache (issue 16).

    python tests/vm/bytecode_fuzz.py [--mode make_code|cache] [-n N] [--seed S] PROGRAM...

make_code mode: each program is compiled, then N times a random unit's
bytecode gets a few random bytes (an opcode, an argument, an EXTENDED_ARG)
and is given to make_code. What it accepts runs in a forked child (a time
limit, output discarded): valid bytecode may compute something else, but must
never crash the VM. A child killed by a signal other than the time limit is a
crash: the mutation is printed and the exit status is 1.

cache mode: the program's cache file gets random bytes in its payload, or is
truncated, and the program is imported from it in a child process. Without a
matching payload hash the output must be the uncached one (the entry was
refused and the module recompiled); with the hash made to match (a hand-edited
file) the child must not die of a signal.

Prints one summary line: `mutations=N rejected=R ran=X timeouts=T crashes=C`.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import types

CRASH_SIGNALS = {signal.SIGSEGV, signal.SIGBUS, signal.SIGABRT, signal.SIGILL, signal.SIGFPE}
TIME_LIMIT = 2  # seconds a mutated program may run


def units_of(shadow, path=()):
    """(path, unit tuple) for every fivefold unit, outermost first; path is the
    chain of constant indexes from the module's unit."""
    from fivefold.runtime import bytecode_cache

    data = bytecode_cache.encode_unit(shadow)
    out = []
    stack = [(path, data)]
    while stack:
        where, unit = stack.pop()
        out.append((where, unit))
        for i in unit[5]:
            stack.append((where + (i,), unit[2][i]))
    return out


def replace_unit(data, where, new):
    if not where:
        return new
    consts = list(data[2])
    consts[where[0]] = replace_unit(consts[where[0]], where[1:], new)
    return data[:2] + (tuple(consts),) + data[3:]


def instruction_starts(code: bytes) -> list[int]:
    from fivefold.generated import opcodes as op

    starts, i = [], 0
    while i < len(code) // 2:
        starts.append(i)
        i += 1 + op.CACHE_SIZE[code[2 * i]]
    return starts


def mutate_bytecode(code: bytes, rng: random.Random) -> bytes:
    from fivefold.generated import opcodes as op

    units = bytearray(code)
    # Mostly instruction units: a changed inline cache is refused outright.
    starts = instruction_starts(code)
    for _ in range(rng.choice([1, 1, 2, 3])):
        i = rng.choice(starts) * 2 if rng.random() < 0.9 else rng.randrange(len(units) // 2) * 2
        kind = rng.random()
        if kind < 0.4:      # another (base) opcode, same argument
            units[i] = rng.randrange(256) if rng.random() < 0.2 else \
                rng.choice(sorted(op.opmap.values()))
        elif kind < 0.8:    # another argument: small or any byte
            units[i + 1] = rng.randrange(8) if rng.random() < 0.5 else rng.randrange(256)
        elif kind < 0.9:    # a prefix
            units[i] = op.opmap["EXTENDED_ARG"]
            units[i + 1] = rng.randrange(256)
        else:               # two units swapped
            j = rng.randrange(len(units) // 2) * 2
            units[i:i + 2], units[j:j + 2] = units[j:j + 2], units[i:i + 2]
    return bytes(units)


def run_forked(code) -> str:
    """'ok', 'error', 'timeout' or 'crash:SIGNAME' for running `code` in a child."""
    pid = os.fork()
    if pid == 0:
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            signal.alarm(TIME_LIMIT)
            exec(code, {"__name__": "__main__"})
        except BaseException:
            os._exit(1)
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        if sig == signal.SIGALRM:
            return "timeout"
        return f"crash:{signal.Signals(sig).name}"
    return "ok" if os.WEXITSTATUS(status) == 0 else "error"


def fuzz_make_code(programs, n, rng, log, trace=False) -> dict:
    from fivefold import _fivefold
    from fivefold.compiler import compile_source
    from fivefold.runtime import bytecode_cache

    counts = {"mutations": 0, "rejected": 0, "ran": 0, "timeouts": 0, "crashes": 0}
    modules = []
    for path in programs:
        with open(path, "rb") as f:
            source = f.read()
        try:
            code = compile_source(source, path)
        except (SyntaxError, ValueError):
            continue  # the corpus's programs that do not compile
        if bytecode_cache.is_shadow(code):
            modules.append((path, bytecode_cache.encode_unit(code)))
    for k in range(n):
        path, module = modules[k % len(modules)]
        units = units_of(bytecode_cache.decode_unit(module))
        where, unit = rng.choice(units)
        mutated = unit[:1] + (mutate_bytecode(unit[1], rng),) + unit[2:]
        counts["mutations"] += 1
        if trace:
            # What make_code is about to be given, should make_code itself crash.
            log(f"make_code {path} unit {where}: {mutated[1].hex()}")
        try:
            code = bytecode_cache.decode_unit(replace_unit(module, where, mutated))
        except (SystemError, ValueError, TypeError):
            counts["rejected"] += 1
            continue
        counts["ran"] += 1
        outcome = run_forked(code)
        if outcome == "timeout":
            counts["timeouts"] += 1
        elif outcome.startswith("crash"):
            counts["crashes"] += 1
            log(f"CRASH {outcome} {path} unit {where} {unit[0].co_qualname}: "
                f"{unit[1].hex()} -> {mutated[1].hex()}")
    return counts


def fuzz_cache(programs, n, rng, log, workdir) -> dict:
    """Mutate cache files on disk and import the module from them. Half the
    mutations are re-signed (the payload hash made to match: a valid header with
    mutated instructions, what a hand-edited file looks like): those must not
    crash, whatever make_code accepts. The others (disk corruption, truncation)
    must be refused by the header and the module recompiled: the uncached output."""
    import shutil

    from fivefold.runtime import bytecode_cache as bc

    counts = {"mutations": 0, "rejected": 0, "ran": 0, "timeouts": 0, "crashes": 0}
    env = dict(os.environ, FIVEFOLD_ACCELERATE="fuzzed")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    cases, failures = [], []
    for i, path in enumerate(programs):
        d = os.path.join(workdir, f"p{i}")
        os.makedirs(d, exist_ok=True)
        shutil.copy(path, os.path.join(d, "fuzzed.py"))
        run = _import_in_child(d, env)
        cached = bc.cache_path(os.path.join(d, "fuzzed.py"))
        if run.returncode != 0 or not os.path.exists(cached):
            failures.append(f"{path}: exit {run.returncode}, cached={os.path.exists(cached)}: "
                            f"{run.stderr[-500:]}")
            continue
        with open(cached, "rb") as f:
            cases.append((d, cached, f.read(), run.stdout))
    if not cases:
        raise SystemExit("no program could be imported through the cache:\n" + "\n".join(failures))
    for k in range(n):
        d, cached, original, expected = cases[k % len(cases)]
        header, payload = original[:bc._HEADER_SIZE], bytearray(original[bc._HEADER_SIZE:])
        resign = rng.random() < 0.5
        if rng.random() < 0.25:
            payload = payload[:rng.randrange(len(payload))]
        else:
            for _ in range(rng.choice([1, 2, 4])):
                payload[rng.randrange(len(payload))] = rng.randrange(256)
        if resign:
            header = header[:-bc._HASH_SIZE] + bc.payload_hash(bytes(payload))
        with open(cached, "wb") as f:
            f.write(header + payload)
        counts["mutations"] += 1
        try:
            run = _import_in_child(d, env)
        except subprocess.TimeoutExpired:
            counts["timeouts"] += 1
            continue
        if run.returncode < 0:
            counts["crashes"] += 1
            log(f"CRASH signal {-run.returncode} {d} (resigned={resign}): {run.stderr[-300:]}")
        elif not resign and run.stdout != expected:
            counts["crashes"] += 1
            log(f"DIFFERENT OUTPUT {d}: {run.stdout[-200:]!r} {run.stderr[-300:]}")
        elif run.stdout == expected:
            counts["ran"] += 1
        else:
            counts["rejected"] += 1   # a re-signed mutation make_code accepted: other output
    return counts


def _import_in_child(directory, env):
    return subprocess.run([sys.executable, "-m", "fivefold", "run", "-c",
                           "import fuzzed"], cwd=directory, env=env,
                          capture_output=True, text=True, timeout=30)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", choices=["make_code", "cache"], default="make_code")
    parser.add_argument("-n", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workdir", default=None)
    parser.add_argument("--trace", action="store_true", help="print each mutation first")
    parser.add_argument("programs", nargs="+")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)

    def log(text):
        print(text, flush=True)

    if args.mode == "make_code":
        counts = fuzz_make_code(args.programs, args.n, rng, log, args.trace)
    else:
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            counts = fuzz_cache(args.programs, args.n, rng, log, args.workdir or tmp)
    print(" ".join(f"{k}={v}" for k, v in counts.items()), flush=True)
    return 1 if counts["crashes"] else 0


if __name__ == "__main__":
    sys.exit(main())
