"""CPython's Lib/test modules under fivefold, against CPython itself.

    python tests/conformance/conformance.py [--stages 0,1,2] [--modules a,b] [--jobs 2]
                                            [--out DIR] [--timeout S]

For each module of modules.toml (or --modules), driver.py runs it on this CPython
and under `fivefold run` at each stage, with the test module and the stdlib
modules listed beside it accelerated, and records each test's outcome. A test
that passes on CPython and not under fivefold is a failure unless modules.toml's
[expected] lists it (with its reason); a listed test that passes now is reported
as well, so the list shrinks. Prints a table of pass counts per module and exits
1 on any unexpected difference. Results (one JSON per module and engine) go to
--out (default: a temporary folder).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))
DRIVER = os.path.join(HERE, "driver.py")
MODULES_FILE = os.path.join(HERE, "modules.toml")
TIMEOUT = 600


def load_config(path: str = MODULES_FILE) -> dict:
    with open(path, "rb") as f:
        config = tomllib.load(f)
    for key in ("modules", "skip", "expected"):
        config.setdefault(key, {})
    for module, tests in config["expected"].items():
        if module not in config["modules"]:
            raise SystemExit(f"{path}: [expected] names {module}, which [modules] does not list")
        for test, reason in tests.items():
            if not isinstance(reason, str) or not reason.strip():
                raise SystemExit(f"{path}: expected failure {module}: {test} needs a reason")
    return config


def run_module(module: str, accelerate: list[str], engine: str, out_dir: str,
               timeout: float) -> dict:
    """engine: "cpython" or a stage number as a string."""
    out = os.path.join(out_dir, f"{module}-{engine}.json")
    name = f"test.{module}"
    env = dict(os.environ)
    env.pop("FIVEFOLD_WITHOUT", None)
    env.pop("FIVEFOLD_WITH", None)
    if engine == "cpython":
        cmd = [sys.executable, DRIVER, name, out]
    else:
        env["FIVEFOLD_STAGE"] = engine
        cmd = [sys.executable, "-m", "fivefold", "run", "--accelerate",
               ",".join([name, *accelerate]), DRIVER, name, out]
    # A folder per run: tests write files (TESTFN, 'tempcwd') into the current one,
    # and runs of one module on several engines go on side by side.
    cwd = os.path.join(out_dir, f"cwd-{module}-{engine}")
    os.makedirs(cwd, exist_ok=True)
    try:
        done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"module": name, "import_error": f"timed out after {timeout:.0f} s",
                "outcomes": {}, "details": {}}
    if not os.path.exists(out):
        return {"module": name, "import_error": f"exit {done.returncode}: {done.stderr[-3000:]}",
                "outcomes": {}, "details": {}}
    with open(out) as f:
        return json.load(f)


@dataclass
class Verdict:
    module: str
    engine: str
    cpython_passed: int = 0
    passed: int = 0
    expected: list[str] = field(default_factory=list)      # listed and failing
    unexpected: list[str] = field(default_factory=list)    # failing, not listed
    now_passing: list[str] = field(default_factory=list)   # listed, but passing
    error: str | None = None


def judge(module: str, engine: str, cpython: dict, ours: dict, expected: dict) -> Verdict:
    verdict = Verdict(module, engine)
    passing = {t for t, o in cpython["outcomes"].items() if o in ("pass", "xfail")}
    verdict.cpython_passed = len(passing)
    everything = expected.get("*")
    if ours["import_error"] and not cpython["import_error"]:
        verdict.error = ours["import_error"].strip().splitlines()[-1]
        (verdict.expected if everything else verdict.unexpected).append(f"{module}: {verdict.error}")
        return verdict
    for test in sorted(passing):
        outcome = ours["outcomes"].get(test, "missing")
        short = test.removeprefix(f"test.{module}.")
        listed = short in expected or everything
        if outcome in ("pass", "xfail"):
            verdict.passed += 1
            if short in expected:
                verdict.now_passing.append(short)
        elif listed:
            verdict.expected.append(short)
        else:
            detail = ours["details"].get(test, "").strip().splitlines()
            verdict.unexpected.append(f"{short}: {outcome}" + (f": {detail[-1]}" if detail else ""))
    return verdict


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stages", default=None,
                        help="comma-separated stages (default: every stage with code)")
    parser.add_argument("--modules", default=None, help="comma-separated test modules")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", default=None)
    parser.add_argument("--timeout", type=float, default=TIMEOUT)
    args = parser.parse_args(argv)
    config = load_config()
    if args.stages is None:
        from fivefold import changes

        changes.load_stages()
        stages = ["0", *map(str, changes.stages_with_changes())]
    else:
        stages = [s.strip() for s in args.stages.split(",") if s.strip()]
    modules = list(config["modules"]) if args.modules is None else \
        [m.strip() for m in args.modules.split(",") if m.strip()]
    for module in modules:
        if module not in config["modules"]:
            parser.error(f"{module} is not in {MODULES_FILE}")
    out_dir = args.out or tempfile.mkdtemp(prefix="fivefold-conformance-")
    os.makedirs(out_dir, exist_ok=True)
    jobs = [(m, e) for m in modules for e in ["cpython", *stages]]
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = dict(zip(jobs, pool.map(
            lambda job: run_module(job[0], config["modules"][job[0]], job[1], out_dir,
                                   args.timeout), jobs)))
    verdicts = [judge(m, e, results[(m, "cpython")], results[(m, e)], config["expected"].get(m, {}))
                for m in modules for e in stages]
    width = max(len(m) for m in modules)
    print(f"{'module':<{width}}  {'CPython':>7}  " + "  ".join(f"{'stage ' + s:>8}" for s in stages))
    for module in modules:
        row = [v for v in verdicts if v.module == module]
        cells = "  ".join(f"{v.passed:>8}" if not v.unexpected else f"{str(v.passed) + '!':>8}"
                          for v in row)
        print(f"{module:<{width}}  {row[0].cpython_passed:>7}  {cells}")
    total = {s: sum(v.passed for v in verdicts if v.engine == s) for s in stages}
    cpython_total = sum(v.cpython_passed for v in verdicts if v.engine == stages[0])
    print(f"{'total':<{width}}  {cpython_total:>7}  " + "  ".join(f"{total[s]:>8}" for s in stages))
    for module in config["skip"]:
        print(f"not run: {module}: {config['skip'][module]}")
    bad = 0
    for v in verdicts:
        for line in v.unexpected:
            print(f"UNEXPECTED stage {v.engine}: {v.module}: {line}")
            bad += 1
        for line in v.now_passing:
            print(f"NOW PASSING stage {v.engine}: {v.module}: {line} (remove it from [expected])")
            bad += 1
    print(f"results in {out_dir}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
